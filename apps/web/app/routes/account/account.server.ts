import type { User } from "@eventwerk/contract";
import { type RouterContextProvider, redirect } from "react-router";
import { type Notice, notices } from "../../components/account/section";
import { requestState } from "../../context";
import { pathTo } from "../../route-table";

/** The signed-in visitor; the account area's `signedIn` middleware lets nobody else through. */
export function signedInUser(context: Readonly<RouterContextProvider>): User {
  const { user, locale } = context.get(requestState);
  if (!user) throw redirect(pathTo("login", locale));
  return user;
}

/** After a successful post: to the notice's screen with the notice (post, redirect, get). */
export function redirectWithNotice(
  context: Readonly<RouterContextProvider>,
  notice: Notice,
): never {
  const { locale } = context.get(requestState);
  throw redirect(`${pathTo(notices[notice].screen, locale)}?notice=${notice}`);
}

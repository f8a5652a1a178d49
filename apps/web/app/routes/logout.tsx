import { redirect } from "react-router";
import { apiFor } from "../api.server";
import { requestState } from "../context";
import { pathTo } from "../route-table";
import { logoutCookies } from "../session/cookies.server";
import type { Route } from "./+types/logout";

/** Logout: revokes the session on the API, clears all three cookies, goes home. */
export async function action({ context }: Route.ActionArgs) {
  const state = context.get(requestState);
  if (state.token) {
    // The cookies go either way; a failed revoke must not keep the visitor logged in here.
    await (await apiFor(context)).logout().catch(() => undefined);
  }
  state.setCookies = logoutCookies();
  throw redirect(pathTo("home", state.locale));
}

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(pathTo("home", context.get(requestState).locale));
}

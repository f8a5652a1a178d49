import { data, type RouterContextProvider, redirect } from "react-router";
import { apiFor } from "../../api.server";
import { requestState } from "../../context";
import { confirmed, formFailure, textValues } from "../../lib/forms";
import { pathTo } from "../../route-table";
import { logoutCookies } from "../../session/cookies.server";

export const deletionFields = ["confirm", "password"] as const;

/**
 * Deletes the account when the visitor confirmed and the API accepts the password; then the
 * visitor is logged out and sent home. A refusal keeps the account and names the field.
 */
export async function deleteAccount(context: Readonly<RouterContextProvider>, form: FormData) {
  const state = context.get(requestState);
  const values = textValues(form, deletionFields);
  const refused = (
    fields: Partial<Record<(typeof deletionFields)[number], string>>,
    message: string | null,
  ) =>
    data(
      { ok: false as const, message, fields, values: { confirm: "", password: "" } },
      { status: 400 },
    );
  if (!confirmed(form)) return refused({ confirm: "confirm" }, null);
  try {
    await (await apiFor(context)).deleteAccount(values.password);
  } catch (error) {
    const failure = formFailure(error, deletionFields, {});
    return refused(failure.fields, failure.message);
  }
  state.setCookies = logoutCookies();
  throw redirect(pathTo("home", state.locale));
}

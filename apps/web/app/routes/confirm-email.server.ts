import { ApiError } from "@eventwerk/contract";
import { data, type RouterContextProvider } from "react-router";
import { apiFor, bareClient } from "../api.server";
import { requestState } from "../context";
import { loginAndBack } from "../middleware.server";

export type ConfirmResult =
  | { ok: true; purpose: "verify" | "change"; message: string }
  | { ok: false; message: string };

/**
 * Follows an emailed address link with the visitor's login when there is one (an email change's
 * link needs its own user). A change link opened signed out goes to the login, which comes back
 * to this page. A used, expired or unknown link answers with the API's message.
 */
export async function confirmEmail(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  pageUrl: URL,
) {
  const state = context.get(requestState);
  const token = form.get("token");
  const api = state.token ? await apiFor(context) : bareClient(state.locale, state.forwardedFor);
  try {
    const { data: done } = await api.confirmEmail(typeof token === "string" ? token : "");
    return data<ConfirmResult>({ ok: true, purpose: done.purpose, message: done.message });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (error.status === 401) throw loginAndBack(state.locale, pageUrl);
    return data<ConfirmResult>({ ok: false, message: error.message }, { status: 400 });
  }
}

import { ApiError } from "@eventwerk/contract";
import { data, type RouterContextProvider } from "react-router";
import { bareClient } from "../api.server";
import { requestState } from "../context";
import { type FormFailure, formFailure, textValues } from "../lib/forms";
import { deviceCookie, sentDeviceToken } from "../session/cookies.server";

const fieldNames = ["intent", "email", "token", "password"] as const;
type Field = (typeof fieldNames)[number];

/** Why a reset link does not work, from the API's error code; null for any other error. */
export type LinkProblem = "used" | "expired" | "invalid";
function linkProblemOf(error: unknown): LinkProblem | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case "reset_token_used":
      return "used";
    case "reset_token_expired":
      return "expired";
    // A token the API does not know, or one that is not even shaped like a token.
    case "invalid_reset_token":
    case "validation_failed":
      return "invalid";
    default:
      return null;
  }
}

export type ResetResult =
  | { ok: true; intent: "request" | "reset"; message: string }
  | (FormFailure<Field> & { intent: "request" | "reset"; linkProblem: LinkProblem | null });

/**
 * Opened from an emailed link (`?token=`), the page first asks the API whether the link still
 * works, without using it: a used, expired or unknown link says which, and offers a new one
 * instead of the password form. When the check itself fails (rate limit, API away), the form
 * shows and the reset answers for the link.
 */
export async function checkResetLink(
  context: Readonly<RouterContextProvider>,
  token: string | null,
): Promise<{ linkProblem: LinkProblem | null }> {
  const { locale, forwardedFor } = context.get(requestState);
  if (token === null) return { linkProblem: null };
  try {
    await bareClient(locale, forwardedFor).checkResetToken(token);
    return { linkProblem: null };
  } catch (error) {
    return { linkProblem: linkProblemOf(error) };
  }
}

/**
 * Two steps on one page: ask for a link by email (the same answer whether the address is known),
 * then, from the link's `?token=`, set a new password (single use; a used or expired link says so).
 */
export async function resetPassword(request: Request, context: Readonly<RouterContextProvider>) {
  const state = context.get(requestState);
  const { locale, forwardedFor } = state;
  const form = await request.formData();
  const values = textValues(form, fieldNames);
  const intent = values.intent === "reset" ? "reset" : "request";
  const api = bareClient(locale, forwardedFor);
  try {
    if (intent === "request") {
      const response = await api.forgotPassword(values.email);
      return data<ResetResult>({ ok: true, intent, message: response.data.message });
    }
    const response = await api.resetPassword(
      values.token,
      values.password,
      sentDeviceToken(request),
    );
    // The browser that set the password is one the account knows from now on.
    state.setCookies.push(deviceCookie(response.data.device_token));
    return data<ResetResult>({ ok: true, intent, message: response.data.message });
  } catch (error) {
    const failure = formFailure(error, fieldNames, { ...values, password: "" });
    // A used, expired or mangled link is the token field's error; a weak password is not.
    const linkProblem =
      intent === "reset" && failure.fields.token !== undefined
        ? (linkProblemOf(error) ?? "invalid")
        : null;
    return data<ResetResult>({ ...failure, intent, linkProblem }, { status: 400 });
  }
}

import { ApiError } from "@eventwerk/contract";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { bareClient } from "../api.server";
import { config } from "../config.server";
import { requestState } from "../context";
import { pathTo } from "../route-table";
import { loginCookies } from "../session/cookies.server";
import { safeReturnPath } from "../session/return-path";

const loginForm = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  redirect: z.string().optional(),
});

/**
 * Exchanges email and password for tokens (password grant), sets the session cookies and
 * redirects to where the visitor came from; a refusal answers with the API's message.
 */
export async function signIn(context: Readonly<RouterContextProvider>, formData: FormData) {
  const state = context.get(requestState);
  const form = loginForm.safeParse(Object.fromEntries(formData));
  if (!form.success)
    return data({ error: "missing" as const, message: null, email: "" }, { status: 400 });
  const { email, password } = form.data;
  try {
    const tokens = await bareClient(state.locale, state.forwardedFor).token({
      grant_type: "password",
      username: email,
      password,
      client_id: config.OAUTH_CLIENT_ID,
      client_secret: config.OAUTH_CLIENT_SECRET,
    });
    state.setCookies.push(...loginCookies(tokens));
    throw redirect(safeReturnPath(form.data.redirect, pathTo("home", state.locale)));
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // The API's message is already in the visitor's language.
      return data(
        { error: "credentials" as const, message: error.message, email },
        { status: error.status },
      );
    }
    throw error;
  }
}

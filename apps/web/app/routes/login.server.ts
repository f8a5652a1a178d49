import { ApiError, type TokenResponse } from "@eventwerk/contract";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { bareClient } from "../api.server";
import { config } from "../config.server";
import { type RequestState, requestState } from "../context";
import { pathTo } from "../route-table";
import { loginCookies, sentDeviceToken } from "../session/cookies.server";
import { safeReturnPath } from "../session/return-path";

const loginForm = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  redirect: z.string().optional(),
});

/**
 * The password grant with this browser's device token, so that it still signs in while wrong
 * passwords from elsewhere make the account back off; sets the session and device cookies.
 */
export async function passwordSignIn(
  request: Request,
  state: RequestState,
  username: string,
  password: string,
): Promise<TokenResponse> {
  const device = sentDeviceToken(request);
  const tokens = await bareClient(state.locale, state.forwardedFor).token({
    grant_type: "password",
    username,
    password,
    ...(device ? { device_token: device } : {}),
    client_id: config.OAUTH_CLIENT_ID,
    client_secret: config.OAUTH_CLIENT_SECRET,
  });
  state.setCookies.push(...loginCookies(tokens));
  return tokens;
}

/**
 * Exchanges email and password for tokens (password grant), sets the session cookies and
 * redirects to where the visitor came from; a refusal answers with the API's message.
 */
export async function signIn(request: Request, context: Readonly<RouterContextProvider>) {
  const state = context.get(requestState);
  const form = loginForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success)
    return data({ error: "missing" as const, message: null, email: "" }, { status: 400 });
  const { email, password } = form.data;
  try {
    await passwordSignIn(request, state, email, password);
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

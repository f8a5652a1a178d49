import { ApiError, createApiClient, type Locale, type User } from "@eventwerk/contract";
import { bareClient } from "../api.server";
import { config } from "../config.server";
import { cookieNames, loginCookies, logoutCookies } from "./cookies.server";
import { decodeToken } from "./token";

export type ResolvedSession = { token: string | null; user: User | null; setCookies: string[] };

async function refresh(
  refreshToken: string | undefined,
  locale: Locale,
  forwardedFor: string | null,
) {
  if (!refreshToken) return null;
  try {
    return await bareClient(locale, forwardedFor).token({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: config.OAUTH_CLIENT_ID,
      client_secret: config.OAUTH_CLIENT_SECRET,
    });
  } catch {
    return null;
  }
}

/**
 * SPEC.md section 4 on the server: no token cookie means logged out; a login token that has
 * expired is renewed with the refresh token, else the visitor is logged out; a 500 while
 * loading the user clears the login state.
 */
export async function resolveSession(
  cookies: Map<string, string>,
  locale: Locale,
  forwardedFor: string | null = null,
): Promise<ResolvedSession> {
  let token = cookies.get(cookieNames.token) ?? null;
  const decoded = decodeToken(token);
  const setCookies: string[] = [];
  const loggedOut = (): ResolvedSession => ({
    token: null,
    user: null,
    setCookies:
      cookies.has(cookieNames.token) || cookies.has(cookieNames.isLogin) ? logoutCookies() : [],
  });

  // A client token, an expired login token or none: only the refresh token can log the visitor in.
  if (decoded?.kind !== "login" || decoded.expired) {
    const renewed = await refresh(cookies.get(cookieNames.refreshToken), locale, forwardedFor);
    if (!renewed) return loggedOut();
    token = renewed.access_token;
    setCookies.push(...loginCookies(renewed));
  }

  try {
    const client = createApiClient({
      baseUrl: config.API_BASE_URL,
      token,
      locale,
      forwardedFor,
      timeoutMs: 10_000,
    });
    const { data: user } = await client.getUser();
    return { token, user, setCookies };
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.status === 401 || error.status === 403 || error.status >= 500)
    ) {
      return loggedOut();
    }
    throw error;
  }
}

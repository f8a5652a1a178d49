import { ApiError, type Locale, type TokenResponse, type User } from "@eventwerk/contract";
import { bareClient, serverClient } from "../api.server";
import { config } from "../config.server";
import { cookieNames, loginCookies, logoutCookies } from "./cookies.server";
import { decodeToken } from "./token";

export type ResolvedSession = { token: string | null; user: User | null; setCookies: string[] };

/** A renewal's outcome: new tokens, the API's word that the session is over, or no answer. */
type Renewal = { tokens: TokenResponse } | "ended" | "failed";

/**
 * How long a renewal's tokens are handed to other requests that still carry the old refresh
 * token (a prefetch and a click, two tabs: they left the browser before its new cookies
 * arrived). Renewing again would present a used refresh token, which the API takes for a replay
 * and ends the session. Keyed by the refresh token itself: only its holder gets the successor.
 */
const renewalGraceMs = 10_000;
const renewals = new Map<string, Promise<Renewal>>();

async function renew(refreshToken: string, locale: Locale, forwardedFor: string | null) {
  try {
    const tokens = await bareClient(locale, forwardedFor).token({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: config.OAUTH_CLIENT_ID,
      client_secret: config.OAUTH_CLIENT_SECRET,
    });
    return { tokens };
  } catch (error) {
    // Only the API's invalid_grant ends the session; a limit, an outage or a timeout leave it
    // for the next request to renew.
    return error instanceof ApiError && error.code === "invalid_grant" ? "ended" : "failed";
  }
}

/** One renewal per refresh token at a time, its tokens shared for the grace period. */
function refresh(
  refreshToken: string | undefined,
  locale: Locale,
  forwardedFor: string | null,
): Promise<Renewal> {
  if (!refreshToken) return Promise.resolve("ended");
  let renewal = renewals.get(refreshToken);
  if (!renewal) {
    renewal = renew(refreshToken, locale, forwardedFor);
    renewals.set(refreshToken, renewal);
    void renewal.then((outcome) => {
      if (outcome === "ended" || outcome === "failed") renewals.delete(refreshToken);
      else setTimeout(() => renewals.delete(refreshToken), renewalGraceMs).unref();
    });
  }
  return renewal;
}

/**
 * The login state on the server: no token cookie means logged out; a login token that has
 * expired is renewed with the refresh token, and the visitor is logged out when the API turns
 * that down; a 500 while loading the user clears the login state.
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
    if (renewed === "ended") return loggedOut();
    // Logged out for this request only: the cookies stay for the next one to renew.
    if (renewed === "failed") return { token: null, user: null, setCookies: [] };
    token = renewed.tokens.access_token;
    setCookies.push(...loginCookies(renewed.tokens));
  }

  try {
    const client = serverClient({ token, locale, forwardedFor });
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

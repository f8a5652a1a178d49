import { type ApiClient, ApiError, type Locale } from "@eventwerk/contract";
import type { RouterContextProvider } from "react-router";
import { serverClient } from "../../api.server";
import { requestState } from "../../context";
import { hostOnly, readCookies, serializeCookie, shapedCookie } from "../../session/cookies.server";

/** The door link's secret, kept in an httpOnly cookie once its link was opened. */
export const doorCookie = hostOnly("door_link");
const doorTokenPattern = /^door_[\w-]{43}$/;

/** The door link token of the request, if it carries a well-formed one. */
export const doorToken = (request: Request): string | null =>
  shapedCookie(request, doorCookie, doorTokenPattern) ?? null;

/**
 * A link's token from `?link=` (or the confirming form's `link`): moved into the cookie, so the
 * address bar no longer shows it.
 */
export function linkToken(value: FormDataEntryValue | null): string | null {
  return typeof value === "string" && doorTokenPattern.test(value) ? value : null;
}

/**
 * Whether another site's page sent the browser here (Fetch Metadata; a link typed, scanned or
 * opened from an app says `none`). Such a link is opened only by a tap on the page: else any
 * site could swap a phone's door link for one of another event without its staff noticing.
 * A browser that sends no such header cannot tell, and opens it as before.
 */
export const sentByAnotherSite = (request: Request) => {
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
};

export const doorCookieFor = (token: string) =>
  serializeCookie(doorCookie, token, { httpOnly: true, maxAge: 30 * 24 * 60 * 60 });

/**
 * What the cookie holds once the API refused its link: no secret, only that fact, so that every
 * later load of the scanner says why it does not open (until another link is opened). The
 * scanner may learn it first from a background call (its queued scans, its ticket list), which
 * before left an empty cookie and so the page for phones that never had a link.
 */
const refusedMarker = "refused";
export const refusedDoorCookie = () => doorCookieFor(refusedMarker);
export const linkRefusedBefore = (request: Request) =>
  readCookies(request).get(doorCookie) === refusedMarker;

/**
 * The contract client with the door link's token (no user), in the page's language: the path's,
 * or, for the scanner's data (`/door-scanner.json`, one path for both), the one it names.
 */
export function doorClient(
  context: Readonly<RouterContextProvider>,
  token: string,
  locale?: Locale,
): ApiClient {
  const state = context.get(requestState);
  return serverClient({ token, locale: locale ?? state.locale, forwardedFor: state.forwardedFor });
}

/** A door link the API no longer takes (revoked, expired, unknown). */
export const linkRefused = (error: unknown) => error instanceof ApiError && error.status === 401;

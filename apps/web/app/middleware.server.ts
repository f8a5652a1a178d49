import { isActiveOrganiser, type Locale } from "@eventwerk/contract";
import { isbot } from "isbot";
import { data, type MiddlewareFunction, redirect } from "react-router";
import { config } from "./config.server";
import type { RequestState } from "./context";
import { requestState } from "./context";
import { pageMessagesPrefix } from "./i18n/page-messages";
import { privatePageCache } from "./lib/page-cache";
import { localeFromPath, type MiddlewareName, matchPage, pathTo } from "./route-table";
import { cookieNames, localeCookies, readCookies } from "./session/cookies.server";
import { resolveSession } from "./session/session.server";

/** To the login page, which comes back to `url` (its path and query) once signed in. */
export const loginAndBack = (locale: Locale, url: URL) =>
  redirect(`${pathTo("login", locale)}?redirect=${encodeURIComponent(url.pathname + url.search)}`);

/**
 * Route middleware named in the route table (by a page or its area). False means the page does
 * not exist for this visitor.
 */
type RouteMiddleware = (state: RequestState, url: URL) => boolean | Response;

export const routeMiddleware: Record<string, RouteMiddleware> &
  Record<MiddlewareName, RouteMiddleware> = {
  /**
   * SPEC's `login`: pages for signed-in visitors (the account); others go to the login page,
   * then back.
   */
  login: (state, url) => (state.user ? true : loginAndBack(state.locale, url)),
  /**
   * SPEC's `auth`: pages for guests only (login, registration, password reset); a signed-in
   * visitor goes to the account.
   */
  auth: (state) => (state.user ? redirect(pathTo("account", state.locale)) : true),
  /** The component showcase (`/test`): only where DEVELOPER_PAGES is on. */
  developerPages: () => config.DEVELOPER_PAGES,
  /**
   * Panel screens of an approved, not suspended organiser; anyone else goes to the panel's start,
   * which shows their status (pending, rejected, suspended) or the way to become an organiser.
   */
  organiser: (state) =>
    isActiveOrganiser(state.user?.organiser) ? true : redirect(pathTo("panel", state.locale)),
  /** The operator's screens: other users go to the panel's start. */
  admin: (state) => (state.user?.role === "admin" ? true : redirect(pathTo("panel", state.locale))),
};

export function runRouteMiddleware(
  names: readonly string[],
  state: RequestState,
  url: URL,
): Response | null {
  for (const name of names) {
    const middleware = routeMiddleware[name];
    if (!middleware) throw new Error(`Unknown route middleware: '${name}'`);
    const result = middleware(state, url);
    if (result === false)
      throw data(`Page Not Found: ${url.pathname}`, { status: 404, statusText: "Page Not Found" });
    if (result instanceof Response) return result;
  }
  return null;
}

/** de or en from Accept-Language, by quality; anything else is de. */
export function detectLocale(header: string | null): "de" | "en" {
  const ranked = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { lang: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q.split("=")[1]) : 1 };
    })
    .filter((entry) => entry.lang && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const first = ranked.find(
    (entry) => entry.lang === "de" || entry.lang === "en" || entry.lang === "*",
  );
  // The first language the visitor accepts decides, if it is one of ours.
  const top = ranked[0];
  if (top && (top.lang === "de" || top.lang === "en")) return top.lang;
  return first?.lang === "en" ? "en" : "de";
}

const withCookies = (response: Response, cookies: string[]) => {
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

/**
 * Whether a form post comes from a page of this site: its Origin is the request's, whose scheme
 * and host the server took from PUBLIC_URL or a trusted proxy (server.ts), never from a forwarded
 * header here.
 */
export function isSameSite(request: Request, url: URL): boolean {
  const origin = request.headers.get("origin");
  // Browsers send an Origin with every form post. Without one only the browser's own
  // Sec-Fetch-Site may vouch for the post (our pages, or typed); with neither header nothing
  // says where it came from, so it is refused like a foreign site's.
  // "null" (sandboxed frames, data: URLs) is nobody's page of ours.
  if (!origin) {
    const site = request.headers.get("sec-fetch-site");
    return site === "same-origin" || site === "none";
  }
  if (origin === "null") return false;
  try {
    return new URL(origin).origin === url.origin;
  } catch {
    return false;
  }
}

/**
 * Runs before every loader and action: checks the origin of form posts, sends a first visit
 * to its language, resolves the login session and applies the page's route middleware.
 */
export const rootMiddleware: MiddlewareFunction<Response> = async (
  { request, url, context },
  next,
) => {
  const locale = localeFromPath(url.pathname);

  // CSRF: a form may only be posted from our own pages.
  if (request.method !== "GET" && request.method !== "HEAD" && !isSameSite(request, url)) {
    throw data("Cross-site form submission refused", { status: 403 });
  }

  // A page's messages are the same for everyone and kept by caches for good: no session here.
  if (url.pathname.startsWith(pageMessagesPrefix)) return next();

  const cookies = readCookies(request);
  const setCookies: string[] = [];
  const chosen = cookies.get(cookieNames.locale);
  // A first visit to the German home: the browser's language decides; bots stay where they are.
  if (
    url.pathname === "/" &&
    request.method === "GET" &&
    !isbot(request.headers.get("user-agent"))
  ) {
    const preferred =
      chosen === "de" || chosen === "en"
        ? chosen
        : detectLocale(request.headers.get("accept-language"));
    if (!chosen) setCookies.push(...localeCookies(preferred));
    if (preferred === "en") {
      const toEnglish = redirect(pathTo("home", "en") + url.search);
      toEnglish.headers.set("Vary", "Accept-Language");
      throw withCookies(toEnglish, setCookies);
    }
  }
  // `active_lang` follows the page's language from the browser (ShellBehaviour): a Set-Cookie
  // here would make every public page uncacheable for CDNs.

  // Set by our Node server (server.ts) from the visitor's connection.
  const forwardedFor = request.headers.get("x-forwarded-for");
  const session = await resolveSession(cookies, locale, forwardedFor);
  const match = matchPage(url.pathname);
  const state: RequestState = {
    locale,
    forwardedFor,
    token: session.token,
    user: session.user,
    setCookies: [...setCookies, ...session.setCookies],
    page: match?.page.key ?? null,
  };
  context.set(requestState, state);

  if (match) {
    const outcome = runRouteMiddleware(match.page.middleware, state, url);
    if (outcome) throw withCookies(outcome, state.setCookies);
  }

  const response = await next();
  // The German home answers by the browser's language on a first visit: caches must keep apart.
  if (url.pathname === "/") response.headers.append("Vary", "Accept-Language");
  // A renewed login's cookies are this visitor's alone: no shared cache may keep the answer that
  // carries them, whatever the route said.
  if (session.setCookies.length) response.headers.set("Cache-Control", privatePageCache);
  // A signed-in visitor's page shows their name and menu (and in the panel their buyers): a route
  // that says nothing about caching, or an error page, is theirs alone too.
  if (state.user && !response.headers.has("Cache-Control")) {
    response.headers.set("Cache-Control", privatePageCache);
  }
  return withCookies(response, state.setCookies);
};

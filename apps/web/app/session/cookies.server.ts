import { randomBytes } from "node:crypto";
import { loginDeviceDays } from "@eventwerk/contract";
import { config, isLoopbackHost, type WebConfig } from "../config.server";

const YEAR = 365 * 24 * 60 * 60;
const LOGIN_MAX_AGE = 30 * 24 * 60 * 60;
const DEVICE_MAX_AGE = loginDeviceDays * 24 * 60 * 60;

type CookieOptions = { maxAge?: number; httpOnly?: boolean };

/**
 * Whether cookies are `Secure`: COOKIE_SECURE when set, else whether PUBLIC_URL is https (a site
 * reached over http cannot keep Secure cookies, and one reached over https must not send its
 * login in the clear).
 */
export function cookiesAreSecure(settings: Pick<WebConfig, "COOKIE_SECURE" | "PUBLIC_URL">) {
  return settings.COOKIE_SECURE ?? settings.PUBLIC_URL?.startsWith("https:") ?? false;
}

/**
 * The site's cookies for a configuration. With Secure, the cookies that carry a secret (the
 * login's, the device token, a guest's order token, a door link) carry the `__Host-` prefix: the
 * browser then takes them only from this host over https, with Path=/ and no Domain, so neither
 * a sibling subdomain nor a plain-http answer can plant or replace one. The refresh token is
 * sent on every path as well: any page renews an expired login (the root middleware), so there
 * is no narrower path it could be scoped to. The language cookies are not secrets and are
 * written by the browser's scripts too; they keep their plain names.
 */
export function createCookies(settings: Pick<WebConfig, "COOKIE_SECURE" | "PUBLIC_URL">) {
  const secure = cookiesAreSecure(settings);
  const hostOnly = (name: string) => (secure ? `__Host-${name}` : name);
  const names = {
    token: hostOnly("token"),
    refreshToken: hostOnly("refresh_token"),
    isLogin: hostOnly("is_login"),
    /** Proof that this browser signed in before: it keeps signing in while an account backs off. */
    device: hostOnly("device"),
    /** A random id for the browser's session: tells a guest's double post from two guests'. */
    browser: hostOnly("browser"),
    locale: "i18n_redirected",
    activeLang: "active_lang",
  } as const;

  /** A Set-Cookie value: path `/`, SameSite=Lax, Secure as configured. */
  const serialize = (name: string, value: string, options: CookieOptions = {}): string => {
    const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
    if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
    if (options.httpOnly) parts.push("HttpOnly");
    if (secure) parts.push("Secure");
    return parts.join("; ");
  };
  const clear = (name: string) => serialize(name, "", { maxAge: 0 });
  const deviceCookie = (token: string) =>
    serialize(names.device, token, { httpOnly: true, maxAge: DEVICE_MAX_AGE });

  return {
    secure,
    names,
    /** The name of a cookie that carries a secret: `__Host-` prefixed when Secure. */
    hostOnly,
    serialize,
    clear,
    /** Keeps a device token the API gave this browser (a sign-in's, or a password reset's). */
    deviceCookie,
    localeCookies: (locale: string) => [
      serialize(names.locale, locale, { maxAge: YEAR }),
      serialize(names.activeLang, locale, { maxAge: YEAR }),
    ],
    /**
     * The cookies of a logged-in visitor; the tokens are httpOnly and never reach scripts. The
     * device token outlives the login (logging out keeps it: the browser stays known).
     */
    loginCookies: (tokens: {
      access_token: string;
      refresh_token?: string;
      expires_in: number;
      device_token?: string;
    }) => [
      ...(tokens.device_token ? [deviceCookie(tokens.device_token)] : []),
      serialize(names.token, tokens.access_token, { httpOnly: true, maxAge: LOGIN_MAX_AGE }),
      serialize(names.isLogin, "true", { maxAge: LOGIN_MAX_AGE }),
      ...(tokens.refresh_token
        ? [
            serialize(names.refreshToken, tokens.refresh_token, {
              httpOnly: true,
              maxAge: LOGIN_MAX_AGE,
            }),
          ]
        : []),
    ],
    logoutCookies: () => [clear(names.token), clear(names.refreshToken), clear(names.isLogin)],
  };
}

/** The warning a production start without Secure cookies prints, or null when there is none. */
export function insecureCookieWarning(
  settings: Pick<WebConfig, "COOKIE_SECURE" | "PUBLIC_URL">,
  production: boolean,
): string | null {
  if (!production || cookiesAreSecure(settings)) return null;
  const host = settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).hostname : null;
  // A production build tried out on this machine over plain http.
  if (host !== null && isLoopbackHost(host)) return null;
  return (
    "Warning: login cookies are sent without Secure. Behind HTTPS, set PUBLIC_URL to the site's " +
    "https:// address (or COOKIE_SECURE=true)."
  );
}

export function readCookies(request: Request): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || jar.has(name)) continue;
    try {
      jar.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      jar.set(name, part.slice(index + 1).trim());
    }
  }
  return jar;
}

const cookies = createCookies(config);

/** A device token as the API makes them (`randomToken`); any other cookie value is not sent. */
/** A cookie's value when it has the shape its writer gives it; anything else is not sent on. */
export function shapedCookie(request: Request, name: string, shape: RegExp): string | undefined {
  const value = readCookies(request).get(name);
  return value && shape.test(value) ? value : undefined;
}

/** This browser's device token from its cookie (as the API makes them, `randomToken`). */
export const sentDeviceToken = (request: Request) =>
  shapedCookie(request, cookies.names.device, /^[A-Za-z0-9_-]{43}$/);

/** This browser's id from its session cookie (`browserIdCookie`). */
export const sentBrowserId = (request: Request) =>
  shapedCookie(request, cookies.names.browser, /^[A-Za-z0-9_-]{22}$/);

/**
 * A new browser id, kept until the browser ends its session: no tracking beyond it. Set only on
 * the answer to a post, never on a page the page cache may share.
 */
export const browserIdCookie = () =>
  cookies.serialize(cookies.names.browser, randomBytes(16).toString("base64url"), {
    httpOnly: true,
  });

export const {
  names: cookieNames,
  hostOnly,
  serialize: serializeCookie,
  clear: clearCookie,
  deviceCookie,
  localeCookies,
  loginCookies,
  logoutCookies,
} = cookies;

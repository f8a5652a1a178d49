import { config } from "../config.server";

/** Cookie names: the access token, the refresh token, the login flag and the language. */
export const cookieNames = {
  token: "token",
  refreshToken: "refresh_token",
  isLogin: "is_login",
  locale: "i18n_redirected",
  activeLang: "active_lang",
} as const;

const YEAR = 365 * 24 * 60 * 60;

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

type CookieOptions = { maxAge?: number; httpOnly?: boolean };

/** A Set-Cookie value: path `/`, SameSite=Lax, Secure only when configuration asks for it. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly) parts.push("HttpOnly");
  if (config.COOKIE_SECURE) parts.push("Secure");
  return parts.join("; ");
}

export const clearCookie = (name: string) => serializeCookie(name, "", { maxAge: 0 });

export const localeCookies = (locale: string) => [
  serializeCookie(cookieNames.locale, locale, { maxAge: YEAR }),
  serializeCookie(cookieNames.activeLang, locale, { maxAge: YEAR }),
];

/** The cookies of a logged-in visitor; the tokens are httpOnly and never reach scripts. */
export function loginCookies(tokens: {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
}) {
  const cookies = [
    serializeCookie(cookieNames.token, tokens.access_token, {
      httpOnly: true,
      maxAge: 30 * 24 * 60 * 60,
    }),
    serializeCookie(cookieNames.isLogin, "true", { maxAge: 30 * 24 * 60 * 60 }),
  ];
  if (tokens.refresh_token) {
    cookies.push(
      serializeCookie(cookieNames.refreshToken, tokens.refresh_token, {
        httpOnly: true,
        maxAge: 30 * 24 * 60 * 60,
      }),
    );
  }
  return cookies;
}

export const logoutCookies = () => [
  clearCookie(cookieNames.token),
  clearCookie(cookieNames.refreshToken),
  clearCookie(cookieNames.isLogin),
];

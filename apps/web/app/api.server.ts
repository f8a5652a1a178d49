import { type ApiClient, ApiError, createApiClient, type Locale } from "@eventwerk/contract";
import type { RouterContextProvider } from "react-router";
import { config } from "./config.server";
import { requestState } from "./context";

/** Renew the anonymous token this long before it expires. */
const renewMarginMs = 60_000;
const timeoutMs = 10_000;

/**
 * The anonymous (client-credentials) token is the same for every visitor, so it is cached for
 * the whole process. Nothing user-specific is ever kept at module level.
 */
let cached: { token: string; expiresAt: number } | null = null;
let pending: Promise<string> | null = null;

/** A client without a token: for the token call itself and the calls of guests' forms. */
export const bareClient = (locale?: Locale, forwardedFor?: string | null) =>
  createApiClient({ baseUrl: config.API_BASE_URL, timeoutMs, locale, forwardedFor });

async function fetchAnonymousToken(): Promise<string> {
  const response = await bareClient().token({
    grant_type: "client_credentials",
    client_id: config.OAUTH_CLIENT_ID,
    client_secret: config.OAUTH_CLIENT_SECRET,
  });
  cached = {
    token: response.access_token,
    expiresAt: Date.now() + response.expires_in * 1000 - renewMarginMs,
  };
  return response.access_token;
}

export async function anonymousToken(): Promise<string> {
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  pending ??= fetchAnonymousToken().finally(() => {
    pending = null;
  });
  return pending;
}

/** A token the API turned down (e.g. after a key change) is not used again. */
const forgetRejectedToken: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 401) cached = null;
  return response;
};

/**
 * The contract client for one request: the visitor's token (or the anonymous one) and language.
 * `locale` asks in another language than the page's (the sitemap needs both).
 */
export async function apiFor(
  context: Readonly<RouterContextProvider>,
  options: { locale?: Locale } = {},
): Promise<ApiClient> {
  const state = context.get(requestState);
  return createApiClient({
    baseUrl: config.API_BASE_URL,
    token: state.token ?? (await anonymousToken()),
    locale: options.locale ?? state.locale,
    forwardedFor: state.forwardedFor,
    timeoutMs,
    fetch: state.token ? fetch : forgetRejectedToken,
    // Our own API has validated each answer against the contract on its way out.
    trustAnswers: true,
  });
}

export { ApiError };

const shellTtlMs = 30_000;
const shellCache = new Map<Locale, { expires: number; value: Promise<ShellData> }>();
type ShellData = Awaited<ReturnType<typeof loadShellData>>;

async function loadShellData(locale: Locale) {
  const api = createApiClient({
    baseUrl: config.API_BASE_URL,
    token: await anonymousToken(),
    locale,
    timeoutMs,
    fetch: forgetRejectedToken,
  });
  const [menus, contact, langs] = await Promise.all([
    api.menus(),
    api.contactSetting(),
    api.langs(),
  ]);
  return { menus: menus.data, contact: contact.data, langs: langs.data };
}

/**
 * Menus, contact data and languages for the layout: the same for every visitor and rarely
 * changed, so each instance asks the API once per language and half minute instead of three
 * times per page. A failed load is not kept.
 */
export function shellData(locale: Locale): Promise<ShellData> {
  const cached = shellCache.get(locale);
  if (cached && cached.expires > Date.now()) return cached.value;
  const value = loadShellData(locale);
  shellCache.set(locale, { expires: Date.now() + shellTtlMs, value });
  value.catch(() => shellCache.delete(locale));
  return value;
}

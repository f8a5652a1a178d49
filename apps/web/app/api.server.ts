import { type ApiClient, createApiClient, type Locale } from "@eventwerk/contract";
import { config } from "./config.server";
import { localeFromPath } from "./locale";

/** Renew the anonymous token this long before it expires. */
const renewMarginMs = 60_000;
const timeoutMs = 10_000;

/**
 * The anonymous (client-credentials) token is the same for every visitor, so it is
 * cached for the whole process. Nothing user-specific is ever kept here.
 */
let cached: { token: string; expiresAt: number } | null = null;
let pending: Promise<string> | null = null;

async function fetchAnonymousToken(): Promise<string> {
  const response = await createApiClient({ baseUrl: config.API_BASE_URL, timeoutMs }).token({
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

/** The contract client for one request: the anonymous token and the page's locale. */
export async function apiFor(request: Request, locale?: Locale): Promise<ApiClient> {
  return createApiClient({
    baseUrl: config.API_BASE_URL,
    token: await anonymousToken(),
    locale: locale ?? localeFromPath(new URL(request.url).pathname),
    timeoutMs,
    fetch: forgetRejectedToken,
  });
}

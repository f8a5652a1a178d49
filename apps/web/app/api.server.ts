import {
  type ApiClient,
  type ApiClientOptions,
  ApiError,
  createApiClient,
  type Locale,
} from "@eventwerk/contract";
import PQueue from "p-queue";
import { data, type RouterContextProvider } from "react-router";
import { Agent } from "undici";
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

/**
 * How this server calls the API: over at most `connections` kept-alive connections, answers
 * uncompressed. Call it once per process: each call makes its own pool of connections.
 *
 * Unbounded, a burst of calls opened a connection each: 50 visitors' home pages on PGlite asked
 * for 200 at once, which the API, on the same busy event loop, accepted one per iteration
 * (100–200 ms each), so about half of those pages waited for the calls' 10 s timeout and failed,
 * and their aborted connections started the next burst. More connections than the API's
 * database pool would not run more calls anyway. Calls beyond the connections wait in `waiting`,
 * within their timeout: one that times out there leaves the queue, where undici would still
 * hand it a connection, only to close that connection.
 *
 * The API runs beside this server (in the same process with `npm start`, or on the same
 * network), and compressing its JSON there to inflate it here took ~10 % of the CPU of an event
 * page view (17.2 to 15.3 ms) to save bytes on a fast link.
 */
export function apiFetch(connections: number): typeof fetch {
  // undici's major is the one of the fetch built into this Node (24: undici 7).
  const dispatcher = new Agent({ connections });
  const waiting = new PQueue({ concurrency: connections });
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("accept-encoding", "identity");
    // `dispatcher` is Node's own option of fetch (undici's), unknown to the DOM's types.
    const options: RequestInit & { dispatcher: Agent } = { ...init, headers, dispatcher };
    return waiting.add(() => fetch(input, options), { signal: init?.signal ?? undefined });
  };
}

const uncompressed = apiFetch(config.API_CONNECTIONS);

/** How this server calls the API: its base URL and timeout, answers uncompressed. */
export const serverClient = (options: Omit<ApiClientOptions, "baseUrl" | "timeoutMs">) =>
  createApiClient({ baseUrl: config.API_BASE_URL, timeoutMs, fetch: uncompressed, ...options });

/** A client without a token: for the token call itself and the calls of guests' forms. */
export const bareClient = (locale?: Locale, forwardedFor?: string | null) =>
  serverClient({ locale, forwardedFor });

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

/**
 * A token the API turned down (e.g. after a key change) is not used again. It wraps every guest
 * call to the API, so profiles list it with the whole call under it.
 */
const forgetRejectedToken: typeof fetch = async (input, init) => {
  const response = await uncompressed(input, init);
  if (response.status === 401) cached = null;
  return response;
};

/**
 * The contract client for one request: the visitor's token (or the anonymous one) and language.
 * `locale` asks in another language than the page's (a file's, named in its query).
 */
export async function apiFor(
  context: Readonly<RouterContextProvider>,
  options: { locale?: Locale } = {},
): Promise<ApiClient> {
  const state = context.get(requestState);
  return serverClient({
    token: state.token ?? (await anonymousToken()),
    locale: options.locale ?? state.locale,
    forwardedFor: state.forwardedFor,
    fetch: state.token ? uncompressed : forgetRejectedToken,
    // Our own API has validated each answer against the contract on its way out.
    trustAnswers: true,
  });
}

export { ApiError };

/** What the API does not find (another organiser's, another user's) is not found here either. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw data("Page Not Found", { status: 404 });
    }
    throw error;
  }
}

const shellTtlMs = 30_000;
const shellCache = new Map<Locale, { expires: number; value: Promise<ShellData> }>();
type ShellData = Awaited<ReturnType<typeof loadShellData>>;

async function loadShellData(locale: Locale) {
  const api = serverClient({
    token: await anonymousToken(),
    locale,
    fetch: forgetRejectedToken,
  });
  const [menus, contact, langs] = await Promise.all([
    api.menus(),
    api.contactSetting(),
    api.langs(),
  ]);
  // What the header and footer show of a menu entry; each page's HTML carries the shell's data.
  const entries = (list: typeof menus.data.header) =>
    list.map(({ id, key, title }) => ({ id, key, title }));
  return {
    menus: { header: entries(menus.data.header), footer: entries(menus.data.footer) },
    contact: contact.data,
    langs: langs.data,
  };
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

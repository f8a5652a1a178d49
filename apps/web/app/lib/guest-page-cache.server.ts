import { isbot } from "isbot";

/**
 * A short-lived cache of the HTML that guests get (a micro-cache, as a CDN in front would keep):
 * a page whose response says `public` is rendered once per key and interval, and concurrent
 * requests for it wait for that one render. Only requests without login cookies take part, and
 * the key holds everything the page depends on for a guest (address, host, cookies, language
 * header, bot or not), so a hit is exactly what rendering would have answered. It is a copy:
 * every instance keeps its own and may drop it at any time.
 */
export type GuestPageCache = {
  handle(request: PlainRequest, render: () => Promise<Response>): Promise<Response>;
  /**
   * A fresh copy for a request as the Node server sees it, or null: lets the server answer a
   * hit straight from its buffer, without building a fetch Request and Response.
   */
  lookup(request: PlainRequest): CachedPage | null;
  readonly size: number;
};

/** What the key needs of a request, as the Node server received it. */
export type PlainRequest = {
  method: string;
  /**
   * The request target exactly as received: a key by the raw target can only match what the
   * same target rendered before, whatever routes it (a normalised one could match `/a/../api/x`
   * to `/api/x`, which the web app never answers).
   */
  url: string;
  header(name: string): string | null | undefined;
  /** Whether the connection is a trusted proxy's: its X-Forwarded-Host and -Proto then count. */
  proxied?: boolean;
};

export type CachedPage = {
  status: number;
  headers: [string, string][];
  /** The same as Node-style headers; several Set-Cookie values as an array. */
  nodeHeaders: Record<string, string | string[]>;
  etag: string | null;
  body: Uint8Array<ArrayBuffer>;
};

type Entry = CachedPage & { expires: number };

function nodeHeadersOf(headers: [string, string][]) {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of headers) {
    const existing = result[name];
    if (existing === undefined) result[name] = value;
    else result[name] = [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return result;
}

/** Whether a Cookie header carries a login cookie, with or without its `__Host-` prefix. */
export const hasLoginCookie = (cookieHeader: string) =>
  /(?:^|;\s*)(?:__Host-)?(?:token|refresh_token)=/.test(cookieHeader);

/** Bot or not per User-Agent, remembered: isbot's pattern is long and a hit should be cheap. */
const botAgents = new Map<string, boolean>();
function isBotAgent(userAgent: string): boolean {
  let bot = botAgents.get(userAgent);
  if (bot === undefined) {
    if (botAgents.size >= 1000) botAgents.clear();
    bot = isbot(userAgent);
    botAgents.set(userAgent, bot);
  }
  return bot;
}

function maxAgeSeconds(cacheControl: string | null): number {
  if (!cacheControl || !/\bpublic\b/.test(cacheControl)) return 0;
  const match = /\bmax-age=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

export function createGuestPageCache(options: {
  ttlSeconds: number;
  maxBytes?: number;
  now?: () => number;
}): GuestPageCache {
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | Response>>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.byteLength;
    entries.delete(key);
  };

  const replay = (entry: Entry, method: string) =>
    new Response(method === "HEAD" ? null : entry.body, {
      status: entry.status,
      headers: entry.headers,
    });

  async function renderAndStore(key: string, render: () => Promise<Response>) {
    const response = await render();
    const seconds = Math.min(
      options.ttlSeconds,
      maxAgeSeconds(response.headers.get("cache-control")),
    );
    if (response.status !== 200 || seconds <= 0) return response;
    const headers = [...response.headers];
    const entry: Entry = {
      status: response.status,
      headers,
      nodeHeaders: nodeHeadersOf(headers),
      etag: response.headers.get("etag"),
      body: new Uint8Array(await response.arrayBuffer()),
      expires: now() + seconds * 1000,
    };
    remove(key);
    entries.set(key, entry);
    bytes += entry.body.byteLength;
    // Oldest first: Map keeps insertion order.
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
    return entry;
  }

  /** The cache key of a guest's GET or HEAD; null for anything the cache leaves alone. */
  function keyOf(request: PlainRequest): string | null {
    const cookie = request.header("cookie") ?? "";
    if (
      options.ttlSeconds <= 0 ||
      (request.method !== "GET" && request.method !== "HEAD") ||
      hasLoginCookie(cookie)
    ) {
      return null;
    }
    const forwardedHost = request.header("x-forwarded-host") ?? "";
    const forwardedProto = request.header("x-forwarded-proto") ?? "";
    return [
      request.url,
      request.header("host") ?? "",
      // A proxy's word names the page's address only when the proxy is trusted.
      forwardedHost || forwardedProto
        ? `${request.proxied ? "proxied" : "direct"} ${forwardedHost} ${forwardedProto}`
        : "",
      cookie,
      request.header("accept-language") ?? "",
      isBotAgent(request.header("user-agent") ?? "") ? "bot" : "person",
    ].join("\n");
  }

  function fresh(key: string): Entry | null {
    const cached = entries.get(key);
    if (cached && cached.expires > now()) return cached;
    if (cached) remove(key);
    return null;
  }

  return {
    get size() {
      return entries.size;
    },
    lookup(request) {
      const key = keyOf(request);
      return key ? fresh(key) : null;
    },
    async handle(request, render) {
      const key = keyOf(request);
      if (!key) return render();
      const cached = fresh(key);
      if (cached) return replay(cached, request.method);
      // A HEAD's answer has no body: stored, or shared with the GETs waiting for it, it would
      // answer them with a blank page. It waits for a GET's render under way, else renders for
      // itself.
      if (request.method === "HEAD") {
        const rendering = pending.get(key);
        const result = rendering ? await rendering : null;
        return result && !(result instanceof Response) ? replay(result, "HEAD") : render();
      }

      let flight = pending.get(key);
      const leader = !flight;
      if (!flight) {
        flight = renderAndStore(key, render).finally(() => pending.delete(key));
        pending.set(key, flight);
      }
      const result = await flight;
      if (result instanceof Response) {
        // Not cacheable: the request that rendered it answers with it; the others render their own.
        return leader ? result : render();
      }
      return replay(result, request.method);
    },
  };
}

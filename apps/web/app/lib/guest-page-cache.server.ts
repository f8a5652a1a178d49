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
  handle(request: Request, render: () => Promise<Response>): Promise<Response>;
  readonly size: number;
};

type Entry = {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  expires: number;
};

const loginCookie = /(?:^|;\s*)(?:token|refresh_token)=/;

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
    const entry: Entry = {
      status: response.status,
      headers: [...response.headers],
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

  return {
    get size() {
      return entries.size;
    },
    async handle(request, render) {
      const cookie = request.headers.get("cookie") ?? "";
      if (
        options.ttlSeconds <= 0 ||
        (request.method !== "GET" && request.method !== "HEAD") ||
        loginCookie.test(cookie)
      ) {
        return render();
      }
      const url = new URL(request.url);
      const key = [
        url.pathname + url.search,
        request.headers.get("host") ?? "",
        request.headers.get("x-forwarded-proto") ?? "",
        cookie,
        request.headers.get("accept-language") ?? "",
        isbot(request.headers.get("user-agent")) ? "bot" : "person",
      ].join("\n");
      const cached = entries.get(key);
      if (cached && cached.expires > now()) return replay(cached, request.method);
      if (cached) remove(key);

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

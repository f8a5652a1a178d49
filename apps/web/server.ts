import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { coverMaxBytes } from "@eventwerk/contract/constants";
import { matchesEtag } from "@eventwerk/contract/http-cache";
import proxyAddr from "@fastify/proxy-addr";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import { createRequestHandler, type ServerBuild } from "react-router";
import sirv from "sirv";
import { isLoopbackHost, loadWebConfig, type WebConfig } from "./app/config.server";
import { conditional, notModifiedHeaders, withEtag } from "./app/lib/etag.server";
import {
  type CachedPage,
  createGuestPageCache,
  hasLoginCookie,
  type PlainRequest,
} from "./app/lib/guest-page-cache.server";
import { type SecuritySettings, securityHeaders } from "./app/lib/security-headers.server";
import { matchPage } from "./app/route-table";
import { insecureCookieWarning } from "./app/session/cookies.server";

/** The server bundle's type, for callers that load it themselves (the development server). */
export type { ServerBuild };

export type WebListenerOptions = {
  /** The output of `react-router build`; defaults to `apps/web/build`. */
  buildDir?: string;
  /**
   * The server bundle, when the caller has it already (tests), or a function that loads it for
   * every request (the development server, whose Vite recompiles what changed); else loaded once
   * from `buildDir`.
   */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** What serves static files before rendering; defaults to `buildDir`'s client files. */
  assets?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** The web configuration; defaults to the environment's. */
  config?: WebConfig;
};

export type WebListener = ((req: IncomingMessage, res: ServerResponse) => void) & {
  /**
   * Answers a guest's page from the micro-cache and returns true, or returns false and does
   * nothing: the one-port server asks it before its API router, so a hit costs no more than
   * writing the stored bytes. The listener asks it too.
   */
  answerFromCache(req: IncomingMessage, res: ServerResponse): boolean;
};

const defaultBuildDir = fileURLToPath(new URL("./build", import.meta.url));

/** Where the server bundle of a build is. */
export function serverBuildPath(buildDir: string = defaultBuildDir): string {
  return path.join(buildDir, "server", "index.js");
}

/**
 * Loads the server bundle. Doing this once at start parses the web configuration then,
 * so a wrong value stops the process instead of failing the first request.
 */
export async function loadServerBuild(buildDir: string = defaultBuildDir): Promise<ServerBuild> {
  const build: ServerBuild = await import(pathToFileURL(serverBuildPath(buildDir)).href);
  return build;
}

const immutableAssets = "public, max-age=31536000, immutable";

/**
 * Appends the connection's address to `X-Forwarded-For`, as a proxy does: the API believes this
 * hop (its `TRUST_PROXY`), so its per-IP limits count each visitor rather than this server.
 */
export function forwardClientAddress(request: Request, address: string): Request {
  const chain = request.headers.get("x-forwarded-for");
  request.headers.set("x-forwarded-for", chain ? `${chain}, ${address}` : address);
  return request;
}

/** The guest page cache's view of a Node request. */
function plainRequest(req: IncomingMessage, trusted: (address: string) => boolean): PlainRequest {
  return {
    method: req.method ?? "GET",
    url: req.url ?? "/",
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    get proxied() {
      return trusted(req.socket.remoteAddress ?? "");
    },
  };
}

type Encoding = "br" | "gzip" | "identity";

const encodings = new Map<string, Encoding | null>();
/**
 * The coding the compression middleware would pick for a cached page, or null for headers it
 * is left to (weights, `*`, deflate): br before gzip, as it prefers. Remembered per header value,
 * which browsers send alike.
 */
export function cachedEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return "identity";
  let encoding = encodings.get(acceptEncoding);
  if (encoding !== undefined) return encoding;
  const codings = acceptEncoding.split(",").map((part) => part.trim().toLowerCase());
  encoding = codings.some((coding) => coding.includes(";") || coding === "*")
    ? null
    : codings.includes("br")
      ? "br"
      : codings.includes("gzip")
        ? "gzip"
        : codings.includes("deflate")
          ? null
          : "identity";
  if (encodings.size >= 100) encodings.clear();
  encodings.set(acceptEncoding, encoding);
  return encoding;
}

/** Below this the compression middleware sends a page as it is (its default threshold). */
const compressionThreshold = 1024;

/**
 * A cached page as the server sends it: the security headers of its path and the page's own,
 * merged once; each coding compressed once, when first asked for.
 */
type CachedAnswer = {
  notModified: OutgoingHttpHeaders;
  variant(encoding: Encoding): { headers: OutgoingHttpHeaders; body: Buffer };
};

function cachedAnswer(
  page: CachedPage,
  security: Record<string, string>,
  compress: boolean,
): CachedAnswer {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(security)) headers[name.toLowerCase()] = value;
  // The page's own policy (with its nonce) replaces the default one, as on a render.
  for (const [name, value] of Object.entries(page.nodeHeaders)) {
    if (name !== "content-length" && name !== "transfer-encoding") headers[name] = value;
  }
  // A 304 keeps the policy the browser stored with the page: a new one would not know its nonce.
  const notModified: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(security)) {
    if (name.toLowerCase() !== "content-security-policy") notModified[name.toLowerCase()] = value;
  }
  for (const [name, value] of notModifiedHeaders(page.headers)) notModified[name] = value;
  const cacheControl = String(headers["cache-control"] ?? "");
  const transformable =
    compress &&
    /^(?:text\/|application\/(?:json|xml|javascript))/i.test(String(headers["content-type"])) &&
    !/\bno-transform\b/i.test(cacheControl) &&
    !headers["content-encoding"];
  if (transformable) {
    const vary = headers.vary ? String(headers.vary) : "";
    if (vary !== "*") headers.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  }
  const identity = Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength);
  const variants = new Map<Encoding, { headers: OutgoingHttpHeaders; body: Buffer }>();
  return {
    notModified,
    variant(wanted) {
      const encoding =
        transformable && identity.length >= compressionThreshold ? wanted : "identity";
      let variant = variants.get(encoding);
      if (!variant) {
        const body =
          encoding === "br"
            ? // The middleware's quality: fast enough to compress on the first hit.
              brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
            : encoding === "gzip"
              ? gzipSync(identity)
              : identity;
        variant = {
          headers: {
            ...headers,
            ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
            "content-length": String(body.length),
          },
          body,
        };
        variants.set(encoding, variant);
      }
      return variant;
    },
  };
}

/** The methods the web app answers: pages, and form posts to their actions. */
export const webMethods = ["GET", "HEAD", "POST"] as const;
const allow = webMethods.join(", ");
const isWebMethod = (method: string | undefined): boolean =>
  (webMethods as readonly (string | undefined)[]).includes(method);

const formContentType =
  /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/** A `Host` a URL can be built from: a DNS name or IP literal and an optional port, nothing else. */
export function isValidHost(host: string): boolean {
  const match = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?)(?::(\d{1,5}))?$/i.exec(
    host,
  );
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

/** A short plain-text answer written straight to the socket, for requests never handed on. */
function refuse(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    // The request's body stays unread: the connection cannot carry another request.
    Connection: "close",
    ...headers,
  });
  res.end(text);
}

/** Whether a connection's peer is a proxy whose forwarded headers count (`TRUST_PROXY`). */
export function proxyTrust(setting: string): (address: string) => boolean {
  if (setting === "true" || setting === "false") {
    const all = setting === "true";
    return () => all;
  }
  const trusts = proxyAddr.compile(
    setting
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  );
  return (address) => trusts(address, 0);
}

const firstValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim();

type PublicAddress = { protocol: string; host: string };

/**
 * The scheme and host the visitor used: PUBLIC_URL's, else a trusted proxy's word, else the
 * connection's. React Router's action check compares the form's Origin with these, so behind a
 * TLS-terminating proxy they must say `https`. Null when the host cannot be part of a URL.
 */
function publicAddress(
  req: IncomingMessage,
  publicUrl: URL | undefined,
  trusted: (address: string) => boolean,
): PublicAddress | null {
  if (publicUrl) return { protocol: publicUrl.protocol, host: publicUrl.host };
  const proxied = trusted(req.socket.remoteAddress ?? "");
  const host =
    (proxied ? firstValue(req.headers["x-forwarded-host"]) : undefined) ??
    req.headers.host ??
    "localhost";
  if (!isValidHost(host)) return null;
  const scheme = proxied ? firstValue(req.headers["x-forwarded-proto"])?.toLowerCase() : undefined;
  return { protocol: scheme === "https" || scheme === "http" ? `${scheme}:` : "http:", host };
}

/**
 * Why the request cannot become a `Request`, or null when it can: each of these would otherwise
 * throw inside the adapter (undici refuses the method, the URL parser the host or target).
 */
function malformed(req: IncomingMessage): { status: number; text: string } | null {
  if (!isWebMethod(req.method)) return { status: 405, text: "Method Not Allowed" };
  // Only origin-form targets (`/path?query`); `*` and absolute URLs are for proxies.
  if (!req.url?.startsWith("/")) return { status: 400, text: "Bad Request" };
  if (req.method === "POST") {
    // A post without a body (a logout button from a script) is an empty form.
    const bodyless =
      !req.headers["transfer-encoding"] && Number(req.headers["content-length"] ?? 0) === 0;
    if (bodyless && !req.headers["content-type"]) {
      req.headers["content-type"] = "application/x-www-form-urlencoded";
    }
    // Posts are the forms' (no uploads): any other body would fail in the action's formData().
    if (!formContentType.test(req.headers["content-type"] ?? "")) {
      return { status: 415, text: "Unsupported Media Type" };
    }
  }
  return null;
}

class BodyTooLarge extends Error {}

/** A cover picture's limit plus room for the form's other parts and the multipart framing. */
const coverFormLimit = coverMaxBytes + 1024 * 1024;

/**
 * The request with its form body read into memory, refused with `BodyTooLarge` as soon as more
 * than `limit` bytes arrive: a 10 MB post is never read in full, nor parsed.
 */
async function withFormBody(request: Request, limit: number): Promise<Request> {
  if (!request.body) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: Buffer.concat(chunks),
    signal: request.signal,
  });
}

/**
 * A Node request listener for the web app: the built static files from `build/client`
 * (fingerprinted `/assets/*` cached for a year), everything else rendered by React Router.
 * The server bundle is loaded once, so React Router builds its route tree once.
 */
export async function createWebListener(options: WebListenerOptions = {}): Promise<WebListener> {
  const buildDir = options.buildDir ?? defaultBuildDir;
  const build = options.build ?? (await loadServerBuild(buildDir));
  const config = options.config ?? loadWebConfig();
  const assets =
    options.assets ??
    sirv(path.join(buildDir, "client"), {
      etag: true,
      extensions: [],
      // The build writes `.br` and `.gz` beside each script and stylesheet (react-router.config.ts).
      brotli: true,
      gzip: true,
      setHeaders: (res, pathname) => {
        if (pathname.startsWith("/assets/")) res.setHeader("Cache-Control", immutableAssets);
      },
    });
  const mode = process.env.NODE_ENV === "development" ? "development" : "production";
  const cookieWarning = insecureCookieWarning(config, mode === "production");
  if (cookieWarning) console.warn(cookieWarning);
  if (config.LOOPBACK_HOSTS_ONLY) {
    console.warn(
      "Warning: PUBLIC_URL is not set: only requests for localhost are answered. Set PUBLIC_URL to the site's address.",
    );
  }
  const handle = createRequestHandler(build, mode);
  const cache = createGuestPageCache({
    ttlSeconds: mode === "development" ? 0 : config.GUEST_PAGE_CACHE_SECONDS,
  });
  // Whatever goes wrong with one request ends that request, never the process.
  const fail = (res: ServerResponse) => (error: unknown) => {
    if (!res.destroyed) console.error(error);
    refuse(res, 500, "Internal Server Error");
  };
  // The panel's event page takes a cover picture; every other form stays small, and so does
  // that one without a login (nobody else may make the server hold 11 MB). Asked of every
  // request: the cheap tests first, so a page view never matches its path against the table.
  // A post from the page's script goes to its data URL (`…/7.data`, `…/7/_.data`).
  const bodyLimit = (req: IncomingMessage) =>
    req.method === "POST" &&
    hasLoginCookie(req.headers.cookie ?? "") &&
    matchPage((req.url?.split("?")[0] ?? "/").replace(/(?:\/_)?\.data$/, ""))?.page.key ===
      "panel-event"
      ? Math.max(config.BODY_LIMIT, coverFormLimit)
      : config.BODY_LIMIT;
  const publicUrl = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : undefined;
  const trusted = proxyTrust(config.TRUST_PROXY);
  const security: SecuritySettings = {
    https: publicUrl?.protocol === "https:",
    panelFrameAncestors: config.PANEL_FRAME_ANCESTORS,
  };
  // A 304 keeps the policy the browser stored with the page: a new one would not know its nonce.
  const notModified = (res: ServerResponse) => res.removeHeader("Content-Security-Policy");
  const render = async (req: IncomingMessage, res: ServerResponse, address: PublicAddress) => {
    let request = createRequest(req, res, address);
    try {
      request = await withFormBody(request, bodyLimit(req));
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      refuse(res, 413, "Content Too Large");
      return;
    }
    const response = conditional(
      request,
      await cache.handle(plainRequest(req, trusted), async () =>
        withEtag(await handle(forwardClientAddress(request, req.socket.remoteAddress ?? ""))),
      ),
    );
    // The visitor has gone: nobody to answer.
    if (request.signal.aborted || res.destroyed) return;
    if (response.status === 304) notModified(res);
    await sendResponse(res, response);
  };
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    // Every answer carries them, refusals and static files included; a page's own policy (with
    // its nonce, entry.server.tsx) replaces this one.
    const pathname = req.url?.startsWith("/") ? req.url.split("?")[0] : "/";
    for (const [name, value] of Object.entries(securityHeaders(pathname ?? "/", security))) {
      res.setHeader(name, value);
    }
    const problem = malformed(req);
    if (problem) {
      refuse(res, problem.status, problem.text, problem.status === 405 ? { Allow: allow } : {});
      return;
    }
    if (Number(req.headers["content-length"] ?? 0) > bodyLimit(req)) {
      refuse(res, 413, "Content Too Large");
      return;
    }
    const address = publicAddress(req, publicUrl, trusted);
    if (!address) {
      refuse(res, 400, "Bad Request");
      return;
    }
    // Pages name their own address (canonical links, sitemap): never one a stranger chose.
    if (
      config.LOOPBACK_HOSTS_ONLY &&
      !isLoopbackHost(new URL(`${address.protocol}//${address.host}`).hostname)
    ) {
      refuse(res, 421, "Misdirected Request");
      return;
    }
    const renderPage = () => {
      render(req, res, address).catch(fail(res));
    };
    if (req.method === "POST") {
      renderPage();
      return;
    }
    // sirv pipes a file into the answer without listening for the file's errors: a file gone
    // from under the running server (a build written over the last) would end the process.
    // The headers have gone by then, so the answer is cut off; sirv listed its files at the
    // start, so each later request for that file is too, until the server restarts. (The
    // listener stays on an answer sirv ends without a file, a 304: it goes with the answer.)
    const fileFailed = (error: Error) => {
      console.error(error);
      res.destroy();
    };
    const watchFile = (file: NodeJS.ReadableStream) => file.once("error", fileFailed);
    res.once("pipe", watchFile);
    assets(req, res, () => {
      res.off("pipe", watchFile);
      renderPage();
    });
  };
  const answers = new WeakMap<CachedPage, CachedAnswer>();
  /**
   * A hit as the listener would answer it, minus the work: the checks `serve` makes first (host,
   * method, body size) gave the same result when the page was stored, as they depend on nothing
   * but what the key holds; requests with a body go the long way.
   */
  const answerFromCache = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      !req.url?.startsWith("/") ||
      req.headers["content-length"] !== undefined ||
      req.headers["transfer-encoding"] !== undefined
    ) {
      return false;
    }
    const hit = cache.lookup(plainRequest(req, trusted));
    if (!hit) return false;
    const encoding =
      req.method === "HEAD" || !config.COMPRESSION
        ? "identity"
        : cachedEncoding(req.headers["accept-encoding"]);
    if (!encoding) return false;
    let answer = answers.get(hit);
    if (!answer) {
      const pathname = req.url.split("?")[0] ?? "/";
      answer = cachedAnswer(hit, securityHeaders(pathname, security), config.COMPRESSION);
      answers.set(hit, answer);
    }
    if (hit.etag && matchesEtag(req.headers["if-none-match"], hit.etag)) {
      res.writeHead(304, answer.notModified);
      res.end();
      return true;
    }
    const { headers, body } = answer.variant(encoding);
    res.writeHead(hit.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
  const guarded = (req: IncomingMessage, res: ServerResponse) => {
    try {
      serve(req, res);
    } catch (error) {
      fail(res)(error);
    }
  };
  // Rendered pages; the prebuilt `.br`/`.gz` assets already carry their encoding, and cache hits
  // keep theirs compressed. The middleware takes plain Node requests; its types insist on Express's.
  const compress = config.COMPRESSION
    ? (compression() as unknown as (
        req: IncomingMessage,
        res: ServerResponse,
        next: () => void,
      ) => void)
    : null;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (answerFromCache(req, res)) return;
    if (compress) compress(req, res, () => guarded(req, res));
    else guarded(req, res);
  };
  return Object.assign(listener, { answerFromCache });
}

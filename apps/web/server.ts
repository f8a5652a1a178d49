import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { matchesEtag } from "@eventwerk/contract/http-cache";
import { type ClientAddress, createRequestListener } from "@mjackson/node-fetch-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import sirv from "sirv";
import { loadWebConfig } from "./app/config.server";
import { conditional, notModifiedHeaders, withEtag } from "./app/lib/etag.server";
import { createGuestPageCache } from "./app/lib/guest-page-cache.server";

export type WebListenerOptions = {
  /** The output of `react-router build`; defaults to `apps/web/build`. */
  buildDir?: string;
};

export type WebListener = (req: IncomingMessage, res: ServerResponse) => void;

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
export function forwardClientAddress(request: Request, client: ClientAddress): Request {
  const chain = request.headers.get("x-forwarded-for");
  request.headers.set("x-forwarded-for", chain ? `${chain}, ${client.address}` : client.address);
  return request;
}

/**
 * A Node request listener for the web app: the built static files from `build/client`
 * (fingerprinted `/assets/*` cached for a year), everything else rendered by React Router.
 */
export function createWebListener(options: WebListenerOptions = {}): WebListener {
  const buildDir = options.buildDir ?? defaultBuildDir;
  const assets = sirv(path.join(buildDir, "client"), {
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
  const handle = createRequestHandler(() => loadServerBuild(buildDir), mode);
  const cache = createGuestPageCache({
    ttlSeconds: mode === "development" ? 0 : loadWebConfig().GUEST_PAGE_CACHE_SECONDS,
  });
  const render = createRequestListener(async (request, client) =>
    conditional(
      request,
      await cache.handle(request, async () =>
        withEtag(await handle(forwardClientAddress(request, client))),
      ),
    ),
  );
  return (req, res) => {
    const hit = cache.lookup({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      header: (name) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(", ") : value;
      },
    });
    if (hit) {
      if (hit.etag && matchesEtag(req.headers["if-none-match"], hit.etag)) {
        res.writeHead(304, Object.fromEntries(notModifiedHeaders(hit.headers)));
        res.end();
        return;
      }
      res.writeHead(hit.status, hit.nodeHeaders);
      res.end(req.method === "HEAD" ? undefined : hit.body);
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      void render(req, res);
      return;
    }
    assets(req, res, () => {
      void render(req, res);
    });
  };
}

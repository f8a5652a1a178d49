import cluster from "node:cluster";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import {
  buildApp,
  type Config,
  createContext,
  frameworkErrors,
  loadConfig,
  shareRateLimitsWithWorkers,
} from "@eventwerk/api";
import { ConfigError } from "@eventwerk/api/config";
import type { WebListener } from "@eventwerk/web/server";

/**
 * The API and the web app on one origin and one port, for `npm start` and `npm run dev`:
 * `/api/*`, `/storage/*`, `/healthz` and `/readyz` are the API's; everything else is the web app.
 */

/** The API's configuration; the web app reaches the API in this same process over loopback. */
export function loadOnePortConfig(): Config {
  const config = loadConfig();
  process.env.API_BASE_URL ??= `http://127.0.0.1:${config.PORT}`;
  return config;
}

/** Opens the database, mounts the web listener behind the API's routes and listens. */
export async function serveOnePort(
  config: Config,
  webListener: WebListener,
  serverOptions: Parameters<typeof buildApp>[1] = {},
): Promise<void> {
  const ctx = await createContext(config);
  const { serverFactory, ...otherOptions } = serverOptions;
  const app = await buildApp(ctx, {
    // A URL Fastify cannot route (bad percent-encoding): the web app answers for its own pages.
    frameworkErrors: (error, request, reply) => {
      if (/^\/(api|storage)\//.test(request.url)) return frameworkErrors(error, request, reply);
      reply.hijack();
      webListener(request.raw, reply.raw);
    },
    ...otherOptions,
    // A guest's page from the web app's micro-cache is answered before the API's router and
    // hooks run: a hit then costs little more than writing the stored bytes.
    serverFactory: (handler, options) => {
      const front = (req: IncomingMessage, res: ServerResponse) => {
        if (!webListener.answerFromCache(req, res)) handler(req, res);
      };
      if (serverFactory) return serverFactory(front, options);
      // What Fastify does when it creates the server itself (its options, defaults applied).
      const timeouts = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
        maxRequestsPerSocket?: number;
      };
      const server = http.createServer(front);
      if (timeouts.keepAliveTimeout !== undefined)
        server.keepAliveTimeout = timeouts.keepAliveTimeout;
      if (timeouts.requestTimeout !== undefined) server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout ?? 0);
      if (timeouts.maxRequestsPerSocket)
        server.maxRequestsPerSocket = timeouts.maxRequestsPerSocket;
      return server;
    },
  });

  await app.register(async (web) => {
    // Leave request bodies unread: the web app's actions read them from the raw request.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser("*", (_request, _payload, done) => done(null));

    // Unknown API paths keep the API's JSON 404 instead of the web app's HTML page.
    web.all("/api/*", (_request, reply) => reply.callNotFound());
    // The API's security headers are for its JSON and images; pages set their own.
    web.all("/*", { helmet: false }, (request, reply) => {
      reply.hijack();
      webListener(request.raw, reply.raw);
    });
  });

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await closeServer(app);
    await ctx.close();
    process.exit(0);
  };
  process.once("SIGINT", close);
  process.once("SIGTERM", close);

  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Eventwerk is running on http://localhost:${config.PORT}`);
}

/**
 * Stops listening and waits for the requests in flight. Closing ends only the connections idle
 * at that moment; a keep-alive connection whose request ends later (the web app's own calls to
 * the API, stopped under load) would hold the process until its keep-alive timeout (72 s), so
 * those are ended as they fall idle.
 */
export async function closeServer(app: { close: () => Promise<unknown>; server: http.Server }) {
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
  }
}

/**
 * The cluster primary: prepares the database once (migrations, demo data, signing keys), then
 * runs `count` workers that each serve the port, and replaces a worker that dies. A worker that
 * ends before it listens stops the whole start: its error would only repeat.
 */
export async function serveClustered(config: Config, count: number): Promise<void> {
  const ctx = await createContext(config);
  await ctx.close();
  shareRateLimitsWithWorkers();
  let stopping = false;
  const listening = new Set<number>();
  cluster.on("listening", (worker) => listening.add(worker.id));
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!listening.has(worker.id)) {
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.kill();
      process.exit(code || 1);
    }
    console.error(`Worker ${worker.process.pid} ended (${signal ?? code}); starting another.`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  for (let i = 0; i < count; i++) cluster.fork();
  console.log(`Eventwerk starts ${count} workers on http://localhost:${config.PORT}`);
}

/** Ends the process: a wrong setting with its message alone, anything else with its stack. */
export function failStart(error: unknown): never {
  // The web app's configuration error comes from its own module graph under the same name.
  const isConfigError =
    error instanceof ConfigError || (error instanceof Error && error.name === "ConfigError");
  console.error(isConfigError ? error.message : error);
  process.exit(1);
}

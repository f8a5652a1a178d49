import path from "node:path";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import fp from "fastify-plugin";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Context, ContextOptions } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import { proxyTrust, redactUrl, requestIdFor } from "./lib/client-address.ts";
import { createMailer } from "./lib/mailer.ts";
import { ensureWebClient } from "./lib/oauth-clients.ts";
import { createOutbox, mailJob, mailJobSchema } from "./lib/outbox.ts";
import { createRateLimiter } from "./lib/rate-limit.ts";
import { createTokenSigner } from "./lib/tokens.ts";
import { ensureOperator } from "./lib/users.ts";
import { authPlugin } from "./plugins/auth.ts";
import { errorsPlugin, frameworkErrors } from "./plugins/errors.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { apiRoutes } from "./routes/index.ts";
import { seedDatabase } from "./seed/index.ts";

export type { Config } from "./config.ts";
export { loadConfig } from "./config.ts";
export type { Context } from "./context.ts";
export { shareRateLimitsWithWorkers } from "./lib/rate-limit.ts";
export { frameworkErrors } from "./plugins/errors.ts";

export { storagePrefix } from "./routes/service.ts";

/** Opens the database (migrated, and seeded when empty) and the services one instance needs. */
export async function createContext(
  config: Config,
  options: { log?: (message: string) => void; inMemory?: boolean } = {},
): Promise<Context & { close: () => Promise<void> }> {
  const log = options.log ?? ((message: string) => console.log(message));
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: options.inMemory ? undefined : path.join(config.dataDir, "pglite"),
  });
  if (await seedDatabase(handle.db, { demo: config.SEED_DEMO_DATA })) {
    log(config.SEED_DEMO_DATA ? "demo data loaded" : "reference data loaded");
  }
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const created = await ensureOperator(handle.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    log(
      created
        ? `operator account ${config.ADMIN_EMAIL} created`
        : `ADMIN_EMAIL ${config.ADMIN_EMAIL} has an account already: left as it is`,
    );
  }
  await ensureWebClient(handle.db, config);
  const rateLimiter = await createRateLimiter(config);
  const doorRateLimiter = await createRateLimiter(config, {
    points: config.DOOR_RATE_LIMIT_PER_MINUTE,
    keyPrefix: "eventwerk-door",
  });
  const mailer = createMailer(config, log);
  return {
    config,
    db: handle.db,
    tokens: await createTokenSigner(config),
    mailer,
    outbox: createOutbox(
      handle.db,
      // Finished emails of the panel and the operator (approvals, refunds), rendered when queued.
      { [mailJob]: async (job) => mailer.send(mailJobSchema.parse(job.payload)) },
      (message, error) =>
        log(`${message}: ${error instanceof Error ? error.message : String(error)}`),
      config.OUTBOX_LEASE_SECONDS,
    ),
    rateLimiter,
    doorRateLimiter,
    close: async () => {
      await rateLimiter.close();
      await doorRateLimiter.close();
      await handle.close();
    },
  };
}

/**
 * The whole API as one plugin on the server's root (not encapsulated): what `buildApp` serves,
 * and what a test registers on an instance of its own to watch every route being added.
 */
export const apiPlugin = fp<ContextOptions>(
  async (app, { ctx }) => {
    // JSON (and forms on /token) only: anything else is 415 rather than a string body.
    app.removeContentTypeParser("text/plain");
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    if (ctx.config.COMPRESSION) {
      // Brotli at quality 4 (not the default 11, which is for prebuilt files): fast per answer.
      await app.register(fastifyCompress, {
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      });
    }
    // Request logging is off (see buildApp): one line only where it tells something.
    app.addHook("onResponse", async (request, reply) => {
      const line = {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      };
      if (reply.statusCode >= 500) request.log.error(line, "request failed");
      else if (reply.elapsedTime >= ctx.config.SLOW_REQUEST_MS)
        request.log.warn(line, "slow request");
      else request.log.debug(line, "request completed");
    });
    app.addHook("onSend", async (request, reply) => {
      reply.header("x-request-id", request.id);
    });

    await app.register(errorsPlugin);
    await app.register(securityHeadersPlugin, { config: ctx.config });
    await app.register(authPlugin);
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: `${ctx.config.SITE_NAME} API`,
          version: "1.0.0",
          description:
            "REST API of the event and ticketing marketplace. Send `X-localization: de|en` to pick the language of translated fields and messages (default de). Errors always answer `{ error: { code, message, fields? } }`.",
        },
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        },
      },
      // The API's operations only: not the web pages, files or probes the same server answers.
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        return input.url.startsWith("/api/v1/")
          ? transformed
          : { ...transformed, schema: { ...transformed.schema, hide: true } };
      },
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(apiRoutes, { ctx });
    // The routes registered their job handlers above; every instance works off the shared table.
    app.addHook("onReady", async () => ctx.outbox.start(ctx.config.OUTBOX_POLL_MS));
    app.addHook("onClose", async () => ctx.outbox.stop());
  },
  { name: "eventwerk-api", fastify: "5.x" },
);

export async function buildApp(
  ctx: Context,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const trusted = proxyTrust(ctx.config.TRUST_PROXY);
  const app = Fastify({
    logger: {
      level: ctx.config.LOG_LEVEL,
      // Error lines name the request too: without the secrets a URL may carry.
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: ctx.config.BODY_LIMIT,
    trustProxy: ctx.config.TRUST_PROXY,
    // A proxy's X-Request-Id counts only from TRUST_PROXY's hops (requestIdFor).
    requestIdHeader: false,
    genReqId: (request) => requestIdFor(request, trusted),
    // Every page view makes several internal calls: a log line each cost measurable CPU under
    // load. The API plugin logs what tells something (failures, slow answers; all at debug).
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    ...options,
  });
  await app.register(apiPlugin, { ctx });
  return app;
}

import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiPaths } from "@eventwerk/contract";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { eq, sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Context } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import { oauthClients } from "./db/schema.ts";
import { createMailer } from "./lib/mailer.ts";
import { hashPassword, verifyPassword } from "./lib/passwords.ts";
import { createRateLimiter } from "./lib/rate-limit.ts";
import { createTokenSigner } from "./lib/tokens.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { accountRoutes } from "./routes/account.ts";
import { addressRoutes } from "./routes/addresses.ts";
import { catalogueRoutes } from "./routes/catalogue.ts";
import { checkoutRoutes } from "./routes/checkout.ts";
import { contentRoutes } from "./routes/content.ts";
import { geoRoutes } from "./routes/geo.ts";
import { registrationRoutes } from "./routes/registration.ts";
import { ticketRoutes } from "./routes/tickets.ts";
import { tokenRoutes } from "./routes/token.ts";
import { seedDemoData } from "./seed/index.ts";

export type { Config } from "./config.ts";
export { loadConfig } from "./config.ts";
export type { Context } from "./context.ts";

const flagsDir = fileURLToPath(new URL("../assets", import.meta.url));
/** Where images such as language flags are served from (SPEC: "the storage path"). */
export const storagePrefix = "/storage/";

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
  if (config.SEED_DEMO_DATA && (await seedDemoData(handle.db))) log("demo data loaded");
  await ensureWebClient(handle.db, config);
  const rateLimiter = await createRateLimiter(config);
  return {
    config,
    db: handle.db,
    tokens: await createTokenSigner(config),
    mailer: createMailer(config, log),
    rateLimiter,
    close: async () => {
      await rateLimiter.close();
      await handle.close();
    },
  };
}

/** The web front end's OAuth client follows the configured id and secret. */
async function ensureWebClient(db: Context["db"], config: Config) {
  const [existing] = await db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.id, config.OAUTH_CLIENT_ID));
  if (existing && (await verifyPassword(existing.secretHash, config.OAUTH_CLIENT_SECRET))) return;
  const values = {
    id: config.OAUTH_CLIENT_ID,
    name: "Eventwerk web",
    secretHash: await hashPassword(config.OAUTH_CLIENT_SECRET),
    grants: ["password", "refresh_token", "client_credentials"],
  };
  await db
    .insert(oauthClients)
    .values(values)
    .onConflictDoUpdate({
      target: oauthClients.id,
      set: { secretHash: values.secretHash, grants: values.grants },
    });
}

export async function buildApp(
  ctx: Context,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: ctx.config.LOG_LEVEL },
    bodyLimit: ctx.config.BODY_LIMIT,
    trustProxy: ctx.config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: "x-request-id",
    ...options,
  });
  // JSON (and forms on /token) only: anything else is 415 rather than a string body.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(errorsPlugin);
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
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get(apiPaths.openapi, { schema: { hide: true } }, async () => app.swagger());

  await app.register(fastifyStatic, {
    root: flagsDir,
    prefix: storagePrefix,
    maxAge: "7d",
    decorateReply: false,
  });

  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { status: "ok" };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  });

  for (const routes of [
    tokenRoutes,
    accountRoutes,
    addressRoutes,
    registrationRoutes,
    geoRoutes,
    contentRoutes,
    catalogueRoutes,
    ticketRoutes,
    checkoutRoutes,
  ]) {
    await app.register(routes, { ctx });
  }
  return app;
}

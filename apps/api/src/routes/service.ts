import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { apiPaths } from "@eventwerk/contract";
import fastifyStatic from "@fastify/static";
import swaggerUi from "@fastify/swagger-ui";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ContextOptions } from "../context.ts";
import { uploadStorageDir } from "../lib/panel/covers.ts";

const assetsDir = fileURLToPath(new URL("../../assets", import.meta.url));
/** Where images such as language flags are served from. */
export const storagePrefix = "/storage/";

/**
 * The service's own routes: the OpenAPI document and its reference page, the images under the
 * storage path (bundled and uploaded), and health and readiness for the load balancer.
 */
export const serviceRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  // The reference page is for developers (DEVELOPER_PAGES); the document is part of the API.
  if (ctx.config.DEVELOPER_PAGES) await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get(apiPaths.openapi, { schema: { hide: true } }, async () => app.swagger());

  // The bundled images first, then what organisers uploaded (covers) under DATA_DIR.
  const uploads = uploadStorageDir(ctx.config.dataDir);
  await mkdir(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: [assetsDir, uploads],
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
};

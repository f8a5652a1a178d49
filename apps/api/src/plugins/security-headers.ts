import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";

/**
 * Security headers on every API answer (errors and static files included). The API answers JSON
 * and images, so its policy allows nothing but itself; the reference at /api/docs needs its own
 * scripts, styles and inline styles. HSTS only when the public address is https: on http it
 * would do nothing, on localhost it would pin the browser to https.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Pick<Config, "PUBLIC_URL"> }) => {
    const https = new URL(config.PUBLIC_URL).protocol === "https:";
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", "data:"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      // Event images and flags are embedded by the web app on the same origin and by others.
      crossOriginResourcePolicy: { policy: "cross-origin" },
    });
  },
);

import { z } from "zod";

const booleanString = z.enum(["true", "false"]).transform((value) => value === "true");

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Where the REST API is reachable from this server; defaults to the same port. */
    API_BASE_URL: z.url().optional(),
    /**
     * The most connections each process opens to the API; more calls at once wait for one, within
     * their timeout. Each new connection costs the API's event loop an iteration to accept (libuv
     * accepts one per iteration), so a burst of new ones under load waited seconds, up to the
     * calls' timeout.
     */
    API_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(16),
    SITE_NAME: z.string().min(1).default("Eventwerk"),
    /** The OAuth client the web front end uses; same defaults as the API. */
    OAUTH_CLIENT_ID: z.string().min(1).default("eventwerk-web"),
    OAUTH_CLIENT_SECRET: z.string().min(8).default("eventwerk-web-dev-secret"),
    /**
     * Marks cookies `Secure` (and gives the login cookies `__Host-` names); defaults to whether
     * PUBLIC_URL is https.
     */
    COOKIE_SECURE: booleanString.optional(),
    /**
     * Public address for canonical links, and the scheme and host of every request (so form
     * posts from `https://` pages pass the origin checks behind a TLS-terminating proxy);
     * defaults to the address of each request.
     */
    PUBLIC_URL: z.url().optional(),
    /**
     * Which hops' `X-Forwarded-Proto` and `X-Forwarded-Host` the web app believes when PUBLIC_URL
     * is unset (the same setting as the API's): addresses or subnets, comma separated
     * (`loopback`, `10.0.0.0/8`, …), or `true`/`false`.
     */
    TRUST_PROXY: z.string().default("loopback"),
    /**
     * Origins besides the site itself that may show the organiser panel's pages in a frame
     * (space or comma separated, e.g. `https://partner.example`); every other page may be framed
     * by nobody.
     */
    PANEL_FRAME_ANCESTORS: z
      .string()
      .default("")
      .transform((value, ctx) => {
        const origins: string[] = [];
        for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
          const url = URL.parse(entry);
          if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
            ctx.addIssue({ code: "custom", message: `not an http(s) origin: ${entry}` });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
    /** Largest form post in bytes (larger: 413); the same setting as the API's. */
    BODY_LIMIT: z.coerce
      .number()
      .int()
      .min(1024)
      .default(100 * 1024),
    /**
     * Serve the developers' pages (`/test`, the component showcase); the API reads the same
     * setting for `/api/docs`. Default: on unless NODE_ENV is production.
     */
    DEVELOPER_PAGES: booleanString.optional(),
    NODE_ENV: z.string().optional(),
    /** Compress pages (brotli or gzip); `false` behind a proxy that compresses. */
    COMPRESSION: booleanString.default(true),
    /**
     * Public maintenance setting, compared with the string "true" (inverted on purpose): the app is
     * shown only while it equals "true"; any other value shows the maintenance overlay.
     */
    PUBLIC_MAINTENANCE: z.string().default("true"),
    /**
     * How long one instance may answer guests the same public page without rendering it again
     * (a micro-cache; never longer than the page's own max-age). 0 turns it off.
     */
    GUEST_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    /** How often the browser asks whether a new build is out. */
    BUILD_POLL_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(5 * 60 * 1000),
  })
  .transform(({ NODE_ENV, ...config }) => ({
    ...config,
    /**
     * Production without PUBLIC_URL answers only requests for this machine (localhost): any other
     * Host would be written into the canonical links, the sitemap and the shared caches' copies.
     */
    LOOPBACK_HOSTS_ONLY: NODE_ENV === "production" && !config.PUBLIC_URL,
    DEVELOPER_PAGES: config.DEVELOPER_PAGES ?? NODE_ENV !== "production",
    API_BASE_URL: (config.API_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ""),
  }));

export type WebConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the web app's configuration; a wrong value throws naming the variable. */
export function loadWebConfig(env: Record<string, string | undefined> = process.env): WebConfig {
  // An empty value counts as unset, except the maintenance setting's: it is compared with
  // "true", and an empty one is another value, which shows the overlay (SPEC.md section 1).
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => value !== "" || name === "PUBLIC_MAINTENANCE"),
  );
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid web configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** The configuration, parsed once when the server build is loaded. */
export const config: WebConfig = loadWebConfig();

/** Whether a host name (no port) is this machine's. */
export const isLoopbackHost = (hostname: string) =>
  hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";

/** The site's public origin (no trailing slash): PUBLIC_URL, or the address of the request. */
export const publicOrigin = (request: Request) =>
  (config.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, "");

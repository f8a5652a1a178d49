import path from "node:path";
import { defaultListenHost, emailSchema, isLoopbackUrl, passwordSchema } from "@eventwerk/contract";
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** The web client's secret as published in this repository (README, .env.example). */
export const publishedClientSecret = "eventwerk-web-dev-secret";

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /**
     * The address to listen on. Default: this machine only (127.0.0.1) unless PUBLIC_URL names
     * another host (then every address, 0.0.0.0): the demo's published logins and secrets are
     * never reachable from elsewhere by default.
     */
    HOST: z.string().optional(),
    /** Where the web front end is reachable; used for links in emails (default: this PORT). */
    PUBLIC_URL: z.url().optional(),
    SITE_NAME: z.string().min(1).default("Eventwerk"),
    DATA_DIR: z.string().default("./data"),
    /** PostgreSQL server; without it the embedded PGlite under DATA_DIR is used. */
    DATABASE_URL: z.url().optional(),
    /** Shares rate limits between instances; without it they are kept in memory. */
    REDIS_URL: z.url().optional(),
    /**
     * Processes `npm start` runs on PostgreSQL (Node's cluster module; they share the port and,
     * without Redis, the rate limits through the primary); default one per core. PGlite is one process.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** Without it, emails are written as .eml files to DATA_DIR/outbox. */
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().default("Eventwerk <no-reply@eventwerk.example>"),
    /** Ed25519 keys in PEM; without them a pair is generated once under DATA_DIR/keys. */
    JWT_PRIVATE_KEY: z.string().optional(),
    JWT_PUBLIC_KEY: z.string().optional(),
    JWT_ISSUER: z.string().default("eventwerk"),
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
    REFRESH_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(300)
      .default(30 * 86_400),
    RESET_TOKEN_TTL: z.coerce.number().int().min(60).default(3600),
    /** How long an emailed address confirmation link works, in seconds (default a day). */
    EMAIL_TOKEN_TTL: z.coerce.number().int().min(60).default(86_400),
    /**
     * A login session's absolute lifetime in seconds: refresh tokens are not renewed beyond it, and
     * the visitor logs in again (default 90 days).
     */
    SESSION_MAX_AGE: z.coerce
      .number()
      .int()
      .min(300)
      .default(90 * 86_400),
    /**
     * Seconds after a refresh token's use in which presenting it again returns the same successor
     * (two tabs or requests renewing at once) instead of counting as a replay, which ends the session.
     */
    REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    /** The web front end's OAuth client, created or updated at start. */
    OAUTH_CLIENT_ID: z.string().min(1).default("eventwerk-web"),
    OAUTH_CLIENT_SECRET: z.string().min(8).default(publishedClientSecret),
    BODY_LIMIT: z.coerce
      .number()
      .int()
      .min(1024)
      .default(100 * 1024),
    /**
     * Compress answers (brotli or gzip, as the client accepts) at a level fit for dynamic content;
     * `false` behind a proxy that compresses.
     */
    /** Answers slower than this many milliseconds are logged at warn (every answer at debug). */
    SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(500),
    COMPRESSION: booleanString.default(true),
    /** Attempts per minute on /token, /register* and /password/* per IP and per account. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** Requests per minute of one door link (all its scanners together: a busy gate, syncs). */
    DOOR_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    /**
     * Which hops' `X-Forwarded-For` is believed when telling a visitor's IP (for the limits above):
     * addresses or subnets, comma separated (`loopback`, `10.0.0.0/8`, …), or `true`/`false`. The
     * default trusts the web app on the same machine and nobody else.
     */
    TRUST_PROXY: z
      .string()
      .default("loopback")
      .transform((value): boolean | string[] => {
        if (value === "true" || value === "false") return value === "true";
        return value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean);
      }),
    /**
     * How long one instance may answer the same catalogue read without asking the
     * database again (a micro-cache; never longer than the answer's max-age). 0 turns it off.
     */
    PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    /**
     * An empty database gets the reference data (languages, places, pages) and, while this is on,
     * the demo data: events, orders, and logins whose passwords the README publishes (the
     * operator's too). A public production site refuses it unless it is a demo site.
     */
    SEED_DEMO_DATA: booleanString.default(true),
    /**
     * The operator's account, made at start when no account has the address (an existing one is
     * left as it is): the way to the admin panel on a site without the demo data.
     */
    ADMIN_EMAIL: emailSchema.optional(),
    ADMIN_PASSWORD: passwordSchema.optional(),
    /** How long chosen tickets stay reserved for the buyer before they return to sale. */
    HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
    /**
     * How long a placed order may be paid on the provider's page. Its seats stay reserved that
     * long, and a few minutes more for the provider's report, so a payment the provider confirms
     * in time gets its tickets (decision 018). Stripe allows 30 minutes to a day from the session's creation: the bounds
     * leave a minute for the request's way there and the clocks' difference.
     */
    PAYMENT_MINUTES: z.coerce.number().int().min(31).max(1439).default(31),
    /**
     * Seats one source (IP address, and the account when signed in) may hold within the longest a
     * hold lasts (HOLD_MINUTES, then PAYMENT_MINUTES and five once placed), so that one client
     * cannot keep a whole event reserved; more answer 429 `rate_limited`.
     */
    HOLD_SEATS_PER_SOURCE: z.coerce.number().int().min(1).default(40),
    /** The platform's service fee per ticket: a percentage of its price plus a fixed amount. */
    SERVICE_FEE_PERCENT: z.coerce.number().min(0).max(50).default(0),
    SERVICE_FEE_FIXED_CENTS: z.coerce.number().int().min(0).max(10_000).default(0),
    /**
     * `test`: our own hosted payment page; nothing is charged. `stripe`: Stripe Checkout Sessions
     * (needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).
     */
    PAYMENT_PROVIDER: z.enum(["test", "stripe"]).default("test"),
    /**
     * A public site (production, PUBLIC_URL not this machine) may run the test provider: a
     * staging or demo site, where every buyer "pays" with the test page's button. Off, such a
     * site refuses to start with PAYMENT_PROVIDER=test (`productionRefusal`).
     */
    ALLOW_TEST_PAYMENTS: booleanString.default(false),
    /** Stripe's secret API key (`sk_live_…`, or `sk_test_…`: every page then says test mode). */
    STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
    /** The signing secret of the Stripe webhook endpoint (`whsec_…`). */
    STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
    /** Another address for Stripe's API: only for a local fake in tests (`http://127.0.0.1:12111`). */
    STRIPE_API_BASE: z.url().optional(),
    /** Signs the test provider's webhooks (HMAC-SHA256), as a real provider's secret would. */
    TEST_PAYMENT_WEBHOOK_SECRET: z.string().min(16).default("eventwerk-test-webhook-secret"),
    /** How often the outbox worker looks for due jobs (emails, webhooks); 0 turns it off. */
    OUTBOX_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** How long a claimed outbox job is its worker's; after that (the worker died) another takes it. */
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /**
     * How often unpaid holds are expired and placed orders are checked with their payment provider
     * (a lost webhook still completes a paid order); also once at start. Each placed order is
     * asked at most once per interval, across all server processes. 0 turns it off.
     */
    RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /**
     * Serve the API reference at /api/docs (and, in the web app, the component showcase at /test).
     * Default: on unless NODE_ENV is production. The OpenAPI document itself is always served.
     */
    DEVELOPER_PAGES: booleanString.optional(),
    /**
     * Crash tests only: the process kills itself (SIGKILL) as a payment issues its tickets, signed
     * but not yet written. Refused in production.
     */
    FAULT_KILL_BEFORE_TICKET_ISSUE: booleanString.default(false),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((config, context) => {
    if (config.FAULT_KILL_BEFORE_TICKET_ISSUE && config.NODE_ENV === "production") {
      context.addIssue({
        code: "custom",
        path: ["FAULT_KILL_BEFORE_TICKET_ISSUE"],
        message: "only for crash tests, never in production",
      });
    }
    // One without the other would start a site whose operator cannot sign in.
    if (Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD)) {
      context.addIssue({
        code: "custom",
        path: [config.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD go together",
      });
    }
    if (config.PAYMENT_PROVIDER !== "stripe") return;
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
      if (!config[key]) {
        context.addIssue({
          code: "custom",
          path: [key],
          message: "required with PAYMENT_PROVIDER=stripe",
        });
      }
    }
  });

export type Config = Omit<
  z.infer<typeof configSchema>,
  "DEVELOPER_PAGES" | "PUBLIC_URL" | "HOST"
> & {
  DEVELOPER_PAGES: boolean;
  PUBLIC_URL: string;
  HOST: string;
  dataDir: string;
};

/**
 * How long a placed order's seats stay reserved after its payment window, for the provider's
 * report of a payment made at its last moment (a webhook is usually there within seconds).
 */
export const PAYMENT_REPORT_MINUTES = 5;

/** The longest one hold reserves its seats: its hold time, then, once placed, its payment's. */
export const longestHoldMinutes = (config: Config) =>
  config.HOLD_MINUTES + config.PAYMENT_MINUTES + PAYMENT_REPORT_MINUTES;

/** Whether listening there takes connections from this machine only. */
const loopbackAddress = (host: string) =>
  host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * Why production must not start with this configuration, or null. Both defaults are refused
 * once the site is public, i.e. PUBLIC_URL names a host other than this machine or the server
 * listens on an address others reach (HOST, which defaults to this machine's): the published
 * client secret would let anyone log in as the web app (its password grant and refresh
 * tokens), the test provider would let anyone get paid tickets without paying, and the demo
 * data's logins, whose passwords the README publishes, would let anyone in as the operator.
 * `npm start` on a fresh machine (PUBLIC_URL and HOST unset: localhost) still starts with them, for trying
 * the demo; a public demo or staging site says so with ALLOW_TEST_PAYMENTS.
 */
export function productionRefusal(config: Config): string | null {
  if (config.NODE_ENV !== "production") return null;
  // Public: its address names another host, or it listens where others can connect.
  const where = !isLoopbackUrl(config.PUBLIC_URL)
    ? `PUBLIC_URL is ${config.PUBLIC_URL}`
    : !loopbackAddress(config.HOST)
      ? `it listens on HOST=${config.HOST}`
      : null;
  if (!where) return null;
  const refusals: string[] = [];
  if (config.OAUTH_CLIENT_SECRET === publishedClientSecret) {
    refusals.push(
      `  OAUTH_CLIENT_SECRET: the published default must not be used on a public site (${where}); set a long random secret, the same for the API and the web app`,
    );
  }
  if (config.SEED_DEMO_DATA && !config.ALLOW_TEST_PAYMENTS) {
    refusals.push(
      `  SEED_DEMO_DATA: the demo logins' passwords are published (the operator's too), so on a public site (${where}) anyone could sign in as the operator; set SEED_DEMO_DATA=false with ADMIN_EMAIL and ADMIN_PASSWORD for the operator's account, or ALLOW_TEST_PAYMENTS=true for a demo or staging site`,
    );
  }
  if (config.PAYMENT_PROVIDER === "test" && !config.ALLOW_TEST_PAYMENTS) {
    refusals.push(
      `  PAYMENT_PROVIDER: the test provider charges nothing, so a public site (${where}) would give tickets away; set PAYMENT_PROVIDER=stripe, or ALLOW_TEST_PAYMENTS=true for a staging or demo site`,
    );
  }
  return refusals.length > 0 ? refusals.join("\n") : null;
}

/** Parses configuration; a wrong value stops the process with the variable's name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const publicUrl = result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`;
  const config: Config = {
    ...result.data,
    DEVELOPER_PAGES: result.data.DEVELOPER_PAGES ?? result.data.NODE_ENV !== "production",
    PUBLIC_URL: publicUrl,
    HOST: result.data.HOST ?? defaultListenHost(publicUrl),
    dataDir: path.resolve(result.data.DATA_DIR),
  };
  const refusal = productionRefusal(config);
  if (refusal) throw new ConfigError(`Invalid configuration:\n${refusal}`);
  return config;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

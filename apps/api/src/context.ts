import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Mailer } from "./lib/mailer.ts";
import type { Outbox } from "./lib/outbox.ts";
import type { RateLimiter } from "./lib/rate-limit.ts";
import type { TokenSigner } from "./lib/tokens.ts";

/** What every route plugin gets: the services of one running API instance. */
export type Context = {
  config: Config;
  db: Database;
  tokens: TokenSigner;
  mailer: Mailer;
  /** Durable jobs (emails, webhooks): added in the transaction that causes them, run after it. */
  outbox: Outbox;
  rateLimiter: RateLimiter;
  /** Requests per door link (`DOOR_RATE_LIMIT_PER_MINUTE`), apart from the sign-in attempts. */
  doorRateLimiter: RateLimiter;
};
export type ContextOptions = { ctx: Context };

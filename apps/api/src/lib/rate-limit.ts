import cluster from "node:cluster";
import { Redis } from "ioredis";
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { type Config, ConfigError, longestHoldMinutes } from "../config.ts";
import { HttpError } from "./http-error.ts";

export type RateLimiter = {
  /**
   * Counts one attempt (or `cost` units) for every key; throws 429 when any of them is over the
   * limit of the scope.
   */
  hit: (scope: string, keys: string[], cost?: number) => Promise<void>;
  /**
   * Gives one attempt (or `cost` units) back to every key: counted up front (so that concurrent
   * ones cannot all pass before any is counted), it turned out not to count: a right password,
   * a hold that held nothing. Never throws.
   */
  reward: (scope: string, keys: string[], cost?: number) => Promise<void>;
  close: () => Promise<void>;
};

const limited = (msBeforeNext: number) =>
  new HttpError(429, "rate_limited", "rate_limited", undefined, {
    "retry-after": String(Math.max(1, Math.ceil(msBeforeNext / 1000))),
  });

/**
 * In memory by default; in Redis when REDIS_URL is set, so that all instances share the counts; in
 * the cluster primary's memory for the workers of one `npm start` (`WEB_CONCURRENCY`) without Redis.
 */
export async function createRateLimiter(
  config: Config,
  /** Another budget than the sign-in attempts' (the door's), under its own key prefix. */
  budget: { points: number; keyPrefix: string } = {
    points: config.RATE_LIMIT_PER_MINUTE,
    keyPrefix: "eventwerk-rl",
  },
): Promise<RateLimiter> {
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
      })
    : null;
  // ioredis reports every failed reconnect as an error event: the limiter notices through its
  // failing calls (and counts in memory meanwhile), so these are not worth a line each.
  redis?.on("error", () => {});
  // Connected before the first request; while Redis is away later, the in-memory limiter stands in.
  // Unreachable at start, it stops the start with a message naming the setting: the instances would
  // otherwise each count on their own without anyone noticing.
  await redis?.connect().catch((error: unknown) => {
    redis.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Invalid configuration:\n  REDIS_URL: Redis is unreachable (${reason})`);
  });
  const limiterFor = (points: number, duration: number, keyPrefix: string) => {
    const options = { points, duration, keyPrefix };
    if (redis) {
      return new RateLimiterRedis({
        ...options,
        storeClient: redis,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    }
    return cluster.isWorker
      ? new RateLimiterCluster({ ...options, timeoutMs: 3000 })
      : new RateLimiterMemory(options);
  };
  const limiter = limiterFor(budget.points, 60, budget.keyPrefix);
  // Scopes with a limit of their own. Holds count seats over the longest a hold lasts (placed,
  // it lasts through its payment window), so that one source cannot keep a whole event reserved
  // by holding and placing again and again.
  const own: Record<string, ReturnType<typeof limiterFor>> = {
    hold: limiterFor(
      config.HOLD_SEATS_PER_SOURCE,
      longestHoldMinutes(config) * 60,
      "eventwerk-rl-hold",
    ),
  };
  return {
    hit: async (scope, keys, cost = 1) => {
      for (const key of keys) {
        try {
          await (own[scope] ?? limiter).consume(`${scope}:${key}`, cost);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          throw limited(error.msBeforeNext);
        }
      }
    },
    reward: async (scope, keys, cost = 1) => {
      for (const key of keys) {
        // A reward that fails (Redis away, the cluster's primary slow) leaves the attempt
        // counted: stricter for a while, never looser, and the request it follows stands.
        await (own[scope] ?? limiter)
          .reward(`${scope}:${key}`, cost)
          .catch((error: unknown) => console.warn(`rate limit reward failed: ${String(error)}`));
      }
    },
    close: async () => {
      redis?.disconnect();
    },
  };
}

/** In a cluster primary: keeps the counts that its workers share when there is no Redis. */
export function shareRateLimitsWithWorkers(): void {
  new RateLimiterClusterMaster();
}

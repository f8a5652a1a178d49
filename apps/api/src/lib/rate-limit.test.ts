import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { HttpError } from "./http-error.ts";
import { createRateLimiter } from "./rate-limit.ts";

const redisUrl = process.env.TEST_REDIS_URL;

async function statusOf(promise: Promise<void>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : 500;
  }
}

describe("rate limiter", () => {
  it("counts every key and refuses the attempt over the limit with Retry-After", async () => {
    const limiter = await createRateLimiter(loadConfig({ RATE_LIMIT_PER_MINUTE: "2" }));
    const scope = randomUUID();
    expect(await statusOf(limiter.hit(scope, ["ip:1", "account:a"]))).toBe(200);
    expect(await statusOf(limiter.hit(scope, ["ip:1", "account:b"]))).toBe(200);
    // The IP is used up, whatever the account.
    const error = await limiter.hit(scope, ["ip:1", "account:c"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe("rate_limited");
    expect(Number((error as HttpError).headers?.["retry-after"])).toBeGreaterThan(0);
    // Another IP still gets through.
    expect(await statusOf(limiter.hit(scope, ["ip:2", "account:d"]))).toBe(200);
    await limiter.close();
  });

  it("checks without counting, and counts failures after the fact", async () => {
    const limiter = await createRateLimiter(loadConfig({ RATE_LIMIT_PER_MINUTE: "2" }));
    const scope = randomUUID();
    for (let n = 0; n < 5; n++) expect(await statusOf(limiter.check(scope, ["a"]))).toBe(200);
    await limiter.count(scope, ["a", "b"]);
    expect(await statusOf(limiter.check(scope, ["a"]))).toBe(200);
    await limiter.count(scope, ["a"]);
    const error = await limiter.check(scope, ["b", "a"]).catch((e: unknown) => e);
    expect((error as HttpError).statusCode).toBe(429);
    expect(Number((error as HttpError).headers?.["retry-after"])).toBeGreaterThan(0);
    expect(await statusOf(limiter.check(scope, ["b"]))).toBe(200);
    await limiter.close();
  });

  // Two instances pointed at one Redis share their counts.
  it.runIf(redisUrl)("shares the counts between instances through Redis", async () => {
    const config = loadConfig({ RATE_LIMIT_PER_MINUTE: "2", REDIS_URL: redisUrl });
    const first = await createRateLimiter(config);
    const second = await createRateLimiter(config);
    const scope = randomUUID();
    expect(await statusOf(first.hit(scope, ["ip:9"]))).toBe(200);
    expect(await statusOf(second.hit(scope, ["ip:9"]))).toBe(200);
    expect(await statusOf(first.hit(scope, ["ip:9"]))).toBe(429);
    expect(await statusOf(second.hit(scope, ["ip:9"]))).toBe(429);
    await first.close();
    await second.close();
  });
});

import { randomUUID } from "node:crypto";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
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

  it("gives an attempt back", async () => {
    const limiter = await createRateLimiter(loadConfig({ RATE_LIMIT_PER_MINUTE: "2" }));
    const scope = randomUUID();
    for (let n = 0; n < 5; n++) {
      expect(await statusOf(limiter.hit(scope, ["a"]))).toBe(200);
      await limiter.reward(scope, ["a"]);
    }
    await limiter.hit(scope, ["a", "b"]);
    await limiter.hit(scope, ["a"]);
    const error = await limiter.hit(scope, ["a"]).catch((e: unknown) => e);
    expect((error as HttpError).statusCode).toBe(429);
    expect(Number((error as HttpError).headers?.["retry-after"])).toBeGreaterThan(0);
    expect(await statusOf(limiter.hit(scope, ["b"]))).toBe(200);
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

/**
 * A TCP proxy in front of the test Redis that the test can cut: Redis "becomes unreachable"
 * without stopping the server other tests share.
 */
async function cuttableRedis(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

describe("rate limiter when Redis fails", () => {
  it("refuses to start with a clear message when REDIS_URL cannot be reached", async () => {
    const config = loadConfig({ REDIS_URL: "redis://127.0.0.1:1" });
    await expect(createRateLimiter(config)).rejects.toThrow(/REDIS_URL: Redis is unreachable/);
  });

  it.runIf(redisUrl)("keeps limiting in memory while Redis is away, and never throws", async () => {
    const redis = await cuttableRedis(redisUrl as string);
    const limiter = await createRateLimiter(
      loadConfig({ RATE_LIMIT_PER_MINUTE: "2", REDIS_URL: redis.url }),
    );
    const scope = randomUUID();
    expect(await statusOf(limiter.hit(scope, ["ip:1"]))).toBe(200);
    await redis.cut();
    // Every call answers as a limiter (200 or 429), never with an error of the store.
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push(await statusOf(limiter.hit(scope, ["ip:2"])));
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(await statusOf(limiter.reward(scope, ["ip:3"]))).toBe(200);
    await limiter.close();
  });
});

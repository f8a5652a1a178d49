import { expect, test } from "@playwright/test";
import { postgresServer, postgresUrl } from "./postgres-server";

/**
 * `npm start` on PostgreSQL runs one worker per core (WEB_CONCURRENCY) behind Node's cluster
 * module. Needs a PostgreSQL server (TEST_DATABASE_URL, as CI sets); the embedded PGlite is
 * always one process.
 */
const limit = 3;
const server = postgresServer({
  port: Number(process.env.E2E_PORT ?? 3460) + 7,
  label: "cluster",
  env: { WEB_CONCURRENCY: "2", RATE_LIMIT_PER_MINUTE: String(limit) },
  // /healthz answers once the first worker listens; the test needs both.
  ready: (log) => (log.match(/is running on/g)?.length ?? 0) >= 2,
});
const base = server.base;

test.describe("npm start with several workers on PostgreSQL", () => {
  test.skip(!postgresUrl, "needs TEST_DATABASE_URL");
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    // The wait allows two minutes: a loaded machine takes longer than a hook's 30 s to migrate,
    // seed and start both workers.
    test.setTimeout(150_000);
    await server.start();
  });

  test.afterAll(() => server.stop());

  test("two workers serve pages and the API, and share the rate limits", async () => {
    expect(server.log()).toContain("starts 2 workers");
    expect(server.log().match(/is running on/g)).toHaveLength(2);

    const page = await fetch(`${base}/veranstaltungen`, { headers: { connection: "close" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");

    // Linux hands connections to the workers in turn: counted per worker, 2 × limit attempts
    // would pass; shared through the primary, every attempt after the limit is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 2 * limit + 1; i++) {
      const response = await fetch(`${base}/api/v1/token`, {
        method: "POST",
        headers: { connection: "close", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "password",
          username: "visitor@eventwerk.example",
          password: "not-the-password",
          client_id: "eventwerk-web",
          client_secret: "eventwerk-web-dev-secret",
        }),
      });
      statuses.push(response.status);
    }
    // (The page above took a client token from the same bucket, so the first 429 may come early.)
    expect(statuses[0]).toBe(400);
    expect(statuses.slice(-(limit + 1))).toEqual(Array.from({ length: limit + 1 }, () => 429));
  });
});

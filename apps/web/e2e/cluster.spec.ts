import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";

/**
 * `npm start` on PostgreSQL runs one worker per core (WEB_CONCURRENCY) behind Node's cluster
 * module. Needs a PostgreSQL server (TEST_DATABASE_URL, as CI sets); the embedded PGlite is
 * always one process.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const port = Number(process.env.E2E_PORT ?? 3460) + 7;
const base = `http://127.0.0.1:${port}`;
const limit = 3;

test.describe("npm start with several workers on PostgreSQL", () => {
  test.skip(!adminUrl, "needs TEST_DATABASE_URL");
  test.describe.configure({ timeout: 180_000 });

  const database = `ew_cluster_${process.pid}_${Date.now()}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "eventwerk-cluster-"));
  let server: ChildProcess | undefined;
  let log = "";

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  test.beforeAll(async () => {
    // The wait below allows two minutes: a loaded machine takes longer than a hook's 30 s to
    // migrate, seed and start both workers.
    test.setTimeout(150_000);
    await admin(`create database ${database}`);
    const url = new URL(adminUrl ?? "");
    url.pathname = `/${database}`;
    server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: url.toString(),
        WEB_CONCURRENCY: "2",
        DATA_DIR: dataDir,
        REDIS_URL: "",
        RATE_LIMIT_PER_MINUTE: String(limit),
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        API_BASE_URL: base,
        PUBLIC_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk) => {
      log += chunk;
    });
    server.stderr?.on("data", (chunk) => {
      log += chunk;
    });
    for (let i = 0; i < 240; i++) {
      if (server.exitCode !== null) break;
      const up = await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      // /healthz answers once the first worker listens; the test needs both.
      if (up && (log.match(/is running on/g)?.length ?? 0) >= 2) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`The clustered server did not start:\n${log}`);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const ended = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await ended;
    }
    await admin(`drop database if exists ${database} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("two workers serve pages and the API, and share the rate limits", async () => {
    expect(log).toContain("starts 2 workers");
    expect(log.match(/is running on/g)).toHaveLength(2);

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

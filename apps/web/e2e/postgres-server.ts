import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/** The PostgreSQL server CI gives the tests; without it these specs are skipped. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * `npm start`'s server (the production build) on a database of its own on the PostgreSQL server
 * of TEST_DATABASE_URL: for what the shared embedded servers cannot show (several workers, or
 * rows only the database can set up). `ready` reads the server's log: started when it says so.
 */
export function postgresServer(options: {
  port: number;
  label: string;
  env?: Record<string, string>;
  ready?: (log: string) => boolean;
}) {
  const database = `ew_${options.label}_${process.pid}_${Date.now()}`;
  // Made when the server starts: a spec loaded only to be skipped leaves nothing behind.
  let dataDir = "";
  const base = `http://127.0.0.1:${options.port}`;
  const url = new URL(postgresUrl ?? "postgres://localhost/test");
  let server: ChildProcess | undefined;
  let log = "";

  /** One statement on `on`'s database (the server's own by default). */
  const query = async (sql: string, values: unknown[] = [], on = database) => {
    const target = new URL(url);
    target.pathname = `/${on}`;
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows;
    } finally {
      await client.end();
    }
  };
  const adminDatabase = url.pathname.slice(1);

  return {
    base,
    /** Where the server keeps its files (its outbox's mails under `outbox/`). */
    dataDir: () => dataDir,
    log: () => log,
    query,
    async start() {
      await query(`create database ${database}`, [], adminDatabase);
      dataDir = mkdtempSync(path.join(tmpdir(), `eventwerk-${options.label}-`));
      const own = new URL(url);
      own.pathname = `/${database}`;
      server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
        env: {
          ...process.env,
          PORT: String(options.port),
          DATABASE_URL: own.toString(),
          DATA_DIR: dataDir,
          // The shell's own settings must not leak in (as in playwright.config.ts): one worker
          // unless a spec asks for more (each keeps a pool of connections to the shared
          // server), the demo data, the test provider, the app rather than the maintenance page.
          WEB_CONCURRENCY: "1",
          REDIS_URL: "",
          SMTP_URL: "",
          LOG_LEVEL: "warn",
          NODE_ENV: "production",
          API_BASE_URL: base,
          PUBLIC_URL: "",
          COOKIE_SECURE: "false",
          PUBLIC_MAINTENANCE: "true",
          SEED_DEMO_DATA: "true",
          PAYMENT_PROVIDER: "test",
          RATE_LIMIT_PER_MINUTE: "1000",
          ...options.env,
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
        // Ended, by itself or by a signal (then its exit code stays null).
        if (server.exitCode !== null || server.signalCode !== null) break;
        const up = await fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        if (up && (options.ready?.(log) ?? true)) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`The server on PostgreSQL did not start:\n${log}`);
    },
    async stop() {
      if (server && server.exitCode === null && server.signalCode === null) {
        const ended = new Promise((resolve) => server?.once("exit", resolve));
        server.kill("SIGTERM");
        await ended;
      }
      await query(`drop database if exists ${database} with (force)`, [], adminDatabase);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

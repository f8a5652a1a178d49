import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../testing/app.ts";

const prepareScript = fileURLToPath(new URL("./prepare.ts", import.meta.url));

function runPrepare(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", prepareScript], {
      env: { ...process.env, ...env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
}

// Only meaningful on a server that two processes can share.
describe.runIf(testDatabase === "postgres")("two instances starting on one empty database", () => {
  it("both migrate and seed, and the data is there once", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `ew_migrate_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(tmpdir(), "eventwerk-migrate-"));
    try {
      const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
      const results = await Promise.all([runPrepare(env), runPrepare(env)]);
      for (const result of results) expect(result.code, result.output).toBe(0);

      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      const migrations = await db.query(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      const languages = await db.query("select count(*)::int as n from languages");
      const users = await db.query(
        "select count(*)::int as n from users where email = 'visitor@eventwerk.example'",
      );
      const categories = await db.query("select count(*)::int as n from event_categories");
      await db.end();
      expect(migrations.rows[0].n).toBeGreaterThan(0);
      expect(languages.rows[0].n).toBe(2);
      expect(users.rows[0].n).toBe(1);
      expect(categories.rows[0].n).toBe(10);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

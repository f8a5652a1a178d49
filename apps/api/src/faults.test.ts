import { apiPaths } from "@eventwerk/contract";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerVisitor, type TestApp, testClient } from "./testing/app.ts";

/**
 * Faults on a real PostgreSQL server (only with TEST_DATABASE_URL): connections the server ends
 * under load. The server is shared, so the test ends the backends of its own database
 * (pg_terminate_backend) instead of restarting it.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("PostgreSQL connections dropped under load", () => {
  let t: TestApp;
  let database = "";
  let admin: pg.Client;
  beforeAll(async () => {
    database = `ew_fault_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${database}`;
    t = await createTestApp({ DATABASE_URL: url.toString() });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
  });

  const tryLogin = (username: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: apiPaths.token,
      payload: { grant_type: "password", username, password, ...testClient },
    });

  const terminate = () =>
    admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );

  it("answers every request cleanly while backends end, and recovers without a restart", async () => {
    const reads = [apiPaths.events, "/readyz", `${apiPaths.events}?page=2`];
    const load = Array.from({ length: 60 }, (_, n) =>
      t.app.inject({ method: "GET", url: reads[n % reads.length] as string }),
    );
    // Twice, while the requests are running.
    const cuts = (async () => {
      await terminate();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await terminate();
    })();
    const [answers] = await Promise.all([Promise.all(load), cuts]);
    for (const answer of answers) {
      if (answer.statusCode === 200) continue;
      // A failure is an answer in the one error shape (or readiness saying so), not a hang or crash.
      expect([500, 503]).toContain(answer.statusCode);
      const body = answer.json<{ error?: { code: string }; status?: string }>();
      expect(body.error?.code ?? body.status).toMatch(/internal_error|unavailable/);
    }
    // The pool replaces the lost connections: the next requests succeed.
    for (const url of reads) {
      const after = await t.app.inject({ method: "GET", url });
      expect(after.statusCode, url).toBe(200);
    }
  });

  it("fails only the transaction whose connection ends between two statements, not the process", async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      const waiting = t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // As a transaction waits for a payment provider: its connection is checked out, idle.
        await terminate();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(waiting).rejects.toThrow();
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
    }
    let after = await t.app.inject({ method: "GET", url: apiPaths.events });
    // A request may still meet a connection that has not heard of its end yet; the next has a new one.
    for (let attempt = 0; attempt < 3 && after.statusCode === 500; attempt++) {
      after = await t.app.inject({ method: "GET", url: apiPaths.events });
    }
    expect(after.statusCode).toBe(200);
  });

  it("keeps an acknowledged write when the connections end right after", async () => {
    const { email, password } = await registerVisitor(t.app);
    await terminate();
    // A request may still meet a connection that has not heard of its end yet (a clean 500);
    // the next gets a new one. The registration itself must be there.
    let login = await tryLogin(email, password);
    for (let attempt = 0; attempt < 3 && login.statusCode === 500; attempt++) {
      expect(login.json<{ error: { code: string } }>().error.code).toBe("internal_error");
      login = await tryLogin(email, password);
    }
    expect(login.statusCode).toBe(200);
  });
});

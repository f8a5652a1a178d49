import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.ts";
import { type Database, openDatabase, withSettings } from "./client.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const settings = {
  enable_seqscan: "off",
  "pg_trgm.word_similarity_threshold": "0.7",
  plan_cache_mode: "force_generic_plan",
};
/** The three settings as the connection sees them (pg_trgm loaded first, for its own). */
const current = async (db: Database) =>
  (
    await db.execute(
      sql`select word_similarity('a', 'a') as loaded, current_setting('enable_seqscan') as seqscan,
        current_setting('pg_trgm.word_similarity_threshold') as threshold,
        current_setting('plan_cache_mode') as plans`,
    )
  ).rows[0];

describe("withSettings", () => {
  it("runs the statements with the settings, side by side and again", async () => {
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => withSettings(t.ctx.db, settings, current)),
    );
    for (const run of runs)
      expect(run).toEqual({
        loaded: 1,
        seqscan: "off",
        threshold: "0.7",
        plans: "force_generic_plan",
      });
  });

  it("passes values with spaces and backslashes as they are", async () => {
    const name = String.raw`search pool \ one`;
    const result = await withSettings(t.ctx.db, { application_name: name }, (db) =>
      db.execute(sql`select current_setting('application_name') as name`),
    );
    expect(result.rows[0]).toEqual({ name });
  });

  it("leaves the database's other statements without them", async () => {
    await withSettings(t.ctx.db, settings, current);
    expect(await current(t.ctx.db)).toEqual({
      loaded: 1,
      seqscan: "on",
      threshold: "0.6",
      plans: "auto",
    });
  });

  it("keeps the startup options of the database's URL beside its own", async () => {
    const url = t.ctx.config.DATABASE_URL;
    if (!url) return; // PGlite has no connection options.
    const withOptions = new URL(url);
    withOptions.searchParams.set("options", "-c statement_timeout=12345");
    const handle = await openDatabase({ url: withOptions.toString() });
    try {
      const result = await withSettings(handle.db, settings, (db) =>
        db.execute(
          sql`select current_setting('statement_timeout') as timeout, current_setting('enable_seqscan') as seqscan`,
        ),
      );
      expect(result.rows[0]).toEqual({ timeout: "12345ms", seqscan: "off" });
    } finally {
      await handle.close();
    }
  });

  it("refuses a transaction, whose other statements would keep the settings", async () => {
    await expect(
      t.ctx.db.transaction((tx) => withSettings(tx as unknown as Database, settings, current)),
    ).rejects.toThrow("not a transaction");
  });
});

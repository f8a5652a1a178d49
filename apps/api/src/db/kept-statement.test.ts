import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDatabase } from "../testing/app.ts";
import { keptStatement, preparedRows, timestamptz, withSettings } from "./client.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("keptStatement", () => {
  it("builds a shape's text once and runs it with each run's values", async () => {
    const built: string[] = [];
    const rows = keptStatement(({ upper }: { upper: boolean }) => {
      built.push(String(upper));
      const word = sql.placeholder("word");
      return sql`select ${upper ? sql`upper(${word})` : word}::text as word, ${timestamptz(sql.placeholder("at"))} as at`;
    });
    const at = new Date("2026-11-25T18:00:00.000Z");
    const run = (upper: boolean, word: string) =>
      rows<{ word: string; at: Date | string }>(
        t.ctx.db,
        { upper },
        { word, at: at.toISOString() },
      );

    expect((await run(false, "jazz"))[0]?.word).toBe("jazz");
    expect((await run(false, "rock"))[0]?.word).toBe("rock");
    expect((await run(true, "rock"))[0]?.word).toBe("ROCK");
    const [row] = await run(true, "oper");
    expect(row?.word).toBe("OPER");
    expect(new Date(row?.at ?? 0)).toEqual(at);
    expect(built).toEqual(["false", "true"]);
  });

  it("refuses a run without one of its values, before asking the database", async () => {
    const rows = keptStatement(() => sql`select ${sql.placeholder("word")}::text as word`);
    await expect(rows(t.ctx.db, {}, { other: "jazz" })).rejects.toThrow(
      'No value for placeholder "word"',
    );
  });
});

describe.runIf(testDatabase === "pglite")("named statements on PGlite", () => {
  const echo = keptStatement(
    () => sql`select ${sql.placeholder("text")}::text as text, ${sql.placeholder("n")}::int as n,
      ${sql.placeholder("yes")}::boolean as yes, ${sql.placeholder("none")}::text as none`,
  );
  const statementName = async () => {
    const found = await t.ctx.db.execute(
      sql`select name from pg_prepared_statements where statement like '%::boolean as yes%'`,
    );
    return found.rows.map((row) => (row as { name: string }).name);
  };

  it("prepares a statement once, even for concurrent first runs, and runs it with each run's values", async () => {
    const runs = await Promise.all(
      ["jazz", "rock", "oper"].map((text, n) =>
        echo<Record<string, unknown>>(t.ctx.db, {}, { text, n, yes: n > 0, none: null }),
      ),
    );
    expect(runs.map((rows) => rows[0])).toEqual([
      { text: "jazz", n: 0, yes: false, none: null },
      { text: "rock", n: 1, yes: true, none: null },
      { text: "oper", n: 2, yes: true, none: null },
    ]);
    expect(await statementName()).toHaveLength(1);
  });

  it("passes a value as itself, quotes, backslashes and all, never as SQL", async () => {
    for (const text of ["it's", "back\\slash \\' x", "'); drop table events; --", "Zürich ✓", ""]) {
      const [row] = await echo<{ text: string }>(
        t.ctx.db,
        {},
        { text, n: -1, yes: false, none: null },
      );
      expect(row?.text).toBe(text);
    }
    const events = await t.ctx.db.execute(sql`select count(*)::int as n from events`);
    expect((events.rows[0] as { n: number }).n).toBeGreaterThan(0);
  });

  it("answers a prepared read as the driver answers it unnamed (its dates, numbers and texts)", async () => {
    const read = sql`select e.id, e.starts_at, e.title_de, e.price_from from events e
      where e.starts_at >= ${"2000-01-01T00:00:00.000Z"}::timestamptz and e.id > ${-1}
      order by e.id limit ${3}`;
    const unnamed = (await t.ctx.db.execute(read)).rows;
    expect(unnamed).toHaveLength(3);
    expect(await preparedRows(t.ctx.db, read)).toEqual(unnamed);
    expect(await preparedRows(t.ctx.db, read)).toEqual(unnamed);
  });

  it("prepares a statement under withSettings, which runs with those settings", async () => {
    const threshold = sql`select current_setting('pg_trgm.word_similarity_threshold') as threshold`;
    const settled = await withSettings(
      t.ctx.db,
      { "pg_trgm.word_similarity_threshold": "0.7" },
      (db) => preparedRows<{ threshold: string }>(db, threshold),
    );
    expect(settled[0]?.threshold).toBe("0.7");
    const found = await t.ctx.db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where statement like '%current_setting(''pg_trgm%'`,
    );
    expect((found.rows[0] as { n: number }).n).toBe(1);
    // The same statement outside: prepared already, and without the settings.
    expect((await preparedRows<{ threshold: string }>(t.ctx.db, threshold))[0]?.threshold).toBe(
      "0.6",
    );
  });

  it("never waits inside withSettings for a PREPARE queued behind its own transaction", async () => {
    const read = sql`select 'queued' as word`;
    let outside: Promise<unknown> | undefined;
    const inside = await withSettings(
      t.ctx.db,
      { "pg_trgm.word_similarity_threshold": "0.7" },
      async (db) => {
        // Its PREPARE waits for this transaction to end.
        outside = preparedRows(t.ctx.db, read);
        return preparedRows(db, read);
      },
    );
    expect(inside).toEqual([{ word: "queued" }]);
    expect(await outside).toEqual([{ word: "queued" }]);
  });
});

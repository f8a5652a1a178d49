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
  const prepared = async (name: string) => {
    const found = await t.ctx.db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where name = ${name}`,
    );
    return (found.rows[0] as { n: number }).n;
  };
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
    const names = await statementName();
    expect(names).toHaveLength(1);
    expect(await prepared(names[0]!)).toBe(1);
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

  it("answers a prepared read as the driver answers it unnamed (dates as the driver gives them)", async () => {
    const read = sql`select e.id, e.starts_at, e.title_de from events e order by e.id limit 3`;
    expect(await preparedRows(t.ctx.db, read)).toEqual((await t.ctx.db.execute(read)).rows);
  });

  it("runs a statement prepared under withSettings with those settings", async () => {
    const threshold = () =>
      preparedRows<{ threshold: string }>(
        t.ctx.db,
        sql`select current_setting('pg_trgm.word_similarity_threshold') as threshold`,
      );
    const settled = await withSettings(
      t.ctx.db,
      { "pg_trgm.word_similarity_threshold": "0.7" },
      (db) =>
        preparedRows<{ threshold: string }>(
          db,
          sql`select current_setting('pg_trgm.word_similarity_threshold') as threshold, 1 as settled`,
        ),
    );
    expect(settled[0]?.threshold).toBe("0.7");
    expect((await threshold())[0]?.threshold).toBe("0.6");
  });
});

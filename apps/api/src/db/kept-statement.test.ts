import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.ts";
import { keptStatement, timestamptz } from "./client.ts";

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

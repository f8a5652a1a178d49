import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../testing/app.ts";

const api = fileURLToPath(new URL("../..", import.meta.url));
const drizzleKit = path.join(
  path.dirname(createRequire(import.meta.url).resolve("drizzle-kit")),
  "bin.cjs",
);

/** drizzle-kit's `generate` on a copy of the migrations: its output and the files it leaves. */
async function generate(): Promise<{ status: number | null; output: string; files: string[] }> {
  const out = await mkdtemp(path.join(tmpdir(), "eventwerk-drizzle-"));
  try {
    await cp(path.join(api, "drizzle"), out, { recursive: true });
    const before = await readdir(out);
    const result = spawnSync(
      process.execPath,
      [
        drizzleKit,
        "generate",
        "--dialect",
        "postgresql",
        "--schema",
        "src/db/schema.ts",
        "--out",
        path.relative(api, out),
      ],
      // drizzle-kit reads `--out` relative to where it runs.
      { cwd: api, encoding: "utf8", timeout: 60_000 },
    );
    const files = (await readdir(out)).filter((file) => !before.includes(file));
    return { status: result.status, output: result.stdout + result.stderr, files };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

// No database: once, not again per database.
describe.runIf(testDatabase === "pglite")("the migrations' snapshot", () => {
  it("matches the schema: `npm run db:generate` has nothing to write", async () => {
    // A change to schema.ts comes with its migration, made by `npm run db:generate` (and SQL
    // written by hand for what drizzle-kit does not model: triggers, functions, search columns).
    const { status, output, files } = await generate();
    expect(status, output).toBe(0);
    expect(output).toContain("No schema changes");
    expect(files).toEqual([]);
  }, 60_000);
});

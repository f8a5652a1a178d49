import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";

/**
 * The contract's schemas are classic zod, for the server. A browser module that imports an array
 * or object from a module of schemas brings the whole library to its page, as the bundler keeps
 * that module's schemas: the panel's order list did, for `orderStatuses` (25.9 kB of JavaScript,
 * gzip), and the door scanner's zod/mini then shared a core built for both (10.3 kB more on that
 * page). Browser code takes constants from `@eventwerk/contract/constants` and checks input with
 * zod/mini (`ticket-code.ts`).
 */
test("the browser bundle holds no classic zod", async () => {
  const assets = fileURLToPath(new URL("../build/client/assets", import.meta.url));
  const scripts = (await readdir(assets)).filter((file) => file.endsWith(".js"));
  const texts = await Promise.all(scripts.map((file) => readFile(path.join(assets, file), "utf8")));
  // Each build of zod names its base type, which every schema of that build extends: `ZodType`
  // (classic), `ZodMiniType`, `$ZodType` (core). The scanner's zod/mini shows that the names
  // survive minification.
  expect(texts.some((text) => /[`"']ZodMiniType[`"']/.test(text))).toBe(true);
  const classic = scripts.filter((_, i) => /[`"']ZodType[`"']/.test(texts[i]!));
  expect(classic).toEqual([]);
});

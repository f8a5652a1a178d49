import { createContext, loadConfig } from "@eventwerk/api";
import { fillCatalogue } from "../apps/api/src/seed/catalogue.ts";

/** Migrates and seeds DATA_DIR's database, then adds `count` generated events (argv[2]). */
const count = Number(process.argv[2] ?? 0);
const ctx = await createContext(loadConfig({ ...process.env, LOG_LEVEL: "warn" }), {
  log: () => {},
});
const started = performance.now();
if (count > 0) await fillCatalogue(ctx.db, { count });
console.log(`filled ${count} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await ctx.close();

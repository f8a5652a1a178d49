import { createContext, loadConfig } from "@eventwerk/api";
import { sql } from "drizzle-orm";
import { fillCatalogue } from "../apps/api/src/seed/catalogue.ts";

/**
 * Migrates and seeds DATA_DIR's (or DATABASE_URL's) database, then adds `count` generated events
 * (argv[2]) and updates the planner's statistics and the visibility map, as autovacuum does
 * after a bulk load on a PostgreSQL server (PGlite has no autovacuum).
 */
const count = Number(process.argv[2] ?? 0);
const ctx = await createContext(loadConfig({ ...process.env, LOG_LEVEL: "warn" }), {
  log: () => {},
});
const started = performance.now();
if (count > 0) await fillCatalogue(ctx.db, { count });
await ctx.db.execute(sql`vacuum analyze`);
console.log(`filled ${count} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await ctx.close();

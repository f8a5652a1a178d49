import { createContext, loadConfig } from "../app.ts";
import { ConfigError } from "../config.ts";

/** `npm run db:prepare`: migrates the configured database and loads demo data if it is empty. */
try {
  const ctx = await createContext(loadConfig());
  await ctx.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

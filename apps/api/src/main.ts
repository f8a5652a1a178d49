import { buildApp, createContext, loadConfig } from "./app.ts";
import { ConfigError } from "./config.ts";

/** Runs the API on its own. */
try {
  const config = loadConfig();
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  const close = async () => {
    await app.close();
    await ctx.close();
    process.exit(0);
  };
  process.once("SIGINT", close);
  process.once("SIGTERM", close);
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

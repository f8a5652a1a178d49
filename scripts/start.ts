import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildApp, createContext, frameworkErrors, loadConfig } from "@eventwerk/api";
import { ConfigError } from "@eventwerk/api/config";

/**
 * Production server: the API and the web app on one origin and one port.
 * `/api/*`, `/storage/*`, `/healthz` and `/readyz` are the API's; everything else is the web app.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const serverBuild = fileURLToPath(new URL("../apps/web/build/server/index.js", import.meta.url));

if (!existsSync(serverBuild)) {
  console.log("No web build yet: building apps/web …");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "build", "-w", "@eventwerk/web"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("Building the web app failed.");
    process.exit(result.status ?? 1);
  }
}

function isConfigError(error: unknown): error is Error {
  // The web app's configuration error comes from the server build under the same name.
  return error instanceof ConfigError || (error instanceof Error && error.name === "ConfigError");
}

try {
  const config = loadConfig();
  // The web app reaches the API in this same process over loopback.
  process.env.API_BASE_URL ??= `http://127.0.0.1:${config.PORT}`;
  const { createWebListener } = await import("@eventwerk/web/server");
  // Loading the build parses the web configuration now rather than on the first request.
  const webListener = await createWebListener();

  const ctx = await createContext(config);
  const app = await buildApp(ctx, {
    // A URL Fastify cannot route (bad percent-encoding): the web app answers for its own pages.
    frameworkErrors: (error, request, reply) => {
      if (/^\/(api|storage)\//.test(request.url)) return frameworkErrors(error, request, reply);
      reply.hijack();
      webListener(request.raw, reply.raw);
    },
  });

  await app.register(async (web) => {
    // Leave request bodies unread: the web app's actions read them from the raw request.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser("*", (_request, _payload, done) => done(null));

    // Unknown API paths keep the API's JSON 404 instead of the web app's HTML page.
    web.all("/api/*", (_request, reply) => reply.callNotFound());
    web.all("/*", (request, reply) => {
      reply.hijack();
      webListener(request.raw, reply.raw);
    });
  });

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await ctx.close();
    process.exit(0);
  };
  process.once("SIGINT", close);
  process.once("SIGTERM", close);

  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Eventwerk is running on http://localhost:${config.PORT}`);
} catch (error) {
  console.error(isConfigError(error) ? error.message : error);
  process.exit(1);
}

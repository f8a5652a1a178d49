import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { createWebListener, type ServerBuild } from "@eventwerk/web/server";
import { createServer as createViteServer } from "vite";
import { failStart, loadOnePortConfig, serveOnePort } from "./one-port.ts";

/**
 * Development server (`npm run dev`): the API and the web app on one port as in `npm start`, the
 * web app served from its sources by Vite with hot reload. `npm run dev` runs this under
 * `tsx watch`: changing the API, the contract or the migrations restarts the process.
 */
process.env.NODE_ENV = "development";

const webRoot = fileURLToPath(new URL("../apps/web", import.meta.url));

try {
  const config = loadOnePortConfig();
  // Vite's hot-reload socket upgrades connections on this same server, so it shares the port.
  const server = createServer();
  const vite = await createViteServer({
    root: webRoot,
    appType: "custom",
    server: { middlewareMode: true, hmr: { server } },
  });
  // Vite compiles the app on demand and recompiles what changed: load it on every request.
  const loadApp = () =>
    vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  // Loading it now parses the web configuration at start rather than on the first request.
  await loadApp();
  // The same pipeline as production (methods, hosts, limits), with Vite serving the sources.
  const webListener = await createWebListener({ build: loadApp, assets: vite.middlewares });

  await serveOnePort(config, webListener, {
    serverFactory: (handler) => server.on("request", handler),
  });
} catch (error) {
  failStart(error);
}

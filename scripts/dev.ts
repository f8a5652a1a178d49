import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { forwardClientAddress, type WebListener } from "@eventwerk/web/server";
import { createRequestListener } from "@mjackson/node-fetch-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { failStart, loadOnePortConfig, serveOnePort } from "./one-port.ts";

/**
 * Development server (`npm run dev`): the API and the web app on one port as in `npm start`, the
 * web app served from its sources by Vite with hot reload. `npm run dev` runs this under
 * `node --watch-path` on the API's and the contract's sources: changing them restarts the process.
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
  const handle = createRequestHandler(loadApp, "development");
  const render = createRequestListener(
    async (request, client) => handle(forwardClientAddress(request, client)),
    {
      onError: (error) => {
        // A module that fails to compile: its stack with the source's lines rather than Vite's output.
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        console.error(error);
        return new Response(error instanceof Error ? error.stack : String(error), { status: 500 });
      },
    },
  );
  // Vite answers its own paths (sources, `/@vite/client`, public files); everything else renders.
  const webListener: WebListener = (req, res) =>
    vite.middlewares(req, res, () => void render(req, res));

  await serveOnePort(config, webListener, {
    serverFactory: (handler) => server.on("request", handler),
  });
} catch (error) {
  failStart(error);
}

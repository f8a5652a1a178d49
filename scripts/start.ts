import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { failStart, loadOnePortConfig, serveClustered, serveOnePort } from "./one-port.ts";

/** Production server: the API and the built web app on one port (one-port.ts). */
// React renders with its production build only when told; `npm start` is the production start.
process.env.NODE_ENV ??= "production";

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

try {
  const config = loadOnePortConfig();
  // Several processes need a database server they can share; the embedded PGlite is one process's.
  const workers = config.DATABASE_URL ? (config.WEB_CONCURRENCY ?? availableParallelism()) : 1;
  if (cluster.isPrimary && workers > 1) {
    await serveClustered(config, workers);
  } else {
    const { createWebListener } = await import("@eventwerk/web/server");
    // Loading the build parses the web configuration now rather than on the first request.
    await serveOnePort(config, await createWebListener());
  }
} catch (error) {
  failStart(error);
}

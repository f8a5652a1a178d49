import http from "node:http";
import { defaultListenHost } from "@eventwerk/contract";
import { createWebListener, type WebListener } from "./server.ts";

/** Runs the web app on its own; it reaches the API only through API_BASE_URL. */
// React renders with its production build only when told; this is a production start.
process.env.NODE_ENV ??= "production";
let listener: WebListener;
try {
  listener = await createWebListener();
} catch (error) {
  console.error(error instanceof Error && error.name === "ConfigError" ? error.message : error);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
// As the API: this machine only unless PUBLIC_URL names another host (an empty HOST is unset).
const host = process.env.HOST || defaultListenHost(process.env.PUBLIC_URL || undefined);
const server = http.createServer(listener);
server.listen(port, host, () => {
  console.log(`Eventwerk web is running on http://localhost:${port}`);
});

const close = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once("SIGINT", close);
process.once("SIGTERM", close);

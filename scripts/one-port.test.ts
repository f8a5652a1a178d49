import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { closeServer } from "./one-port.ts";

describe("closeServer", () => {
  it("answers the request in flight, then ends its keep-alive connection instead of waiting for its timeout", async () => {
    let started: () => void;
    const requestStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const server = http.createServer((_request, response) => {
      started();
      setTimeout(() => response.end("ok"), 300);
    });
    server.keepAliveTimeout = 60_000;
    // What closeServer needs of a Fastify app: its server and its close.
    const app = {
      server,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
            let body = "";
            response.on("data", (chunk) => {
              body += chunk;
            });
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
          })
          .on("error", reject);
      });
      await requestStarted;
      const closed = closeServer(app).then(() => "closed");
      // Without ending the connection as it falls idle, closing would wait for the 60 s timeout.
      const waited = new Promise((resolve) => {
        timer = setTimeout(() => resolve("still open"), 5_000);
      });
      expect(await answer).toEqual({ status: 200, body: "ok" });
      expect(await Promise.race([closed, waited])).toBe("closed");
    } finally {
      clearTimeout(timer);
      agent.destroy();
      server.closeAllConnections();
    }
  });
});

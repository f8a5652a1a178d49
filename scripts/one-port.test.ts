import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { closeServer } from "./one-port.ts";

describe("closeServer", () => {
  it("answers the request in flight, then ends its keep-alive connection instead of waiting for its timeout", async () => {
    const app = Fastify({ keepAliveTimeout: 60_000 });
    let started: () => void;
    const requestStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    app.get("/slow", async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { ok: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/slow", agent }, (response) => {
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
    const waited = new Promise((resolve) => setTimeout(() => resolve("still open"), 5_000));
    expect(await answer).toEqual({ status: 200, body: '{"ok":true}' });
    expect(await Promise.race([closed, waited])).toBe("closed");
    agent.destroy();
  });
});

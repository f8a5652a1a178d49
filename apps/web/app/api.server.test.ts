import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch, serverClient } from "./api.server";
import { loadWebConfig } from "./config.server";

afterEach(() => vi.unstubAllGlobals());

describe("serverClient", () => {
  it("asks the API for uncompressed answers, with the caller's token and language", async () => {
    const seen: Request[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return Response.json({ data: [] });
    });
    await serverClient({ token: "visitor-token", locale: "en" }).langs();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get("accept-encoding")).toBe("identity");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer visitor-token");
    expect(seen[0]!.headers.get("x-localization")).toBe("en");
  });

  it("calls through this process's pool of connections to the API", async () => {
    const dispatchers: unknown[] = [];
    vi.stubGlobal("fetch", async (_input: RequestInfo | URL, init?: { dispatcher?: unknown }) => {
      dispatchers.push(init?.dispatcher);
      return Response.json({ data: [] });
    });
    await serverClient({ locale: "de" }).langs();
    await serverClient({ locale: "en" }).langs();
    expect(dispatchers[0]).toBeInstanceOf(Agent);
    expect(dispatchers[1]).toBe(dispatchers[0]);
  });
});

/**
 * A stand-in API on a free port that answers each call with its path after `delayMs`, and counts
 * the connections and the calls it got.
 */
async function fakeApi(delayMs: number) {
  const connections = new Set<unknown>();
  const paths: string[] = [];
  let open = 0;
  let mostAtOnce = 0;
  const server = http.createServer((request, response) => {
    connections.add(request.socket);
    paths.push(request.url ?? "");
    open += 1;
    mostAtOnce = Math.max(mostAtOnce, open);
    setTimeout(() => {
      open -= 1;
      response.end(JSON.stringify({ path: request.url }));
    }, delayMs);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    connections,
    paths,
    mostAtOnce: () => mostAtOnce,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe("apiFetch", () => {
  it("keeps the calls to the API on its few connections: more at once wait for one", async () => {
    // Each answer takes a moment, so that the calls overlap.
    const api = await fakeApi(20);
    try {
      const calls = apiFetch(3);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          calls(api.url(`/call-${i}`)).then((response) => response.json()),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => ({ path: `/call-${i}` })));
      expect(api.connections.size).toBe(3);
      expect(api.mostAtOnce()).toBeLessThanOrEqual(3);
    } finally {
      api.close();
    }
  });

  it("drops a call that times out while it waits, and keeps the connection for the next", async () => {
    const api = await fakeApi(150);
    try {
      const calls = apiFetch(1);
      const first = calls(api.url("/first"));
      const late = calls(api.url("/late"), { signal: AbortSignal.timeout(30) });
      await expect(late).rejects.toMatchObject({ name: "TimeoutError" });
      expect(await (await first).json()).toEqual({ path: "/first" });
      expect(await (await calls(api.url("/next"))).json()).toEqual({ path: "/next" });
      // The late call never went out, and the one connection served both others.
      expect(api.paths).toEqual(["/first", "/next"]);
      expect(api.connections.size).toBe(1);
    } finally {
      api.close();
    }
  });
});

describe("API_CONNECTIONS", () => {
  it("is 16 unless set, and a count from 1 to 1024", () => {
    expect(loadWebConfig({}).API_CONNECTIONS).toBe(16);
    expect(loadWebConfig({ API_CONNECTIONS: "4" }).API_CONNECTIONS).toBe(4);
    for (const wrong of ["0", "2.5", "many", "1025"])
      expect(() => loadWebConfig({ API_CONNECTIONS: wrong })).toThrow(/API_CONNECTIONS/);
  });
});

import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
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
});

describe("apiFetch", () => {
  it("keeps the calls to the API on its few connections: more at once wait for one", async () => {
    const connections = new Set<unknown>();
    let open = 0;
    let mostAtOnce = 0;
    // Each answer takes a moment, so that the calls overlap.
    const api = http.createServer((request, response) => {
      connections.add(request.socket);
      open += 1;
      mostAtOnce = Math.max(mostAtOnce, open);
      setTimeout(() => {
        open -= 1;
        response.end(JSON.stringify({ path: request.url }));
      }, 20);
    });
    api.listen(0, "127.0.0.1");
    await once(api, "listening");
    try {
      const { port } = api.address() as AddressInfo;
      const calls = apiFetch(3);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          calls(`http://127.0.0.1:${port}/call-${i}`).then((response) => response.json()),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => ({ path: `/call-${i}` })));
      expect(connections.size).toBe(3);
      expect(mostAtOnce).toBe(3);
    } finally {
      api.closeAllConnections();
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

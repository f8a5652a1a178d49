import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { apiPaths } from "@eventwerk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/app.ts";

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe("compression of API answers", () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [t, off] = await Promise.all([
      createTestApp({ SEED_DEMO_DATA: "false" }),
      createTestApp({ SEED_DEMO_DATA: "false", COMPRESSION: "false" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), off?.close()]);
  });

  it("sends brotli or gzip as the client accepts, and the same JSON", async () => {
    const plain = await t.app.inject({ url: apiPaths.openapi });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const encoding of ["br", "gzip"] as const) {
      const response = await t.app.inject({
        url: apiPaths.openapi,
        headers: { "accept-encoding": encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode[encoding](response.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it("leaves compression to a proxy in front when COMPRESSION is false", async () => {
    const response = await off.app.inject({
      url: apiPaths.openapi,
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
  });
});

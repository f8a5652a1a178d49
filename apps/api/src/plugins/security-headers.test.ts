import { apiPaths } from "@eventwerk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../testing/app.ts";

let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  https = await createTestApp({ PUBLIC_URL: "https://tickets.example" });
});
afterAll(async () => {
  await t.close();
  await https.close();
});

describe("security headers on every API answer", () => {
  it.each([
    ["a JSON answer", "GET", apiPaths.events],
    ["an error", "GET", "/api/v1/nothing-here"],
    ["a framework error", "GET", `${apiPaths.events}/%E0%A4%A`],
    ["a static file", "GET", "/storage/flags/de.svg"],
    ["the health check", "GET", "/healthz"],
  ] as const)("%s carries them", async (_case, method, url) => {
    const response = await call(t.app, { method, url });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["content-security-policy"]).toContain("object-src 'none'");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("HSTS only when the public address is https", async () => {
    const response = await call(https.app, { method: "GET", url: apiPaths.events });
    expect(response.headers["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});

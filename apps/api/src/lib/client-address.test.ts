import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.ts";
import { addressKey, proxyTrust, redactUrl, requestIdFor } from "./client-address.ts";

describe("addressKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff::", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8:1:2::10.0.0.1", "2001:db8:1:2::/64"],
  ])("%s → %s", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe("requestIdFor", () => {
  const request = (id: string | undefined, remoteAddress: string) =>
    ({
      headers: id === undefined ? {} : { "x-request-id": id },
      socket: { remoteAddress },
    }) as unknown as IncomingMessage;
  const trusted = proxyTrust(["loopback"]);

  it("takes a short token from a trusted proxy", () => {
    expect(requestIdFor(request("lb-4f2a:9", "127.0.0.1"), trusted)).toBe("lb-4f2a:9");
  });

  it("makes its own for anyone else, and for ids too long or with other characters", () => {
    const uuid = /^[0-9a-f-]{36}$/;
    expect(requestIdFor(request("lb-4f2a", "203.0.113.7"), trusted)).toMatch(uuid);
    expect(requestIdFor(request("a".repeat(65), "127.0.0.1"), trusted)).toMatch(uuid);
    expect(requestIdFor(request("a b", "127.0.0.1"), trusted)).toMatch(uuid);
    expect(requestIdFor(request("x\u202e", "127.0.0.1"), trusted)).toMatch(uuid);
    expect(requestIdFor(request(undefined, "127.0.0.1"), trusted)).toMatch(uuid);
  });
});

describe("redactUrl", () => {
  it("hides secrets in the query, on any path", () => {
    expect(redactUrl("/passwort-zurucksetzen?token=abc.def&x=1")).toBe(
      "/passwort-zurucksetzen?token=[redacted]&x=1",
    );
    expect(redactUrl("/en/reset-password?x=1&TOKEN=abc#f")).toBe(
      "/en/reset-password?x=1&TOKEN=[redacted]#f",
    );
    expect(redactUrl("/veranstaltungen?page=2")).toBe("/veranstaltungen?page=2");
  });
});

describe("the API's request ids and per-IP limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SEED_DEMO_DATA: "false",
      RATE_LIMIT_PER_MINUTE: "2",
      TRUST_PROXY: "10.0.0.0/8",
    });
  });
  afterAll(() => t?.close());

  it("answers with a trusted proxy's X-Request-Id only", async () => {
    const headers = { "x-request-id": "edge-123" };
    const proxied = await t.app.inject({ url: "/healthz", headers, remoteAddress: "10.1.2.3" });
    expect(proxied.headers["x-request-id"]).toBe("edge-123");
    const direct = await t.app.inject({ url: "/healthz", headers, remoteAddress: "203.0.113.9" });
    expect(direct.headers["x-request-id"]).not.toBe("edge-123");
  });

  it("counts IPv6 visitors per /64 network", async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/token",
        remoteAddress: "10.0.0.1",
        headers: { "x-forwarded-for": ip },
        payload: { grant_type: "client_credentials", client_id: "nobody", client_secret: "x" },
      });
    expect((await attempt("2001:db8:7:7::1")).statusCode).not.toBe(429);
    expect((await attempt("2001:db8:7:7::2")).statusCode).not.toBe(429);
    expect((await attempt("2001:db8:7:7:ffff:1:2:3")).statusCode).toBe(429);
    // Another network has its own budget.
    expect((await attempt("2001:db8:7:8::1")).statusCode).not.toBe(429);
  });
});

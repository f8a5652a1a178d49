import { describe, expect, it } from "vitest";
import { loadConfig, publishedClientSecret } from "./config.ts";

describe("configuration", () => {
  it("serves the developers' pages in development and tests, not in production by default", () => {
    expect(loadConfig({ NODE_ENV: "development" }).DEVELOPER_PAGES).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).DEVELOPER_PAGES).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).DEVELOPER_PAGES).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", DEVELOPER_PAGES: "true" }).DEVELOPER_PAGES).toBe(
      true,
    );
  });

  it("refuses the published client secret in production on a public address", () => {
    const start = (env: Record<string, string>) => () =>
      loadConfig({ NODE_ENV: "production", ...env });
    expect(start({ PUBLIC_URL: "https://tickets.example" })).toThrow(/OAUTH_CLIENT_SECRET/);
    expect(
      start({ PUBLIC_URL: "https://tickets.example", OAUTH_CLIENT_SECRET: publishedClientSecret }),
    ).toThrow(/OAUTH_CLIENT_SECRET/);
    // `npm start` on a fresh machine: production, the demo, this machine's address.
    expect(start({})).not.toThrow();
    expect(start({ PUBLIC_URL: "http://127.0.0.1:3000" })).not.toThrow();
    expect(
      start({ PUBLIC_URL: "https://tickets.example", OAUTH_CLIENT_SECRET: "a-long-random-secret" }),
    ).not.toThrow();
    // Development may use it anywhere.
    expect(() =>
      loadConfig({ NODE_ENV: "development", PUBLIC_URL: "https://tickets.example" }),
    ).not.toThrow();
  });

  it("refuses the crash tests' kill switch in production, and takes it elsewhere", () => {
    expect(() =>
      loadConfig({ NODE_ENV: "production", FAULT_KILL_BEFORE_TICKET_ISSUE: "true" }),
    ).toThrow(/FAULT_KILL_BEFORE_TICKET_ISSUE/);
    expect(loadConfig({ NODE_ENV: "production" }).FAULT_KILL_BEFORE_TICKET_ISSUE).toBe(false);
    expect(
      loadConfig({ NODE_ENV: "test", FAULT_KILL_BEFORE_TICKET_ISSUE: "true" })
        .FAULT_KILL_BEFORE_TICKET_ISSUE,
    ).toBe(true);
  });

  it("bounds the outbox lease and the address links' lifetime", () => {
    expect(loadConfig({})).toMatchObject({ OUTBOX_LEASE_SECONDS: 120, EMAIL_TOKEN_TTL: 86_400 });
    expect(() => loadConfig({ OUTBOX_LEASE_SECONDS: "0" })).toThrow(/OUTBOX_LEASE_SECONDS/);
    expect(() => loadConfig({ OUTBOX_LEASE_SECONDS: "3601" })).toThrow(/OUTBOX_LEASE_SECONDS/);
    expect(() => loadConfig({ EMAIL_TOKEN_TTL: "59" })).toThrow(/EMAIL_TOKEN_TTL/);
  });
});

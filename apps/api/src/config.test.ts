import { describe, expect, it } from "vitest";
import { loadConfig, publishedClientSecret } from "./config.ts";

describe("configuration", () => {
  it("links emails to this machine's port unless PUBLIC_URL names the site", () => {
    expect(loadConfig({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "3320" }).PUBLIC_URL).toBe("http://localhost:3320");
    expect(loadConfig({ PORT: "3320", PUBLIC_URL: "https://tickets.example" }).PUBLIC_URL).toBe(
      "https://tickets.example",
    );
    expect(() => loadConfig({ PUBLIC_URL: "tickets.example" })).toThrow(/PUBLIC_URL/);
  });

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
    // Both defaults at once: both named, so that one restart fixes them.
    expect(start({ PUBLIC_URL: "https://tickets.example" })).toThrow(
      /OAUTH_CLIENT_SECRET[\s\S]*PAYMENT_PROVIDER/,
    );
    expect(
      start({ PUBLIC_URL: "https://tickets.example", OAUTH_CLIENT_SECRET: publishedClientSecret }),
    ).toThrow(/OAUTH_CLIENT_SECRET/);
    // `npm start` on a fresh machine: production, the demo, this machine's address.
    expect(start({})).not.toThrow();
    expect(start({ PUBLIC_URL: "http://127.0.0.1:3000" })).not.toThrow();
    const secret = { OAUTH_CLIENT_SECRET: "a-long-random-secret" };
    const stripe = {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_xxxxxxxx",
    };
    const live = { ...secret, ...stripe, SEED_DEMO_DATA: "false" };
    expect(start({ PUBLIC_URL: "https://tickets.example", ...live })).not.toThrow();
    // Development may use it anywhere.
    expect(() =>
      loadConfig({ NODE_ENV: "development", PUBLIC_URL: "https://tickets.example" }),
    ).not.toThrow();
  });

  it("listens on this machine only unless PUBLIC_URL names another host; listening elsewhere is public", () => {
    expect(loadConfig({ NODE_ENV: "production" }).HOST).toBe("127.0.0.1");
    expect(loadConfig({ PUBLIC_URL: "http://localhost:3000" }).HOST).toBe("127.0.0.1");
    expect(loadConfig({ PUBLIC_URL: "https://tickets.example" }).HOST).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "::" }).HOST).toBe("::");
    expect(loadConfig({ PUBLIC_URL: "http://[::1]:3000" }).HOST).toBe("::1");
    // `npm start` told to listen everywhere, with the demo's published logins and secrets:
    // anyone who reaches the machine could sign in as the operator. Refused, naming why.
    for (const HOST of ["0.0.0.0", "::", "192.168.1.20"]) {
      expect(() => loadConfig({ NODE_ENV: "production", HOST })).toThrow(
        new RegExp(`listens on HOST=${HOST.replace(/\./g, "\\.")}[\\s\\S]*SEED_DEMO_DATA`),
      );
    }
    for (const HOST of ["127.0.0.1", "127.0.0.2", "localhost", "::1"]) {
      expect(() => loadConfig({ NODE_ENV: "production", HOST })).not.toThrow();
    }
    // A demo site reachable by others says so.
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        HOST: "0.0.0.0",
        OAUTH_CLIENT_SECRET: "a-long-random-secret",
        ALLOW_TEST_PAYMENTS: "true",
      }),
    ).not.toThrow();
  });

  it("refuses the test payment provider in production on a public address, unless allowed", () => {
    const start = (env: Record<string, string>) => () =>
      loadConfig({ NODE_ENV: "production", OAUTH_CLIENT_SECRET: "a-long-random-secret", ...env });
    // The default provider, and naming it: anyone could pay with the test page's button.
    expect(start({ PUBLIC_URL: "https://tickets.example" })).toThrow(/PAYMENT_PROVIDER/);
    expect(start({ PUBLIC_URL: "https://tickets.example", PAYMENT_PROVIDER: "test" })).toThrow(
      /ALLOW_TEST_PAYMENTS/,
    );
    expect(start({ PUBLIC_URL: "https://tickets.example", ALLOW_TEST_PAYMENTS: "maybe" })).toThrow(
      /ALLOW_TEST_PAYMENTS/,
    );
    // A staging or demo site says so; this machine's address needs nothing.
    expect(
      start({ PUBLIC_URL: "https://staging.tickets.example", ALLOW_TEST_PAYMENTS: "true" }),
    ).not.toThrow();
    expect(start({ PUBLIC_URL: "http://localhost:3000" })).not.toThrow();
    expect(start({})).not.toThrow();
  });

  it("refuses the demo logins on a public production site unless it is a demo site; ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    const live = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://tickets.example",
      OAUTH_CLIENT_SECRET: "a-long-random-secret",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_xxxxxxxx",
    };
    // The default, and saying so.
    expect(() => loadConfig(live)).toThrow(/SEED_DEMO_DATA[\s\S]*ADMIN_EMAIL/);
    expect(() => loadConfig({ ...live, SEED_DEMO_DATA: "true" })).toThrow(/SEED_DEMO_DATA/);
    expect(() => loadConfig({ ...live, SEED_DEMO_DATA: "false" })).not.toThrow();
    // A demo site says so; this machine's address needs nothing.
    expect(() => loadConfig({ ...live, ALLOW_TEST_PAYMENTS: "true" })).not.toThrow();
    expect(() => loadConfig({ ...live, PUBLIC_URL: "http://localhost:3000" })).not.toThrow();
    const operator = {
      ADMIN_EMAIL: "Betrieb@Tickets.Example",
      ADMIN_PASSWORD: "lang-und-sicher-1",
    };
    expect(loadConfig({ ...live, SEED_DEMO_DATA: "false", ...operator })).toMatchObject({
      ADMIN_EMAIL: "betrieb@tickets.example",
    });
    expect(() => loadConfig({ ADMIN_EMAIL: operator.ADMIN_EMAIL })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_PASSWORD: operator.ADMIN_PASSWORD })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ ...operator, ADMIN_PASSWORD: "kurz1" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ...operator, ADMIN_EMAIL: "kein-name" })).toThrow(/ADMIN_EMAIL/);
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

  it("keeps the payment window inside what Stripe allows a session, with a minute to spare", () => {
    expect(loadConfig({}).PAYMENT_MINUTES).toBe(31);
    expect(() => loadConfig({ PAYMENT_MINUTES: "30" })).toThrow(/PAYMENT_MINUTES/);
    expect(() => loadConfig({ PAYMENT_MINUTES: "1440" })).toThrow(/PAYMENT_MINUTES/);
    expect(() => loadConfig({ PAYMENT_MINUTES: "45.5" })).toThrow(/PAYMENT_MINUTES/);
    expect(loadConfig({ PAYMENT_MINUTES: "60" }).PAYMENT_MINUTES).toBe(60);
  });
});

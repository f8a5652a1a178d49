import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests against the production build (`npm run build` first), on fresh embedded
 * databases. Debian's Chromium, never a downloaded browser.
 */
const port = Number(process.env.E2E_PORT ?? 3460);
const maintenancePort = port + 1;
// A third server pays with Stripe, pointed at the local fake of Stripe's API on the port after it.
const stripePort = port + 2;
const fakeStripePort = port + 3;
const stripeWebhookSecret = "whsec_e2e_fake_stripe_secret";
// Workers load this file again: they keep the main process's run id (they inherit its environment).
process.env.E2E_RUN ??= `${Date.now()}`;
const run = process.env.E2E_RUN;
const dataDir = (portNumber: number) => path.join(tmpdir(), `eventwerk-e2e-${run}-${portNumber}`);
// The maintenance test reaches the second server through this (workers inherit the environment).
process.env.E2E_MAINTENANCE_URL = `http://127.0.0.1:${maintenancePort}`;
process.env.E2E_STRIPE_URL = `http://127.0.0.1:${stripePort}`;
// The account tests read the first server's emails from DATA_DIR/outbox.
process.env.E2E_DATA_DIR = dataDir(port);
const server = (portNumber: number, env: Record<string, string>) => ({
  command: "node --import tsx scripts/start.ts",
  url: `http://127.0.0.1:${portNumber}/healthz`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    PORT: String(portNumber),
    DATA_DIR: dataDir(portNumber),
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "1000",
    HOLD_SEATS_PER_SOURCE: "100000",
    NODE_ENV: "production",
    // The shell's own settings must not leak in (the servers inherit the environment; an empty
    // value counts as unset): embedded databases, same-origin API, request-derived canonical
    // links, cookies without Secure, the app rather than the maintenance overlay.
    DATABASE_URL: "",
    REDIS_URL: "",
    SMTP_URL: "",
    API_BASE_URL: `http://127.0.0.1:${portNumber}`,
    PUBLIC_URL: "",
    COOKIE_SECURE: "false",
    PUBLIC_MAINTENANCE: "true",
    ...env,
  },
});

export default defineConfig({
  testDir: "apps/web/e2e",
  fullyParallel: true,
  // Playwright's default is half the cores: one worker on a 2-core machine, which doubles the run.
  workers: process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // The first server shows the developers' pages (/test, /api/docs; routes.spec opens every page),
  // has a short hold, so that checkout.spec.ts can let one run out, and a service fee, so that the
  // prices it checks include one; the second keeps production's defaults. The third takes
  // payments with Stripe (test key), whose API and hosted page are the local fake
  // (apps/api/src/testing/fake-stripe.ts): it redirects to the return address and sends the
  // webhook signed with the SDK's test-header helper, as Stripe would.
  webServer: [
    server(port, { DEVELOPER_PAGES: "true", HOLD_MINUTES: "1", SERVICE_FEE_FIXED_CENTS: "99" }),
    server(maintenancePort, { PUBLIC_MAINTENANCE: "false" }),
    {
      command: `node --import tsx apps/api/src/testing/fake-stripe.ts --port ${fakeStripePort} --webhook-url http://127.0.0.1:${stripePort}/api/v1/payments/stripe/webhook --webhook-secret ${stripeWebhookSecret}`,
      // Without an API key the fake answers 401, which tells Playwright it is up.
      url: `http://127.0.0.1:${fakeStripePort}/v1/checkout/sessions`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    },
    server(stripePort, {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_e2e_fake",
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${fakeStripePort}`,
      // Stripe's success_url is made from it: back to this server.
      PUBLIC_URL: `http://127.0.0.1:${stripePort}`,
    }),
  ],
});

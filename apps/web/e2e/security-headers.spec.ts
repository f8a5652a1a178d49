import { expect, type Page, test } from "@playwright/test";
import { pathTo } from "../app/route-table";
import {
  germanBrowser,
  loginAs,
  pageProblems,
  login as signIn,
  visitor,
  waitForHydration,
} from "./support";

test.use(germanBrowser);

/** Everything the page's Content-Security-Policy refused from now on. */
function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      found.push(`${event.violatedDirective}: ${event.blockedURI}`),
    );
    return found;
  });
}

/** The nonce of the page's policy: a new one for each render. */
const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

test("pages hydrate under their Content-Security-Policy, with no violation", async ({ page }) => {
  const problems = pageProblems(page);
  const refused: string[] = [];
  // Reported before any script of the page could listen: the console is the complete record.
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  for (const path of [pathTo("home", "de"), pathTo("events", "en"), pathTo("login", "de")]) {
    const response = await page.goto(path);
    const policy = response?.headers()["content-security-policy"];
    expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-inline' 'nonce");
    await waitForHydration(page);
    // The theme script ran (it adds `dark` only in dark mode; its nonce is what let it run).
    const themed = await page.evaluate(() => document.documentElement.className);
    expect(typeof themed).toBe("string");
  }
  // A client-side navigation after hydration still works (scripts loaded, router running).
  const seen = await violations(page);
  await page
    .locator(`a[href="${pathTo("events", "de")}"]`)
    .first()
    .click();
  await expect(page).toHaveURL((url) => url.pathname === pathTo("events", "de"));
  await page.waitForLoadState("networkidle");
  expect(seen).toEqual([]);
  expect(refused, "CSP violations").toEqual([]);
  expect(problems, "errors while loading and hydrating").toEqual([]);
});

test("a signed-in visitor's pages hydrate under the policy too", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await loginAs(page, "de", visitor);
  const response = await page.goto(pathTo("account", "de"));
  expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-/);
  await waitForHydration(page);
  expect(refused, "CSP violations").toEqual([]);
});

test("every answer carries the security headers; only the panel may be framed", async ({
  request,
  page,
}) => {
  const first = await request.get(pathTo("home", "de"));
  const second = await request.get(pathTo("home", "de"), {
    headers: { cookie: "i18n_redirected=de" },
  });
  for (const response of [first, second]) {
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["strict-transport-security"]).toBeUndefined();
  }
  // The inline scripts carry the nonce of their own answer's policy.
  const html = await second.text();
  const nonce = nonceOf(second.headers()["content-security-policy"]);
  expect(nonce).toBeTruthy();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
    ([, attributes]) => !/application\/ld\+json/.test(attributes ?? ""),
  );
  expect(inline.length).toBeGreaterThan(1);
  for (const [tag] of inline) expect(tag).toContain(`nonce="${nonce}"`);

  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const script = await request.get(asset as string);
  expect(script.headers()["x-content-type-options"]).toBe("nosniff");

  // The panel's start, signed in (a guest is sent to the login page, which refuses frames).
  await signIn(page);
  for (const path of [pathTo("panel", "de"), pathTo("panel", "en")]) {
    const panel = await page.request.get(path);
    expect(panel.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(panel.headers()["content-security-policy"]).not.toContain("frame-ancestors 'none'");
  }
  const refused = await request.fetch(pathTo("login", "de"), { method: "PATCH" });
  expect(refused.status()).toBe(405);
  expect(refused.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the panel shows in a frame of the site; other pages refuse to", async ({ page }) => {
  await signIn(page);
  // A document of the site's own origin, for frames of the same origin.
  await page.goto("/healthz");
  await page.setContent(
    `<iframe title="panel" src="${pathTo("panel", "de")}"></iframe>` +
      `<iframe title="login" src="${pathTo("login", "de")}"></iframe>`,
  );
  await expect(
    page.frameLocator('iframe[title="panel"]').getByRole("heading", { level: 1 }),
  ).toBeVisible();
  await page.waitForLoadState("load");
  const login = page
    .frames()
    .find(
      (frame) => frame.name() === "" && !/panel/.test(frame.url()) && frame !== page.mainFrame(),
    );
  expect(login).toBeDefined();
  expect(await login?.locator('input[name="password"]').count()).toBe(0);
});

test("the developers' pages are on only where DEVELOPER_PAGES says so", async ({ request }) => {
  // This server turns them on; the maintenance test's server keeps production's default.
  expect((await request.get(pathTo("test", "de"))).status()).toBe(200);
  expect((await request.get("/api/docs/")).status()).toBe(200);
  const production = process.env.E2E_MAINTENANCE_URL as string;
  for (const path of [pathTo("test", "de"), pathTo("test", "en"), "/api/docs/"]) {
    expect((await request.get(`${production}${path}`)).status(), path).toBe(404);
  }
  const spec = (await (await request.get(`${production}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, unknown>;
  };
  expect(Object.keys(spec.paths).filter((path) => !path.startsWith("/api/v1/"))).toEqual([]);
});

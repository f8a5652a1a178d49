import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { pathTo } from "../app/route-table";
import {
  accountLink,
  catalogues,
  cookieJar,
  germanBrowser,
  locales,
  login,
  submitLogin,
  visitor,
} from "./support";

test.use(germanBrowser);

const wrongCredentials = {
  de: "Benutzername oder Passwort ist falsch.",
  en: "Username or password is wrong.",
} as const;

for (const locale of locales) {
  test.describe(`login (${locale})`, () => {
    test("the demo visitor logs in and lands on the home page", async ({ page, context }) => {
      await page.goto(pathTo("login", locale));
      await expect(
        page.getByRole("heading", { level: 1, name: catalogues[locale].login.heading }),
      ).toBeVisible();
      await submitLogin(page, locale);
      await expect(page).toHaveURL((url) => url.pathname === pathTo("home", locale));
      await expect(accountLink(page, locale)).toBeVisible();
      await expect(accountLink(page, locale)).toHaveAttribute("href", pathTo("account", locale));

      const jar = await cookieJar(context);
      expect(jar.get("token")?.httpOnly, "token is httpOnly").toBe(true);
      expect(jar.get("refresh_token")?.httpOnly, "refresh_token is httpOnly").toBe(true);
      expect(jar.get("is_login")?.value).toBe("true");
      for (const name of ["token", "refresh_token", "is_login"]) {
        expect(jar.get(name)?.path, `${name} path`).toBe("/");
        expect(jar.get(name)?.sameSite, `${name} SameSite`).toBe("Lax");
      }
      // Scripts never see the tokens.
      const visible = await page.evaluate(() => document.cookie);
      expect(visible).not.toMatch(/(^|;\s*)(token|refresh_token)=/);
    });

    test("a guest asking for the account page logs in and comes back to it", async ({ page }) => {
      const account = pathTo("account", locale);
      await page.goto(account);
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === pathTo("login", locale) && url.searchParams.get("redirect") === account,
      );
      await submitLogin(page, locale);
      await expect(page).toHaveURL((url) => url.pathname === account);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page).toHaveTitle(`${catalogues[locale].meta.account.title} – Eventwerk`);
      await expect(accountLink(page, locale)).toBeVisible();
    });

    test("the login page sends a logged-in visitor to the account page", async ({ page }) => {
      await login(page, locale);
      const response = await page.goto(pathTo("login", locale));
      expect(response!.status()).toBe(200);
      expect((await response!.request().redirectedFrom()?.response())?.status()).toBe(302);
      await expect(page).toHaveURL((url) => url.pathname === pathTo("account", locale));
      // The other guest pages (auth middleware) do the same.
      for (const key of ["register", "visitor-register", "reset-password"] as const) {
        await page.goto(pathTo(key, locale));
        await expect(page, key).toHaveURL((url) => url.pathname === pathTo("account", locale));
      }
    });

    test("logout from the header clears the three cookies and goes home", async ({
      page,
      context,
    }) => {
      await login(page, locale);
      const device = (await cookieJar(context)).get("device");
      expect(device?.httpOnly, "device is httpOnly").toBe(true);
      expect(device?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await page.goto(pathTo("events", locale));
      await page
        .getByRole("banner")
        .getByRole("button", { name: catalogues[locale].nav.logout, exact: true })
        .click();
      await expect(page).toHaveURL((url) => url.pathname === pathTo("home", locale));
      await expect(accountLink(page, locale)).toHaveCount(0);
      await expect(
        page.getByRole("banner").getByRole("link", { name: catalogues[locale].nav.login }),
      ).toBeVisible();
      const jar = await cookieJar(context);
      for (const name of ["token", "refresh_token", "is_login"]) {
        expect(jar.has(name), `${name} is cleared`).toBe(false);
      }
      // Logged out for real: the account page asks for a login again.
      await page.goto(pathTo("account", locale));
      await expect(page).toHaveURL((url) => url.pathname === pathTo("login", locale));
      // The browser stays known to the account: the next login sends its device token, and the
      // API, knowing it, answers the same one (a browser it did not know would get a new one).
      expect((await cookieJar(context)).get("device")?.value).toBe(device?.value);
      await submitLogin(page, locale);
      await expect(accountLink(page, locale)).toBeVisible();
      expect((await cookieJar(context)).get("device")?.value).toBe(device?.value);
    });

    test("a wrong password shows the translated error and a toast", async ({ page, context }) => {
      await page.goto(pathTo("login", locale));
      await submitLogin(page, locale, { email: visitor.email, password: "wrong-password-1" });
      const message = wrongCredentials[locale];
      await expect(page.locator("main").getByRole("alert")).toHaveText(message);
      await expect(
        page.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: message }),
      ).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === pathTo("login", locale));
      // The e-mail address stays filled in; no session was started.
      await expect(page.getByLabel(catalogues[locale].login.email, { exact: true })).toHaveValue(
        visitor.email,
      );
      const jar = await cookieJar(context);
      expect(jar.has("token")).toBe(false);
      expect(jar.has("is_login")).toBe(false);
    });
  });
}

test("the login only returns to paths on this site", async ({ page, baseURL }) => {
  for (const target of ["//evil.example/", "/\\evil.example/", "https://evil.example/"]) {
    await page.context().clearCookies();
    await page.goto(`${pathTo("login", "de")}?redirect=${encodeURIComponent(target)}`);
    await submitLogin(page, "de");
    await expect(page, target).toHaveURL((url) => url.origin === new URL(baseURL!).origin);
    await expect(page, target).toHaveURL((url) => url.pathname === pathTo("home", "de"));
  }
});

test("forms posted from another site are refused", async ({ request }) => {
  const login = await request.post(pathTo("login", "de"), {
    headers: { Origin: "https://evil.example" },
    form: { email: visitor.email, password: visitor.password },
    maxRedirects: 0,
  });
  // Refused before the action runs (the middleware answers 403, React Router's own check 400).
  expect([400, 403]).toContain(login.status());
  expect(login.headers()["set-cookie"] ?? "").not.toContain("token=");
  const logout = await request.post("/logout", {
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(logout.status()).toBe(403);
});

test("a form post that says nowhere where it comes from is refused; the browser's word is enough", async ({
  request,
  baseURL,
}) => {
  const login = (headers: Record<string, string>) =>
    request.post(pathTo("login", "de"), {
      headers,
      form: { email: visitor.email, password: visitor.password, redirect: "/konto" },
      maxRedirects: 0,
    });
  // Neither Origin nor Sec-Fetch-Site: refused like a post the browser says is another site's.
  const refusedHeaders: Record<string, string>[] = [{}, { "sec-fetch-site": "cross-site" }];
  for (const headers of refusedHeaders) {
    const refused = await login(headers);
    expect(refused.status(), JSON.stringify(headers)).toBe(403);
    expect(refused.headers()["set-cookie"] ?? "").not.toContain("token=");
  }
  const acceptedHeaders: Record<string, string>[] = [
    { origin: baseURL as string },
    { "sec-fetch-site": "same-origin" },
  ];
  for (const headers of acceptedHeaders) {
    const accepted = await login(headers);
    expect(accepted.status(), JSON.stringify(headers)).toBe(302);
    expect(accepted.headers().location).toBe("/konto");
  }
});

test("the OAuth client secret never reaches the browser", async ({ request }) => {
  const clientDir = fileURLToPath(new URL("../build/client", import.meta.url));
  const files = (await readdir(clientDir, { recursive: true }))
    .map(String)
    .filter((file) => /\.(m?js|map|html|json)$/.test(file));
  expect(files.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(0);
  for (const file of files) {
    const text = await readFile(path.join(clientDir, file), "utf8");
    expect(text.includes("eventwerk-web-dev-secret"), `${file} has the default secret`).toBe(false);
    expect(text.includes("OAUTH_CLIENT_SECRET"), `${file} names OAUTH_CLIENT_SECRET`).toBe(false);
  }
  // Nor does any page's HTML (loader data is serialised into it).
  for (const pathname of [pathTo("login", "de"), pathTo("home", "en"), pathTo("test", "de")]) {
    const html = await (await request.get(pathname)).text();
    expect(html.includes("eventwerk-web-dev-secret"), pathname).toBe(false);
    expect(html.includes("OAUTH_CLIENT_SECRET"), pathname).toBe(false);
  }
});

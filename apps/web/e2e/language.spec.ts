import { expect, test } from "@playwright/test";
import { pathTo } from "../app/route-table";
import {
  chromeUserAgent,
  contextWithLanguage,
  cookieJar,
  googlebotUserAgent,
  languageButton,
  languageDialog,
} from "./support";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

test.describe("first visit to / by the browser's language", () => {
  for (const [acceptLanguage, expectedPath, expectedCookie] of [
    ["de-DE,de;q=0.9,en;q=0.8", "/", "de"],
    ["en-GB,en;q=0.9", "/en", "en"],
    ["fr-FR,fr;q=0.9", "/", "de"],
  ] as const) {
    test(`Accept-Language ${acceptLanguage} ends on ${expectedPath}`, async ({
      browser,
      baseURL,
    }) => {
      const context = await contextWithLanguage(browser, baseURL, acceptLanguage);
      const page = await context.newPage();
      const response = await page.goto("/");
      expect(response!.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(expectedPath);
      await expect(page.locator("html")).toHaveAttribute("lang", expectedCookie);
      if (expectedPath === "/en") {
        expect(await response!.request().redirectedFrom()?.response()).toBeTruthy();
        expect((await response!.request().redirectedFrom()?.response())?.status()).toBe(302);
      }

      const cookie = (await cookieJar(context)).get("i18n_redirected");
      expect(cookie, "i18n_redirected is set").toBeDefined();
      expect(cookie!.value).toBe(expectedCookie);
      expect(cookie!.path).toBe("/");
      expect(cookie!.sameSite).toBe("Lax");
      expect(cookie!.secure).toBe(false);
      expect(cookie!.httpOnly).toBe(false);
      const lifetime = cookie!.expires - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(YEAR_SECONDS - 120);
      expect(lifetime).toBeLessThanOrEqual(YEAR_SECONDS + 5);

      // The choice sticks: the next visit to / goes to the same place without asking again.
      await page.goto("/");
      expect(new URL(page.url()).pathname).toBe(expectedPath);
      await context.close();
    });
  }

  test("an English browser gets a 302 to /en with the locale cookie", async ({ request }) => {
    const response = await request.get("/", {
      maxRedirects: 0,
      headers: { "User-Agent": chromeUserAgent, "Accept-Language": "en-US,en;q=0.9" },
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/en");
    const setCookie = response
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "set-cookie")
      .map((header) => header.value);
    const locale = setCookie.find((value) => value.startsWith("i18n_redirected="));
    expect(locale).toBeDefined();
    expect(locale).toContain("i18n_redirected=en");
    expect(locale).toContain("Path=/");
    expect(locale).toContain("SameSite=Lax");
    expect(locale).toContain(`Max-Age=${YEAR_SECONDS}`);
    expect(locale).not.toMatch(/;\s*Secure/i);
  });

  test("a bot with an English Accept-Language is not redirected", async ({ request }) => {
    const response = await request.get("/", {
      maxRedirects: 0,
      headers: { "User-Agent": googlebotUserAgent, "Accept-Language": "en-US,en;q=0.9" },
    });
    expect(response.status()).toBe(200);
    expect(response.headers().location).toBeUndefined();
    const body = await response.text();
    expect(body).toMatch(/<html[^>]*lang="de"/);
  });
});

test.describe("language dialog", () => {
  test("opens from the header, highlights the active language, closes on Escape", async ({
    browser,
    baseURL,
  }) => {
    const context = await contextWithLanguage(browser, baseURL, "de-DE,de;q=0.9");
    const page = await context.newPage();
    await page.goto(pathTo("about-us", "de"));
    const button = languageButton(page);
    await button.click();
    const dialog = languageDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Change Language" })).toBeVisible();

    const current = dialog.locator('a[aria-current]:not([aria-current="false"])');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute("href", pathTo("about-us", "de"));
    await expect(dialog.locator(`a[href="${pathTo("about-us", "en")}"]`)).not.toHaveAttribute(
      "aria-current",
      /.+/,
    );

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await context.close();
  });

  test("choosing English on /ueber-uns lands on /en/about-us and sets the cookie", async ({
    browser,
    baseURL,
  }) => {
    const context = await contextWithLanguage(browser, baseURL, "de-DE,de;q=0.9");
    const page = await context.newPage();
    await page.goto(pathTo("about-us", "de"));
    await languageButton(page).click();
    await languageDialog(page)
      .locator(`a[href="${pathTo("about-us", "en")}"]`)
      .click();
    await expect(page).toHaveURL((url) => url.pathname === "/en/about-us");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const cookie = (await cookieJar(context)).get("i18n_redirected");
    expect(cookie?.value).toBe("en");
    expect(cookie?.path).toBe("/");
    expect(cookie?.sameSite).toBe("Lax");

    // The choice now outweighs the German browser: / leads to /en.
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/en");
    await context.close();
  });

  test("choosing Deutsch on /en keeps an English browser on /", async ({ browser, baseURL }) => {
    const context = await contextWithLanguage(browser, baseURL, "en-GB,en;q=0.9");
    const page = await context.newPage();
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/en");
    await languageButton(page).click();
    const dialog = languageDialog(page);
    await expect(dialog.locator('a[href="/en"]')).toHaveAttribute("aria-current", "true");
    await dialog.locator('a[href="/"]').click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect((await cookieJar(context)).get("i18n_redirected")?.value).toBe("de");
    await page.reload();
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });
});

test.describe("active_lang", () => {
  test("public pages set no cookie on the server; the browser keeps active_lang in step", async ({
    browser,
    baseURL,
    request,
  }) => {
    const response = await request.get(pathTo("events", "en"), {
      headers: { "user-agent": chromeUserAgent },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toMatch(/^public/);
    // A Set-Cookie would keep CDNs from storing the page.
    expect(response.headers()["set-cookie"]).toBeUndefined();

    const context = await contextWithLanguage(browser, baseURL, "de-DE,de;q=0.9");
    const page = await context.newPage();
    await page.goto(pathTo("events", "en"));
    await expect.poll(async () => (await cookieJar(context)).get("active_lang")?.value).toBe("en");
    await page.goto(pathTo("events", "de"));
    await expect.poll(async () => (await cookieJar(context)).get("active_lang")?.value).toBe("de");
    await context.close();
  });
});

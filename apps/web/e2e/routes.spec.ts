import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { inSiteLayout, pathTo } from "../app/route-table";
import {
  cmsBacked,
  expectedTitle,
  germanBrowser,
  languageButton,
  languageDialog,
  locales,
  pageProblems,
  type RouteCase,
  routeCases,
  test,
  waitForHydration,
  withEventSlugs,
} from "./support";

test.use(germanBrowser);

/** Guests asking for a page of the account area are sent to the login page; everything else is shown. */
const guestRedirect = (route: RouteCase) =>
  (route.page.middleware as readonly string[]).includes("login");

/** The page shown in the end: the login page for the account's pages, otherwise the page itself. */
function shownPage(route: RouteCase) {
  if (!guestRedirect(route)) return route;
  return {
    ...route,
    key: "login" as const,
    path: pathTo("login", route.locale),
    paths: { de: pathTo("login", "de"), en: pathTo("login", "en") },
    page: { ...route.page, key: "login" },
  };
}

/** Head checks: all of them run (soft); the server renders the head, so there is nothing to wait for. */
const soft = expect.configure({ soft: true, timeout: 3_000 });

async function expectHead(page: Page, origin: string, route: RouteCase) {
  const shown = shownPage(route);
  await soft(page.locator("html")).toHaveAttribute("lang", route.locale);
  if (cmsBacked(route.page)) {
    await soft(page).toHaveTitle(/ – Eventwerk$/);
  } else {
    await soft(page).toHaveTitle(expectedTitle(shown.key, route.locale));
  }
  // The description carries the product name too.
  await soft(page.locator('meta[name="description"]')).toHaveAttribute("content", /Eventwerk/);
  const canonical = page.locator('link[rel="canonical"]');
  await soft(canonical).toHaveCount(1);
  await soft(canonical).toHaveAttribute("href", origin + shown.path);
  for (const [hreflang, target] of [
    ["de", shown.paths.de],
    ["en", shown.paths.en],
    ["x-default", shown.paths.de],
  ] as const) {
    const link = page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`);
    await soft(link, `hreflang ${hreflang}`).toHaveCount(1);
    await soft(link, `hreflang ${hreflang}`).toHaveAttribute("href", origin + target);
  }
}

/** The header's language dialog links to the page in both languages (the counterpart path). */
async function expectLanguageDialog(page: Page, route: RouteCase) {
  const shown = shownPage(route);
  const here = new URL(page.url());
  await languageButton(page).click();
  const dialog = languageDialog(page);
  await expect(dialog).toBeVisible();
  const hrefs = await dialog
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  // Links keep the query; the event page's links carry the slug of each language.
  const linkPaths = hrefs.map((href) => new URL(href ?? "", here).pathname);
  for (const locale of locales) {
    expect(linkPaths, `dialog link to ${locale}`).toContain(shown.paths[locale]);
  }
}

test.describe("every route of the route table", () => {
  for (const listed of routeCases) {
    test(`${listed.key} (${listed.locale}) ${listed.path}`, async ({
      guestPage: page,
      baseURL,
      request,
    }) => {
      const route = await withEventSlugs(listed, request);
      const problems = pageProblems(page);
      const response = await page.goto(route.path);
      expect(response, "document response").not.toBeNull();
      if (guestRedirect(route)) {
        // 302 to the login page, which remembers where the visitor wanted to go.
        const first = await response!.request().redirectedFrom()?.response();
        expect(first?.status(), "status of the first response").toBe(302);
        const url = new URL(page.url());
        expect(url.pathname).toBe(pathTo("login", route.locale));
        expect(url.searchParams.get("redirect")).toBe(route.path);
      } else {
        expect(response!.request().redirectedFrom(), "not redirected").toBeNull();
        expect(new URL(page.url()).pathname).toBe(route.path);
      }
      expect(response!.status()).toBe(200);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(problems, "errors while loading and hydrating").toEqual([]);
      await expectHead(page, baseURL!, route);
      // One main heading per page, also where no layout frames it (the door scanner).
      await soft(page.getByRole("heading", { level: 1 }), "h1").toHaveCount(1);
      // Outside the site's layout (the panel, the embedded shop, the door scanner): no header, no
      // language switch.
      if (inSiteLayout(route.page.area)) {
        await expectLanguageDialog(page, route);
      }
    });
  }
});

test("status summary of the 76 routes (test-results/routes.json)", async ({
  request,
}, testInfo) => {
  const summary = [];
  const resolved = [];
  for (const listed of routeCases) {
    const route = await withEventSlugs(listed, request);
    resolved.push(route);
    const response = await request.get(route.path, {
      maxRedirects: 0,
      headers: { "Accept-Language": "de-DE,de;q=0.9" },
    });
    const location = response.headers().location ?? null;
    const final = location === null ? response : await request.get(route.path, { maxRedirects: 5 });
    summary.push({
      key: route.key,
      locale: route.locale,
      path: route.path,
      status: response.status(),
      ...(location ? { location, finalStatus: final.status() } : {}),
    });
  }
  const file = path.join(path.dirname(testInfo.config.configFile!), "test-results", "routes.json");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify({ checkedAt: new Date().toISOString(), routes: summary }, null, 2)}\n`,
  );
  expect(summary).toHaveLength(76);
  for (const entry of summary) {
    const route = resolved.find((item) => item.path === entry.path)!;
    if (guestRedirect(route)) {
      expect(entry.status, entry.path).toBe(302);
      expect(entry.location, entry.path).toBe(
        `${pathTo("login", route.locale)}?redirect=${encodeURIComponent(route.path)}`,
      );
      expect(entry.finalStatus, entry.path).toBe(200);
    } else {
      expect(entry.status, entry.path).toBe(200);
    }
  }
});

test.describe("unknown paths", () => {
  for (const [pathname, lang] of [
    ["/gibt-es-nicht", "de"],
    ["/en/does-not-exist", "en"],
    ["/a/b/c", "de"],
    // Matches the event pattern, but the id is not a number.
    ["/jazz-im-park-evx-abc", "de"],
  ] as const) {
    test(`${pathname} answers 404`, async ({ guestPage: page }) => {
      const response = await page.goto(pathname);
      expect(response!.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
      await expect(page.getByText(`Page not found: ${pathname}`, { exact: true })).toBeVisible();
      await expect(page.getByText(lang === "de" ? "Fehler 404" : "Error 404")).toBeVisible();
      await expect(page).toHaveTitle(
        lang === "de" ? "Seite nicht gefunden – Eventwerk" : "Page not found – Eventwerk",
      );
      // A page that does not exist has no language versions.
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
    });
  }
});

test.describe("misspelt organiser paths", () => {
  for (const from of ["/en/new-register-organizer", "/en/new-register-organiser"]) {
    test(`${from} answers 301 to the organiser registration`, async ({ request, baseURL }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      const location = new URL(response.headers().location ?? "", baseURL);
      expect(location.pathname).toBe(pathTo("organiser-register", "en"));
      expect(location.pathname).toBe("/en/new-register-organiator");
    });
  }
});

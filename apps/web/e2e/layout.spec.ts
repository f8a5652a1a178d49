import { type Browser, expect, type Page } from "@playwright/test";
import { pathTo } from "../app/route-table";
import { accountLink, catalogues, germanBrowser, locales, login, paramsFor, test } from "./support";

test.use(germanBrowser);

/** A phone, a tablet, a small and a common laptop. */
const widths = [390, 768, 1024, 1280];

/** How far the page reaches beyond the window's width (0: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const locale of locales) {
  test(`no page scrolls sideways, and the header's controls stay in view (${locale})`, async ({
    page,
  }) => {
    test.slow();
    // Signed in, the header holds the most: the account's name and "log out" besides the rest.
    await login(page, locale);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      for (const key of ["home", "events", "search"] as const) {
        await page.goto(pathTo(key, locale));
        expect(await overflow(page), `${pathTo(key, locale)} at ${width} px`).toBe(0);
      }
      if (width >= 1024) {
        const link = await accountLink(page, locale).boundingBox();
        expect(link!.x + link!.width, `the account link at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
  });
}

test("without JavaScript a phone reaches the login and the other language from the menu", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    ...germanBrowser,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  try {
    await page.goto(pathTo("events", "de"));
    const menu = page.getByRole("navigation", { name: catalogues.de.nav.footerMenu });
    await menu.getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === pathTo("events", "en"));
    await page
      .getByRole("navigation", { name: catalogues.en.nav.footerMenu })
      .getByRole("link", { name: catalogues.en.nav.login, exact: true })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === pathTo("login", "en"));
  } finally {
    await context.close();
  }
});

/**
 * The layout shift (CLS's sum) while a page loads with Inter arriving a second after its first
 * paint, as on a slow connection; the browser names the faces it used, so the test cannot pass
 * with Inter missing or with the fallback face unused.
 */
async function shiftWhileInterLoads(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
  width: number,
) {
  const context = await browser.newContext({
    baseURL,
    ...germanBrowser,
    viewport: { width, height: 823 },
  });
  try {
    const page = await context.newPage();
    await page.route("**/*.woff2", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts = { sum: 0 };
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) shifts.sum += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(path);
    return await page.evaluate(async () => {
      await document.fonts.ready;
      // Shifts are reported after the frame that makes them.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
      const used = [...document.fonts].filter((face) => face.status === "loaded");
      return {
        faces: ["Inter Variable", "Inter Fallback"].map((family) =>
          used.some((face) => face.family.includes(family)),
        ),
        shift: (window as unknown as { shifts: { sum: number } }).shifts.sum,
      };
    });
  } finally {
    await context.close();
  }
}

for (const locale of locales) {
  test(`Inter's arrival shifts no layout: its fallback face has its metrics (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const pages = [
      `${pathTo("search", locale)}?q=konzert`,
      pathTo("event", locale, paramsFor("event")),
      pathTo("events", locale),
      pathTo("home", locale),
    ];
    for (const width of [412, 1280]) {
      for (const path of pages) {
        const { faces, shift } = await shiftWhileInterLoads(browser, baseURL, path, width);
        expect(faces, `${path}: Inter and its fallback used`).toEqual([true, true]);
        expect(shift, `${path} at ${width} px`).toBeLessThan(0.005);
      }
    }
  });
}

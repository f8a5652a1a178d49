import { expect, type Page } from "@playwright/test";
import { pathTo } from "../app/route-table";
import { accountLink, catalogues, germanBrowser, locales, login, test } from "./support";

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

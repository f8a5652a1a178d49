import { expect } from "@playwright/test";
import { pathTo } from "../app/route-table";
import { expectNoViolations, germanBrowser, login, routeCases, test } from "./support";

test.use(germanBrowser);

test.describe("axe (WCAG 2.1 A/AA) as a guest", () => {
  for (const route of routeCases) {
    test(`${route.key} (${route.locale}) ${route.path}`, async ({ guestPage: page }) => {
      await page.goto(route.path);
      await expectNoViolations(page);
    });
  }

  for (const pathname of ["/gibt-es-nicht", "/en/does-not-exist"]) {
    test(`404 page ${pathname}`, async ({ guestPage: page }) => {
      const response = await page.goto(pathname);
      expect(response!.status()).toBe(404);
      await expectNoViolations(page);
    });
  }
});

test.describe("axe (WCAG 2.1 A/AA) logged in", () => {
  for (const locale of ["de", "en"] as const) {
    test(`account page ${pathTo("account", locale)}`, async ({ page }) => {
      await login(page, locale);
      await page.goto(pathTo("account", locale));
      await expect(page).toHaveURL((url) => url.pathname === pathTo("account", locale));
      await expectNoViolations(page);
    });
  }
});

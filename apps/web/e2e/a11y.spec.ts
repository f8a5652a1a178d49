import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { pathTo } from "../app/route-table";
import { germanBrowser, login, routeCases, test } from "./support";

test.use(germanBrowser);

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page; a failure lists each violation with the elements it found. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  if (violations.length > 0) {
    console.log(
      `axe violations on ${page.url()}:\n${violations
        .map((v) => `  ${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join("\n    ")}`)
        .join("\n")}`,
    );
  }
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

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

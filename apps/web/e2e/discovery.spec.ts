import { expect, type Page } from "@playwright/test";
import catalogueDe from "../app/i18n/messages/de/catalogue.json" with { type: "json" };
import homeDe from "../app/i18n/messages/de/home.json" with { type: "json" };
import catalogueEn from "../app/i18n/messages/en/catalogue.json" with { type: "json" };
import homeEn from "../app/i18n/messages/en/home.json" with { type: "json" };
import { pathTo } from "../app/route-table";
import { catalogues, expectNoViolations, germanBrowser, locales, other, test } from "./support";

test.use({ ...germanBrowser, viewport: { width: 390, height: 844 }, hasTouch: true });

const texts = {
  de: { ...catalogues.de, catalogue: catalogueDe, home: homeDe },
  en: { ...catalogues.en, catalogue: catalogueEn, home: homeEn },
};

/** The header's menu button; a button (not the footer link) once the page is interactive. */
const menuButton = (page: Page, locale: "de" | "en") =>
  page.getByRole("banner").getByRole("button", { name: texts[locale].nav.menu, exact: true });
const drawer = (page: Page, locale: "de" | "en") =>
  page.getByRole("dialog", { name: texts[locale].nav.menu, exact: true });

for (const locale of locales) {
  test.describe(`discovery on a phone (${locale})`, () => {
    test("the header is one row; the menu drawer opens, navigates, closes on Escape and returns focus", async ({
      page,
    }) => {
      // Many steps on a loaded machine.
      test.slow();
      const nav = texts[locale].nav;
      await page.goto(pathTo("home", locale));
      const header = await page.getByRole("banner").boundingBox();
      expect(header!.height).toBeLessThan(72);

      await menuButton(page, locale).click();
      await expect(drawer(page, locale)).toBeVisible();
      // The header's and footer's links, account, theme and language are inside.
      for (const name of [nav.events, nav.categories, nav.cities, nav.contact, nav.login]) {
        await expect(drawer(page, locale).getByRole("link", { name, exact: true })).toBeVisible();
      }
      await expect(drawer(page, locale).getByRole("group", { name: /./ })).toBeVisible();
      await expectNoViolations(page);

      // Escape closes it, and focus is back on the menu button.
      await page.keyboard.press("Escape");
      await expect(drawer(page, locale)).toBeHidden();
      await expect(menuButton(page, locale)).toBeFocused();

      // Focus stays inside while it is open.
      await menuButton(page, locale).press("Enter");
      await expect(drawer(page, locale)).toBeVisible();
      for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
      const inside = await page.evaluate(
        () => document.activeElement?.closest('[role="dialog"]') !== null,
      );
      expect(inside).toBe(true);

      // A link navigates and closes the drawer.
      await drawer(page, locale).getByRole("link", { name: nav.events, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === pathTo("events", locale));
      await expect(drawer(page, locale)).toBeHidden();

      // The language switch inside: the same page in the other language.
      const target = other(locale);
      await menuButton(page, locale).click();
      await drawer(page, locale)
        .getByRole("link", { name: target === "de" ? "Deutsch" : "English" })
        .click();
      await expect(page).toHaveURL((url) => url.pathname === pathTo("events", target));
      await expect(page.locator("html")).toHaveAttribute("lang", target);
    });

    test("search forgives a wrong, missing, extra or swapped letter", async ({ page }) => {
      const cases =
        locale === "de"
          ? [
              ["comdy", /comedy/i],
              ["ausstelung", /ausstellung/i],
              ["konzret", /konzert/i],
              ["kabbarett", /kabarett/i],
              ["kabarekt", /kabarett/i],
            ]
          : [
              ["comdy", /comedy/i],
              ["exhibtion", /exhibition/i],
              ["cocnert", /concert/i],
              ["cabarret", /cabaret/i],
              ["cimedy", /comedy/i],
            ];
      for (const [q, title] of cases as [string, RegExp][]) {
        await page.goto(`${pathTo("search", locale)}?${new URLSearchParams({ q })}`);
        const first = page.locator("main").getByRole("article").first();
        await expect(first.getByRole("heading"), q).toHaveText(title);
      }
    });

    test("the home search suggests while typing; the keyboard opens an event", async ({ page }) => {
      await page.goto(pathTo("home", locale));
      const field = page.getByRole("combobox", { name: texts[locale].home.searchLabel });
      // Typed once the page is interactive (the menu button is a button then).
      await expect(menuButton(page, locale)).toBeVisible();
      await field.pressSequentially(locale === "de" ? "Sommerkon" : "Summer conc", { delay: 30 });
      const list = page.getByRole("listbox");
      await expect(list).toBeVisible();
      await expect(list.getByRole("option").first()).toBeVisible();
      await expect(field).toHaveAttribute("aria-expanded", "true");
      await expectNoViolations(page);

      await field.press("ArrowDown");
      const option = list.getByRole("option").first();
      await expect(option).toHaveAttribute("aria-selected", "true");
      await expect(field).toHaveAttribute(
        "aria-activedescendant",
        (await option.getAttribute("id"))!,
      );
      const title = (await option.locator("span").first().textContent())!;
      await field.press("Enter");
      await expect(page).toHaveURL(/-evx-\d+/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    });

    test("no sold-out event leads the highlights; sold-out ones come last", async ({ page }) => {
      await page.goto(pathTo("home", locale));
      const highlights = page.getByRole("region", {
        name: texts[locale].home.highlightsHeading,
        exact: true,
      });
      const cards = highlights.getByRole("article");
      await expect(cards.first()).toBeVisible();
      const soldOut = texts[locale].catalogue.badges.soldOut;
      const marks = await cards.evaluateAll(
        (articles, text) => articles.map((article) => article.textContent?.includes(text) ?? false),
        soldOut,
      );
      expect(marks[0]).toBe(false);
      // Once a sold-out card comes, only sold-out cards follow.
      const firstSoldOut = marks.indexOf(true);
      if (firstSoldOut >= 0) expect(marks.slice(firstSoldOut).every(Boolean)).toBe(true);
    });

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      test(`the listing's first event is in the first screen at ${viewport.width}x${viewport.height}`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.goto(pathTo("events", locale));
        const first = page.locator("main").getByRole("article").first();
        await expect(first).toBeVisible();
        const box = await first.boundingBox();
        expect(box!.y).toBeLessThan(viewport.height - 80);
      });
    }
  });
}

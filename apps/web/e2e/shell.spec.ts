import { expect, type Page, test } from "@playwright/test";
import testDe from "../app/i18n/messages/de/test.json" with { type: "json" };
import testEn from "../app/i18n/messages/en/test.json" with { type: "json" };
import { pathTo, resources } from "../app/route-table";
import { contextWithLanguage, germanBrowser, locales } from "./support";

test.use(germanBrowser);

const testCatalogue = { de: testDe, en: testEn } as const;
const toastTypes = ["default", "success", "info", "warning", "error", "loading"] as const;

test.describe("maintenance overlay (server with PUBLIC_MAINTENANCE=false)", () => {
  for (const pathname of [pathTo("home", "de"), pathTo("events", "en"), pathTo("contact", "de")]) {
    test(`${pathname} shows only the overlay`, async ({ browser }) => {
      const baseURL = process.env.E2E_MAINTENANCE_URL;
      expect(baseURL, "E2E_MAINTENANCE_URL is set by playwright.config.ts").toBeTruthy();
      const context = await contextWithLanguage(browser, baseURL, "de-DE,de;q=0.9");
      const page = await context.newPage();
      await page.goto(pathname);
      await expect(
        page.getByRole("heading", { level: 1, name: "Maintenance Eventwerk" }),
      ).toBeVisible();
      // None of the normal app: no header, navigation, footer or page content.
      await expect(page.getByRole("banner")).toHaveCount(0);
      await expect(page.getByRole("navigation")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await expect(page.locator("main")).toHaveCount(1);
      await expect(page.locator("main")).toContainText("Maintenance Eventwerk");
      await context.close();
    });
  }

  test("the normal server shows the app, not the overlay", async ({ page }) => {
    await page.goto(pathTo("home", "de"));
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByText("Maintenance Eventwerk")).toHaveCount(0);
  });
});

/** Clicks a toast button; the toast it shows proves that the page is hydrated. */
async function showToast(page: Page, locale: "de" | "en", type: (typeof toastTypes)[number]) {
  const texts = testCatalogue[locale];
  await page
    .locator("main")
    .getByRole("button", { name: texts.toastButtons[type], exact: true })
    .click();
  // Sonner marks every type but the plain one with data-type; the default toast has none.
  const selector =
    type === "default"
      ? '[data-sonner-toast]:not([data-type]), [data-sonner-toast][data-type="default"]'
      : `[data-sonner-toast][data-type="${type}"]`;
  const toast = page.locator(selector).filter({ hasText: texts.toastMessages[type] });
  await expect(toast, `${type} toast`).toBeVisible();
  return toast;
}

for (const locale of locales) {
  test(`toasts of all six types on ${pathTo("test", locale)}`, async ({ page }) => {
    await page.goto(pathTo("test", locale));
    for (const type of toastTypes) {
      await showToast(page, locale, type);
    }
    // The toast area sits at the top right.
    const toaster = page.locator("[data-sonner-toaster]");
    await expect(toaster).toHaveAttribute("data-y-position", "top");
    await expect(toaster).toHaveAttribute("data-x-position", "right");
    // At most three are shown at once.
    await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(3);
  });
}

test("a toast swiped 20 px to the side goes; one swiped 10 px stays", async ({ page }) => {
  await page.goto(pathTo("test", "de"));
  const toast = await showToast(page, "de", "info");
  const swipe = async (dx: number) => {
    const box = (await toast.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y, { steps: 5 });
    // Slowly: the library dismisses a fast flick whatever its distance.
    await page.waitForTimeout(400);
    await page.mouse.up();
  };
  // The pointer rests on the toast, which keeps it from timing out meanwhile.
  await swipe(10);
  await page.waitForTimeout(500);
  await expect(toast).toBeVisible();
  await swipe(24);
  await expect(toast).toHaveCount(0);
});

test.describe("chunk error reload", () => {
  const dispatchChunkError = (page: Page) =>
    // In a timer, so that a reload does not tear down the evaluation.
    page.evaluate(() => {
      setTimeout(() => window.dispatchEvent(new Event("vite:preloadError", { cancelable: true })));
    });

  test("reloads once, and not again within 10 s", async ({ page }) => {
    let loads = 0;
    page.on("load", () => {
      loads += 1;
    });
    await page.clock.install();
    await page.goto(pathTo("test", "de"));
    await showToast(page, "de", "info");
    expect(loads).toBe(1);

    const reloaded = page.waitForEvent("load");
    await dispatchChunkError(page);
    await reloaded;
    expect(loads).toBe(2);

    // Hydrated again (the listener is installed), then a second chunk error at once: no reload.
    await showToast(page, "de", "info");
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    const noReload = page.waitForEvent("load", { timeout: 2_000 }).then(
      () => false,
      () => true,
    );
    await dispatchChunkError(page);
    expect(await noReload, "no second reload within 10 s").toBe(true);
    expect(loads).toBe(2);
    expect(
      await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
    ).toBe(true);

    // Once the guard has expired a new chunk error reloads again.
    await page.clock.fastForward("00:11");
    const reloadedAgain = page.waitForEvent("load");
    await dispatchChunkError(page);
    await reloadedAgain;
    expect(loads).toBe(3);
  });
});

test("a page of an older build, asking for routes it has not seen, is told to load anew", async ({
  request,
  baseURL,
}) => {
  // What React Router's lazy route discovery asked before decision 016.
  const answer = await request.get(
    `${resources.routeManifest.path}?paths=%2F%2C%2Fkontakt&version=0`,
  );
  expect(answer.status()).toBe(204);
  expect(answer.headers()["x-remix-reload-document"]).toBe("true");
  // Whatever it asks, without paths or with nonsense, the answer is the same.
  for (const query of ["", "?paths=%00%2F..&version=%FF"]) {
    const other = await request.get(`${resources.routeManifest.path}${query}`);
    expect(other.status(), query).toBe(204);
  }
  // Read only.
  const posted = await request.post(resources.routeManifest.path, {
    headers: { origin: baseURL! },
  });
  expect(posted.status()).toBe(405);
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import buyDe from "../app/i18n/messages/de/buy.json" with { type: "json" };
import eventDe from "../app/i18n/messages/de/event.json" with { type: "json" };
import buyEn from "../app/i18n/messages/en/buy.json" with { type: "json" };
import eventEn from "../app/i18n/messages/en/event.json" with { type: "json" };
import { embedSnippet } from "../app/lib/embed";
import { pathTo, resources } from "../app/route-table";
import { expectNoViolations, loadsSiteChunk, paramsFor, test } from "./support";

const texts = { de: { ...eventDe, ...buyDe }, en: { ...eventEn, ...buyEn } } as const;
const eventId = Number(paramsFor("event").id);

/** An organiser's website on another origin: a page with the pasted snippet. */
async function organiserSite(snippet: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="de"><head><title>Club</title></head><body><h1>Unser Club</h1>${snippet}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // localhost and 127.0.0.1 are different sites to the browser.
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, server };
}

for (const locale of ["de", "en"] as const) {
  test(`the embedded ticket shop shows in another site's frame and continues to the checkout (${locale})`, async ({
    guestPage: page,
    baseURL,
  }) => {
    const shop = pathTo("embed-event", locale, { id: eventId });
    const alone = await page.goto(shop);
    expect(alone!.headers()["content-security-policy"]).toContain("frame-ancestors *");
    // No site chrome in the frame, nor its code.
    expect(await loadsSiteChunk(page)).toBe(false);
    await expect(
      page.getByRole("heading", { level: 2, name: texts[locale].tickets }),
    ).toBeVisible();
    await expectNoViolations(page);

    // The snippet the panel hands out, with a frame too short at first: the script sizes it.
    const snippet = embedSnippet(baseURL!, shop, "Tickets").replace("height:32rem", "height:100px");
    expect(snippet).toContain("height:100px");
    const site = await organiserSite(snippet);
    try {
      await page.goto(site.url);
      const frame = page.frameLocator('iframe[title="Tickets"]');
      await expect(
        frame.getByRole("heading", { level: 2, name: texts[locale].tickets }),
      ).toBeVisible();
      // The script sizes the frame to its content.
      await expect
        .poll(async () =>
          page
            .locator('iframe[title="Tickets"]')
            .evaluate((el) => el.getBoundingClientRect().height),
        )
        .toBeGreaterThan(200);
      const quantity = frame.getByRole("combobox").first();
      await quantity.selectOption("1");
      const [checkout] = await Promise.all([
        page.context().waitForEvent("page"),
        frame.getByRole("button", { name: texts[locale].submit }).click(),
      ]);
      await checkout.waitForLoadState();
      expect(new URL(checkout.url()).pathname).toMatch(
        new RegExp(`^${pathTo("checkout", locale, { id: 0 }).replace(/0$/, "")}\\d+$`),
      );
      await checkout.close();
    } finally {
      await new Promise((resolve) => site.server.close(resolve));
    }
  });
}

test("the embedded shop is a 404 for ids that are no published event and takes no posts; its script is for any site", async ({
  request,
  baseURL,
}) => {
  for (const id of ["abc", "0", "999999999", "12x", "1234567890"]) {
    const response = await request.get(pathTo("embed-event", "de", { id }));
    expect(response.status(), id).toBe(404);
  }
  const shop = pathTo("embed-event", "en", { id: eventId });
  // Buying posts to the event page (a new tab); the shop's own address takes no form.
  const post = await request.post(shop, {
    headers: { origin: baseURL! },
    form: { qty_1: "1" },
  });
  expect(post.status()).toBe(405);

  const script = await request.get(resources.embedScript.path);
  expect(script.status()).toBe(200);
  expect(script.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(script.headers()["cross-origin-resource-policy"]).toBe("cross-origin");
  // It only listens to frames of this site.
  expect(await script.text()).toContain(JSON.stringify(new URL(baseURL!).origin));
  const postScript = await request.post(resources.embedScript.path, {
    headers: { origin: baseURL! },
    form: { a: "1" },
  });
  expect(postScript.status()).toBe(405);
});

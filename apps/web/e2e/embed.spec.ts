import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import buyDe from "../app/i18n/messages/de/buy.json" with { type: "json" };
import eventDe from "../app/i18n/messages/de/event.json" with { type: "json" };
import buyEn from "../app/i18n/messages/en/buy.json" with { type: "json" };
import eventEn from "../app/i18n/messages/en/event.json" with { type: "json" };
import { pathTo } from "../app/route-table";
import { expectNoViolations, paramsFor, test } from "./support";

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
    await expect(
      page.getByRole("heading", { level: 2, name: texts[locale].tickets }),
    ).toBeVisible();
    await expectNoViolations(page);

    const snippet = [
      `<iframe src="${baseURL}${shop}" title="Tickets" data-eventwerk-shop style="width:100%;height:100px;border:0"></iframe>`,
      `<script src="${baseURL}/embed.js" async></script>`,
    ].join("\n");
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

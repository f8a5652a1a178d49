import { fillPath, panelPaths } from "@eventwerk/contract";
import { expect, request as newRequest, test } from "@playwright/test";
import checkoutDe from "../app/i18n/messages/de/checkout.json" with { type: "json" };
import panelDe from "../app/i18n/messages/de/panel.json" with { type: "json" };
import checkoutEn from "../app/i18n/messages/en/checkout.json" with { type: "json" };
import panelEn from "../app/i18n/messages/en/panel.json" with { type: "json" };
import { pathTo } from "../app/route-table";
import { postgresServer, postgresUrl } from "./postgres-server";
import {
  accessToken,
  buyTicket,
  buyTicketWithToken,
  expectNoViolations,
  locales,
  loginAs,
  mailsTo,
  organiser,
  outboxIn,
  uniqueEmail,
} from "./support";

/**
 * A deployment that changed payment providers owes refunds of money the old one took: the
 * operator makes them there and records them in the panel; so with a refund that failed at the
 * provider, whose money the operator gives back another way. Its own server on PostgreSQL (needs
 * TEST_DATABASE_URL, as CI sets): only the database can say that an order was paid through
 * another provider than this server's.
 */
const texts = { de: panelDe, en: panelEn } as const;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
const admin = { email: "admin@eventwerk.example", password: "eventwerk-demo-1" };
const server = postgresServer({ port: Number(process.env.E2E_PORT ?? 3460) + 8, label: "refunds" });

/**
 * A paid ticket type on sale at a future event of the demo organiser: of the latest event or of
 * the earliest, so that the two tests of a language take different ones (the first cancels its).
 */
async function ticketTypeOnSale(order: "asc" | "desc"): Promise<{ id: number; event_id: number }> {
  const [type] = await server.query(
    `select t.id, t.event_id from event_ticket_types t
     join events e on e.id = t.event_id join users u on u.id = e.organiser_id
     where u.email = $1 and e.status = 'published' and e.starts_at > now() + interval '2 days'
       and t.price_cents > 0 and t.capacity - t.sold_count >= 1
       and (t.sales_start is null or t.sales_start <= now())
       and (t.sales_end is null or t.sales_end > now())
     order by e.starts_at ${order}, t.id limit 1`,
    [organiser.email],
  );
  return type;
}

test.describe("refunds only the operator can make (PostgreSQL)", () => {
  test.skip(!postgresUrl, "needs TEST_DATABASE_URL");
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    await server.start();
  });
  test.afterAll(() => server.stop());

  for (const locale of locales) {
    test(`the organiser reads that the operator refunds; the operator records it, and the buyer is told (${locale})`, async ({
      browser,
    }) => {
      const t = texts[locale];
      const api = await newRequest.newContext({ baseURL: server.base });
      const type = await ticketTypeOnSale("desc");
      const buyer = { name: "Rita Rückgabe", email: uniqueEmail(`operator-refund-${locale}`) };
      const orderId = await buyTicket(api, type.event_id, type.id, buyer);
      // Taken with Stripe before the deployment changed providers.
      await server.query(
        `update orders set payment_provider = 'stripe', payment_reference = $2, locale = $3
         where id = $1`,
        [orderId, `cs_test_e2e_${orderId}`, locale],
      );
      const organiserToken = await accessToken(api, organiser);
      const cancelled = await api.post(fillPath(panelPaths.cancelEvent, { id: type.event_id }), {
        headers: { authorization: `Bearer ${organiserToken}` },
        data: { confirm: true },
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);

      // The organiser reads that the refund waits for the operator, not that it completes itself.
      // A browser of the test's language: signing in lands on that language's home page.
      const options = { baseURL: server.base, locale: locale === "de" ? "de-DE" : "en-GB" };
      const organiserContext = await browser.newContext(options);
      const organiserPage = await organiserContext.newPage();
      await loginAs(organiserPage, locale, organiser);
      await organiserPage.goto(pathTo("panel-order", locale, { id: orderId }));
      await expect(
        organiserPage.getByText(fill(t.refundOwedOperator, { provider: t.provider.stripe })),
      ).toBeVisible();
      await organiserContext.close();

      // The operator finds it from the panel's start, refunds it at Stripe and records it here.
      // The English operator without JavaScript: the form posts and the page comes back.
      const javaScriptEnabled = locale === "de";
      const context = await browser.newContext({ ...options, javaScriptEnabled });
      const page = await context.newPage();
      await loginAs(page, locale, admin);
      await page.goto(pathTo("panel", locale));
      await page.getByRole("link", { name: t.adminRefundsLink }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.refundsHeading })).toBeVisible();
      const item = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: new RegExp(`\\b${orderId}\\b`) }) });
      await expect(item).toContainText(buyer.email);
      await expect(item).toContainText(`cs_test_e2e_${orderId}`);
      await expect(item).toContainText(t.refundReason.event_cancelled);
      // The provider by its name ("Stripe"), not its id.
      await expect(item).toContainText(t.provider.stripe);
      if (javaScriptEnabled) await expectNoViolations(page);
      // A post without the tick records nothing.
      const unticked = await page.request.post(page.url(), {
        headers: { origin: server.base },
        form: { order_id: String(orderId) },
      });
      expect(unticked.status()).toBe(400);
      const [still] = await server.query("select status from orders where id = $1", [orderId]);
      expect(still.status).toBe("paid");
      await item.getByRole("checkbox").check();
      await item.getByRole("button", { name: fill(t.recordSubmitLabel, { id: orderId }) }).click();
      const done = page.getByText(t.recordDone);
      await expect(done).toBeVisible();
      if (javaScriptEnabled) await expect(done).toBeFocused();
      await expect(item).toHaveCount(0);
      await expect(page.getByText(t.refundsEmpty)).toBeVisible();
      await context.close();

      const [order] = await server.query("select status from orders where id = $1", [orderId]);
      expect(order.status).toBe("refunded");
      // The buyer's refund email, in the order's language (not the confirmation, which names
      // the order too).
      const subject = { de: `Bestellung ${orderId} erstattet`, en: `Order ${orderId} refunded` };
      await expect
        .poll(async () =>
          (await mailsTo(buyer.email, outboxIn(server.dataDir()))).some((mail) =>
            mail.subject.startsWith(subject[locale]),
          ),
        )
        .toBe(true);
      await api.dispose();
    });

    test(`a refund that failed at the provider: the operator pays it back another way and records it (${locale})`, async ({
      browser,
    }) => {
      const t = texts[locale];
      const api = await newRequest.newContext({ baseURL: server.base });
      const type = await ticketTypeOnSale("asc");
      const buyer = { name: "Fritz Fehlschlag", email: uniqueEmail(`failed-refund-${locale}`) };
      const bought = await buyTicketWithToken(api, type.event_id, type.id, buyer);
      const orderId = bought.id;
      await server.query("update orders set locale = $2 where id = $1", [orderId, locale]);
      const refunded = await api.post(fillPath(panelPaths.refundOrder, { id: orderId }), {
        headers: { authorization: `Bearer ${await accessToken(api, organiser)}` },
      });
      expect(refunded.status(), await refunded.text()).toBe(200);
      // Days later the provider reports the refund failed (the API's tests deliver Stripe's
      // report; here it is written as that report writes it).
      const failed = await server.query(
        `update orders set refund_failed_at = now() where id = $1 and status = 'refunded'
         returning id`,
        [orderId],
      );
      expect(failed).toHaveLength(1);
      // The buyer's return page says the money comes another way.
      const returnPage = `${pathTo("ticket-buy-status", locale)}?${new URLSearchParams({ order: String(orderId), token: bought.token })}`;
      const failureText = { de: checkoutDe, en: checkoutEn }[locale].status.refundFailedText;
      const buyerPage = await browser.newPage({ baseURL: server.base });
      await buyerPage.goto(returnPage);
      await expect(buyerPage.getByText(failureText)).toBeVisible();

      const options = { baseURL: server.base, locale: locale === "de" ? "de-DE" : "en-GB" };
      const context = await browser.newContext({ ...options, javaScriptEnabled: locale === "en" });
      const page = await context.newPage();
      await loginAs(page, locale, admin);
      await page.goto(pathTo("panel-refunds", locale));
      const item = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: new RegExp(`\\b${orderId}\\b`) }) });
      await expect(item).toContainText(buyer.email);
      await expect(item).toContainText(t.refundFailedSince);
      await expect(item).toContainText(fill(t.refundFailedText, { provider: t.provider.test }));
      if (locale === "en") await expectNoViolations(page);
      const tick = item.getByRole("checkbox");
      await expect(tick).toHaveAccessibleName(
        new RegExp(fill(t.recordRepaidConfirm, { amount: ".+" })),
      );
      await tick.check();
      await item.getByRole("button", { name: fill(t.recordSubmitLabel, { id: orderId }) }).click();
      await expect(page.getByText(t.recordDone)).toBeVisible();
      await expect(item).toHaveCount(0);
      await context.close();

      const [order] = await server.query(
        "select refund_repaid_at is not null as repaid from orders where id = $1",
        [orderId],
      );
      expect(order.repaid).toBe(true);
      await buyerPage.reload();
      await expect(buyerPage.getByText(failureText)).toHaveCount(0);
      await buyerPage.close();
      // The buyer is told that the money came another way, in the order's language.
      const repaid = {
        de: "Damit ist die Erstattung abgeschlossen",
        en: "This completes the refund",
      };
      await expect
        .poll(async () =>
          (await mailsTo(buyer.email, outboxIn(server.dataDir()))).some((mail) =>
            mail.text.includes(repaid[locale]),
          ),
        )
        .toBe(true);
      await api.dispose();
    });
  }
});

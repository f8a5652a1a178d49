import {
  type CheckoutOrder,
  checkoutPaths,
  createApiClient,
  type ErrorBody,
  fillPath,
  orderFileLink,
} from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema.ts";
import { call, createTestApp, readMail, registerVisitor, type TestApp } from "../testing/app.ts";
import {
  type CreatedOrder,
  createSaleEvent,
  holdTickets,
  onOrder,
  type TypeSpec,
} from "../testing/checkout-fixtures.ts";
import { mailAttachments, pdfPageCount, pdfText } from "../testing/pdf.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OUTBOX_POLL_MS: "0", RECONCILE_INTERVAL_SECONDS: "0" });
  // Starting an app (PGlite, migrations, demo data) is slow on a busy machine.
}, 180_000);
afterAll(() => t.close());

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;

/** Holds, fills in the buyer, places and pays with the test provider; the outbox has run. */
async function buy(
  options: {
    token?: string;
    locale?: "de" | "en";
    email?: string;
    types?: TypeSpec[];
    /** Between placing and paying. */
    beforePaying?: (eventId: number) => Promise<void>;
  } = {},
) {
  const { event, types } = await createSaleEvent(
    t.ctx.db,
    options.types ?? [{ price: 2500 }, { price: 1200 }],
  );
  const held = await holdTickets(
    t.app,
    {
      event_id: event.id,
      items: [
        { ticket_type_id: types[0]!.id, quantity: 2 },
        { ticket_type_id: types[1]!.id, quantity: 1 },
      ],
    },
    { token: options.token, locale: options.locale },
  );
  expect(held.statusCode, held.body).toBe(201);
  const order = held.json<CreatedOrder>();
  const patch = await onOrder(t.app, order, "PATCH", checkoutPaths.order, {
    buyer_name: "Erika Muster",
    buyer_email: options.email ?? "erika@example.com",
  });
  expect(patch.statusCode, patch.body).toBe(200);
  const placed = await onOrder(t.app, order, "POST", checkoutPaths.placeOrder, {
    accept_terms: true,
  });
  const { redirect_url } = placed.json<{ redirect_url: string }>();
  await options.beforePaying?.(event.id);
  const paid = await call(t.app, {
    method: "POST",
    url: fillPath(checkoutPaths.testPayment, { id: redirect_url.split("/").at(-1)! }),
    payload: { action: "success" },
  });
  expect(paid.statusCode).toBe(200);
  await t.drainOutbox();
  const read = (await onOrder(t.app, order, "GET")).json<{ data: CheckoutOrder }>().data;
  expect(read.status).toBe("paid");
  return { order, read, event, types };
}

/** The raw emails (MIME, attachments in base64) sent to an address. */
const rawMailsTo = async (email: string) =>
  (await t.rawOutbox()).filter((mail) => mail.includes(`To: ${email}`));

const fileUrl = (pathTemplate: string, params: Record<string, number>, query = "") =>
  `${fillPath(pathTemplate, params)}${query}`;

describe("the confirmation email", () => {
  it("is sent once after payment, in the buyer's language, with the tickets' PDF and the .ics", async () => {
    const email = `files-${Date.now()}@example.com`;
    const { read } = await buy({ locale: "en", email });
    // A second run of the outbox sends nothing more.
    await t.drainOutbox();
    const mails = await rawMailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const readable = readMail(mail);
    expect(readable).toContain(`Subject: Your tickets: Checkout concert – order ${read.id}`);
    // One rate: its line, no sum (2 × €25 + €12 at 19 %).
    expect(readable).toContain("Total: €62.00");
    expect(readable).toContain("incl. 19% VAT: €9.90");
    expect(readable).not.toContain("VAT in total");
    const attachments = mailAttachments(mail);
    const pdf = attachments.get(`tickets-${read.id}.pdf`);
    expect(pdf?.type).toBe("application/pdf");
    expect(pdf!.body.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfPageCount(pdf!.body)).toBe(3);
    const text = pdfText(pdf!.body);
    expect(text).toContain("Checkout concert");
    expect(text).toContain("Category 1");
    expect(text).toContain("Category 2");
    expect(text).toContain(String(read.id));
    expect(text).toContain("Ticket type");
    const ics = [...attachments.entries()].find(([name]) => name.endsWith(".ics"));
    expect(ics?.[1].type).toBe("text/calendar");
    const calendar = ics![1].body.toString("utf8");
    expect(calendar).toContain("BEGIN:VEVENT");
    expect(calendar).toContain("SUMMARY:Checkout concert");
  });
});

describe("an event unpublished while its buyer pays", () => {
  const unpublish = async (eventId: number) => {
    await t.ctx.db.update(s.events).set({ status: "draft" }).where(eq(s.events.id, eventId));
  };

  it("keeps the paid order's tickets: the confirmation with its files, the PDF and the .ics", async () => {
    const email = `unpublished-${Date.now()}@example.com`;
    const { read, order } = await buy({ locale: "de", email, beforePaying: unpublish });
    const mails = await rawMailsTo(email);
    expect(mails).toHaveLength(1);
    const attachments = mailAttachments(mails[0]!);
    expect(attachments.get(`tickets-${read.id}.pdf`)?.type).toBe("application/pdf");
    for (const file of ["ticketsPdf", "calendar"] as const) {
      const response = await call(t.app, {
        method: "GET",
        url: orderFileLink(file, { orderId: read.id, token: order.token, locale: "de" }),
      });
      expect(response.statusCode, `${file}: ${response.body.slice(0, 200)}`).toBe(200);
    }
    // The catalogue still does not show it.
    const page = await call(t.app, { method: "GET", url: `/api/v1/events/${read.event.id}` });
    expect(page.statusCode).toBe(404);
  });

  it("sells nothing more: a hold of it is not placed (409 not_on_sale), in both languages", async () => {
    const { event, types } = await createSaleEvent(t.ctx.db, [{ price: 2500 }]);
    for (const locale of ["de", "en"] as const) {
      const held = await holdTickets(
        t.app,
        { event_id: event.id, items: [{ ticket_type_id: types[0]!.id, quantity: 1 }] },
        { locale },
      );
      expect(held.statusCode, held.body).toBe(201);
      const order = held.json<CreatedOrder>();
      const patch = await onOrder(t.app, order, "PATCH", checkoutPaths.order, {
        buyer_name: "Erika Muster",
        buyer_email: "erika@example.com",
      });
      expect(patch.statusCode, patch.body).toBe(200);
      await unpublish(event.id);
      const placed = await onOrder(
        t.app,
        order,
        "POST",
        checkoutPaths.placeOrder,
        { accept_terms: true },
        locale,
      );
      expect(placed.statusCode, placed.body).toBe(409);
      expect(errorOf(placed).code).toBe("not_on_sale");
      expect(errorOf(placed).message.length).toBeGreaterThan(0);
      const [row] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, order.data.id));
      expect(row!.placedAt).toBeNull();
      await t.ctx.db.update(s.events).set({ status: "published" }).where(eq(s.events.id, event.id));
    }
  });
});

describe("an order mixing VAT rates", () => {
  it("shows the VAT per rate and in total in the order, the email and the tickets' PDF", async () => {
    // 2 × €25.00 at 19 % and 1 × €12.00 at the reduced 7 % (no service fee in this app).
    const types = [{ price: 2500 }, { price: 1200, vatPercent: 7 }];
    const email = `vat-${Date.now()}@example.com`;
    const { read, order } = await buy({ locale: "de", email, types });
    expect(read.items.map((item) => item.vat_percent)).toEqual([19, 7]);
    expect(read.vat).toEqual([
      { percent: 19, gross_cents: 5000, vat_cents: 798 },
      { percent: 7, gross_cents: 1200, vat_cents: 79 },
    ]);

    const text = readMail((await rawMailsTo(email))[0]!).replace(/\u00a0/g, " ");
    expect(text).toContain("Gesamt: 62,00 €\ninkl. 19 % MwSt.: 7,98 €\ninkl. 7 % MwSt.: 0,79 €");
    expect(text).toContain("MwSt. gesamt: 8,77 €");
    expect(text).toContain("Ihre Zahlung ist eingegangen.");

    const pdf = await call(t.app, {
      method: "GET",
      url: orderFileLink("ticketsPdf", { orderId: read.id, token: order.token, locale: "en" }),
    });
    // Each ticket names the VAT in its own price (€ is 0x80 in the PDF's WinAnsi text).
    const pages = pdfText(pdf.rawPayload).replace(/\x80/g, "€");
    expect(pages.match(/incl\. 19% VAT: €3\.99/g)).toHaveLength(2);
    expect(pages.match(/incl\. 7% VAT: €0\.79/g)).toHaveLength(1);

    // A later change of the type's rate leaves the order as sold.
    await t.ctx.db
      .update(s.eventTicketTypes)
      .set({ vatPercent: 19 })
      .where(eq(s.eventTicketTypes.id, read.items[1]!.ticket_type_id));
    const again = (await onOrder(t.app, order, "GET")).json<{ data: CheckoutOrder }>().data;
    expect(again.vat).toEqual(read.vat);
  });
});

describe("an order's files", () => {
  it("the token holder downloads the tickets' PDF, one ticket's PDF and the .ics, in either language", async () => {
    const { order, read } = await buy();
    const token = order.token;
    const all = await call(t.app, {
      method: "GET",
      url: fileUrl(checkoutPaths.orderTicketsPdf, { id: read.id }, `?token=${token}`),
    });
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toBe("application/pdf");
    expect(all.headers["cache-control"]).toBe("private, no-store");
    expect(all.headers["content-disposition"]).toBe(
      `attachment; filename="tickets-${read.id}.pdf"`,
    );
    expect(pdfPageCount(all.rawPayload)).toBe(3);
    expect(pdfText(all.rawPayload)).toContain("Kassenkonzert");
    expect(pdfText(all.rawPayload)).toContain("Ticketart");

    const ticket = read.tickets[2]!;
    const one = await call(t.app, {
      method: "GET",
      url: orderFileLink("ticketPdf", {
        orderId: read.id,
        token,
        locale: "en",
        ticketId: ticket.id,
      }),
    });
    expect(one.statusCode).toBe(200);
    expect(pdfPageCount(one.rawPayload)).toBe(1);
    expect(pdfText(one.rawPayload)).toContain("Checkout concert");
    expect(pdfText(one.rawPayload)).toContain(
      ticket.ticket_type_name === "Kategorie 2" ? "Category 2" : "Category 1",
    );

    const ics = await call(t.app, {
      method: "GET",
      url: orderFileLink("calendar", { orderId: read.id, token, locale: "de" }),
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(ics.body).toContain("SUMMARY:Kassenkonzert");
  });

  it("the signed-in owner gets them through the client; anyone else gets 404", async () => {
    const owner = await registerVisitor(t.app);
    const other = await registerVisitor(t.app);
    const { read, order } = await buy({ token: owner.tokens.access_token });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const client = createApiClient({ baseUrl, token: owner.tokens.access_token, locale: "en" });
    const pdf = await client.checkout.ticketsPdf(read.id);
    expect(pdf.contentType).toBe("application/pdf");
    expect(pdf.filename).toBe(`tickets-${read.id}.pdf`);
    expect(pdfPageCount(Buffer.from(pdf.body))).toBe(3);
    const single = await client.checkout.ticketsPdf(read.id, { ticketId: read.tickets[0]!.id });
    expect(pdfPageCount(Buffer.from(single.body))).toBe(1);
    const ics = await client.checkout.orderCalendar(read.id);
    expect(Buffer.from(ics.body).toString()).toContain("SUMMARY:Checkout concert");
    const stranger = createApiClient({ baseUrl, token: other.tokens.access_token });
    await expect(stranger.checkout.ticketsPdf(read.id)).rejects.toMatchObject({
      status: 404,
      code: "not_found",
    });

    // Someone else's order, no token, a wrong token, another order's ticket: 404.
    const { order: otherOrder, read: otherRead } = await buy();
    for (const [url, headers] of [
      [fileUrl(checkoutPaths.orderTicketsPdf, { id: read.id }), {}],
      [fileUrl(checkoutPaths.orderCalendar, { id: read.id }), {}],
      [
        fileUrl(checkoutPaths.orderTicketsPdf, { id: read.id }),
        { authorization: `Bearer ${other.tokens.access_token}` },
      ],
      [fileUrl(checkoutPaths.orderTicketsPdf, { id: read.id }, `?token=${otherOrder.token}`), {}],
      [
        fileUrl(
          checkoutPaths.ticketPdf,
          { id: otherRead.id, ticketId: read.tickets[0]!.id },
          `?token=${otherOrder.token}`,
        ),
        {},
      ],
    ] as const) {
      const response = await call(t.app, { method: "GET", url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe("not_found");
    }
    expect(order.token).toBeTruthy();
  });

  it("refuses bad ids and unpaid orders in the one error shape", async () => {
    const { event, types } = await createSaleEvent(t.ctx.db, [{ price: 1000 }]);
    const held = (
      await holdTickets(t.app, {
        event_id: event.id,
        items: [{ ticket_type_id: types[0]!.id, quantity: 1 }],
      })
    ).json<CreatedOrder>();
    for (const filePath of [checkoutPaths.orderTicketsPdf, checkoutPaths.orderCalendar]) {
      const unpaid = await onOrder(t.app, held, "GET", filePath);
      expect(unpaid.statusCode).toBe(409);
      expect(errorOf(unpaid).code).toBe("order_not_paid");
      expect(errorOf(unpaid).message).toContain("noch nicht bezahlt");
    }
    // Refunded: the same code, and a message that does not promise tickets after payment.
    const { order } = await buy();
    await t.ctx.db
      .update(s.orders)
      .set({ status: "refunded" })
      .where(eq(s.orders.id, order.data.id));
    const refunded = await onOrder(t.app, order, "GET", checkoutPaths.orderTicketsPdf);
    expect(refunded.statusCode).toBe(409);
    expect(errorOf(refunded)).toMatchObject({ code: "order_not_paid" });
    expect(errorOf(refunded).message).toContain("wurde erstattet");
    for (const url of [
      "/api/v1/checkout/orders/abc/tickets.pdf",
      "/api/v1/checkout/orders/0/tickets.pdf",
      "/api/v1/checkout/orders/-1/calendar.ics",
      "/api/v1/checkout/orders/99999999999/calendar.ics",
      `/api/v1/checkout/orders/${held.data.id}/tickets/x/ticket.pdf`,
      `/api/v1/checkout/orders/${held.data.id}/tickets.pdf?locale=fr&token=${held.token}`,
    ]) {
      const response = await call(t.app, { method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).code).toBe("validation_failed");
    }
  });
});

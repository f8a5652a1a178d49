import type { CheckoutOrder } from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import { ticketsWithQrCodes } from "./ticket-buy-status.server";

/** An order of one ticket in the given state; a refunded or cancelled one keeps its ticket. */
const order = (status: CheckoutOrder["status"]): CheckoutOrder => ({
  id: 1,
  status,
  event: { id: 7, title: "Hofkonzert", slug: "hofkonzert", starts_at: "", venue_name: "Hof" },
  items: [],
  subtotal_cents: 2500,
  discount_cents: 0,
  fee_cents: 0,
  total_cents: 2500,
  vat: [],
  currency: "EUR",
  voucher_code: null,
  buyer_name: "Erika Käuferin",
  buyer_email: "erika@example.com",
  billing_address: null,
  hold_expires_at: null,
  payment_provider: "test",
  payment_url: null,
  test_mode: true,
  tickets: [
    {
      id: 11,
      ticket_type_id: 500,
      ticket_type_name: "Stehplatz",
      code: "code-11",
      price_cents: 2500,
      discount_cents: 0,
    },
  ],
  created_at: "",
  paid_at: null,
  refund_reason: status === "refunded" ? "organiser" : null,
});

describe("the return page's tickets", () => {
  it("of a paid order come with their QR codes", async () => {
    const tickets = await ticketsWithQrCodes(order("paid"));
    expect(tickets.map((ticket) => ticket.id)).toEqual([11]);
    expect(tickets[0]?.qr).toMatch(/^<svg[^>]*>/);
  });

  it("of a refunded or cancelled order get none: they admit no one", async () => {
    for (const status of ["refunded", "cancelled"] as const) {
      expect(await ticketsWithQrCodes(order(status)), status).toEqual([]);
    }
  });
});

import { type ApiClient, ApiError, type CheckoutOrder } from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import { canRetry, ticketsWithQrCodes } from "./ticket-buy-status.server";

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
  refund_failed: false,
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

describe("buying the same tickets again from the return page", () => {
  const answering = (event: () => Promise<unknown>) => ({ event }) as unknown as ApiClient;
  const failed = {
    ...order("failed"),
    items: [{ ticket_type_id: 500, quantity: 2 }],
  } as CheckoutOrder;

  it("is offered while every type is on sale with enough left", async () => {
    const type = { id: 500, availability: "on_sale", remaining: 5, max_per_order: 10 };
    const api = answering(async () => ({ data: { ticket_types: [type] } }));
    expect(await canRetry(api, failed)).toBe(true);
    const few = answering(async () => ({ data: { ticket_types: [{ ...type, remaining: 1 }] } }));
    expect(await canRetry(few, failed)).toBe(false);
  });

  it("is not offered for an event unpublished since (404), and a failing API is an error", async () => {
    const unpublished = answering(async () => {
      throw new ApiError(404, null);
    });
    expect(await canRetry(unpublished, failed)).toBe(false);
    const down = answering(async () => {
      throw new ApiError(503, null);
    });
    await expect(canRetry(down, failed)).rejects.toBeInstanceOf(ApiError);
  });
});

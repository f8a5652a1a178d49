import type { TicketRecord } from "@eventwerk/contract";

type OrderStatus = TicketRecord["order_status"];
type EventStatus = TicketRecord["event_ticket_type"]["event"]["status"];

import { describe, expect, it } from "vitest";
import { ticketsByTime } from "./tickets.server";

/** A paid ticket of an event next year, at `price` less `discount`. */
const ticket = (
  id: number,
  price: number,
  discount: number | null,
  { order = "paid", event = "published" }: { order?: OrderStatus; event?: EventStatus } = {},
): TicketRecord => ({
  id,
  code: `code-${id}`,
  order_id: 1000 + id,
  order_status: order,
  ticket_price: price,
  discount_price: discount,
  created_at: "2026-01-01T12:00:00Z",
  event_log: [],
  event_ticket_type: {
    id: 500,
    name: "Stehplatz",
    event: {
      id: 7,
      slug: "hofkonzert",
      title: "Hofkonzert",
      date: "2027-06-01T18:00:00Z",
      end_date: "2027-06-01T21:00:00Z",
      status: event,
      event_venue: { id: 3, name: "Hof", city_id: 1, city_name: "Berlin" },
      event_category: { id: 12, name: "Konzerte" },
    },
  },
});

describe("the account's tickets", () => {
  it("name a discount only where there was one", async () => {
    const { upcoming } = await ticketsByTime(
      [ticket(1, 2500, 0), ticket(2, 2500, null), ticket(3, 2500, 250)],
      new Date("2026-11-27T12:00:00Z"),
    );
    expect(upcoming.map((row) => [row.paidCents, row.discountCents])).toEqual([
      [2500, null],
      [2500, null],
      [2250, 250],
    ]);
  });

  it("give a valid ticket its QR code and a cancelled one none, saying why", async () => {
    const { upcoming } = await ticketsByTime(
      [
        ticket(1, 2500, null),
        ticket(2, 2500, null, { event: "cancelled" }),
        ticket(3, 2500, null, { order: "refunded" }),
        ticket(4, 2500, null, { order: "cancelled" }),
      ],
      new Date("2026-11-27T12:00:00Z"),
    );
    expect(upcoming.map((row) => [row.id, row.cancelled, row.qr === null])).toEqual([
      [1, null, false],
      [2, "event_cancelled", true],
      [3, "refunded", true],
      [4, "order_cancelled", true],
    ]);
    expect(upcoming[0]?.qr).toMatch(/^<svg[^>]*>/);
  });
});

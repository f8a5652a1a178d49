import type { EventDetail, TicketType } from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import { type FormTicketType, formEvent } from "./event-tickets";

const ticketType = (fields: Partial<TicketType>): TicketType => ({
  id: 1,
  name: "Stehplatz",
  price_cents: 3500,
  discount_price_cents: null,
  capacity: 2000,
  remaining: 1500,
  max_per_order: 10,
  sales_start: null,
  sales_end: null,
  availability: "on_sale",
  ...fields,
});

const event = (
  ticket_types: TicketType[],
  fields: Partial<Pick<EventDetail, "is_past" | "status">> = {},
) => ({
  is_past: false,
  status: "published" as const,
  service_fee: { percent: 5, fixed_cents: 50 },
  ticket_types,
  ...fields,
});

const textFields = [
  "price",
  "discount_price",
  "per_ticket",
  "fee",
  "sale_from",
  "sale_until",
  "left",
] as const;

/** A type's texts: the fields `formEvent` writes beside the API's. */
const texts = (ticket: FormTicketType | undefined) =>
  Object.fromEntries(
    textFields.flatMap((field) => (ticket?.[field] === undefined ? [] : [[field, ticket[field]]])),
  );

describe("the ticket form's texts, written by the server", () => {
  it("writes prices, the fee, the price paid per ticket, the sale's end and the tickets left", () => {
    const [de] = formEvent(
      "de",
      event([ticketType({ discount_price_cents: 3000, sales_end: "2027-07-03T20:30:00Z" })]),
    ).ticket_types;
    expect(texts(de)).toEqual({
      price: "35,00\u00a0€",
      discount_price: "30,00\u00a0€",
      // 5 % of the sale price (30 €) and 0.50 €.
      fee: "2,00\u00a0€",
      per_ticket: "32,00\u00a0€",
      // Berlin's summer time.
      sale_until: "03.07.2027, 22:30",
      left: "1.500",
    });
    // No text for a number that reads as its digits do.
    const [en] = formEvent("en", event([ticketType({ remaining: 999 })])).ticket_types;
    expect(texts(en)).toEqual({ price: "€35.00", fee: "€2.25", per_ticket: "€37.25" });
    expect(formEvent("en", event([ticketType({})])).ticket_types[0]?.left).toBe("1,500");
  });

  it("writes no price and no fee for a free ticket, and no discount equal to the price", () => {
    const [free, same] = formEvent(
      "de",
      event([
        ticketType({ price_cents: 0 }),
        ticketType({ id: 2, price_cents: 1000, discount_price_cents: 1000 }),
      ]),
    ).ticket_types;
    expect(texts(free)).toEqual({ left: "1.500" });
    expect(texts(same)).toEqual({
      price: "10,00\u00a0€",
      fee: "1,00\u00a0€",
      per_ticket: "11,00\u00a0€",
      left: "1.500",
    });
  });

  it("writes when a sale starts (Berlin time) only before it, and nothing of a sale at an event over or off", () => {
    const later = ticketType({
      availability: "not_yet_on_sale",
      sales_start: "2027-01-02T13:00:00Z",
      sales_end: "2027-07-03T20:30:00Z",
    });
    expect(texts(formEvent("de", event([later])).ticket_types[0])).toEqual({
      price: "35,00\u00a0€",
      sale_from: "02.01.2027, 14:00",
    });
    for (const closed of [{ is_past: true }, { status: "cancelled" as const }])
      expect(
        formEvent("en", event([later, ticketType({ id: 2 })], closed)).ticket_types.map((type) =>
          texts(type),
        ),
      ).toEqual([{ price: "€35.00" }, { price: "€35.00" }]);
  });

  it("leaves out what the page does not show: the capacity, the sale's end as an instant, texts not written", () => {
    const [shown] = formEvent(
      "de",
      event([ticketType({ price_cents: 0, sales_end: "2027-07-03T20:30:00Z" })]),
    ).ticket_types;
    // A field set to undefined would still take its place in the page's data.
    expect(Object.keys(shown!).sort()).toEqual([
      "availability",
      "discount_price_cents",
      "id",
      "left",
      "max_per_order",
      "name",
      "price_cents",
      "remaining",
      "sale_until",
      "sales_start",
    ]);
  });
});

describe("where the ticket form starts", () => {
  const types = [
    ticketType({ id: 1, max_per_order: 4 }),
    ticketType({ id: 2, price_cents: 1000, remaining: 2 }),
    ticketType({ id: 3, availability: "sold_out", remaining: 0 }),
    ticketType({ id: 4, availability: "not_yet_on_sale" }),
  ];

  it("takes the quantities chosen before within what may be bought, and writes their total", () => {
    const form = formEvent("de", event(types), { 1: 9, 2: 1, 3: 2, 4: 1, 99: 5 });
    // At most 4 per order of the first, and nothing of types not on sale or unknown.
    expect(form.chosen).toEqual({ 1: 4, 2: 1 });
    // 4 × (35 € + 2.25 €) + 1 × (10 € + 1 €)
    expect(form.total).toBe("160,00\u00a0€");
  });

  it("starts at nothing without a choice, and at nothing to choose when the event is over or off", () => {
    const form = formEvent("en", event(types), { 1: 0 });
    expect([form.chosen, form.total]).toEqual([{}, "€0.00"]);
    for (const closed of [{ is_past: true }, { status: "cancelled" as const }]) {
      const off = formEvent("de", event(types, closed), { 1: 2 });
      expect([off.chosen, off.total]).toEqual([{}, "0,00\u00a0€"]);
    }
  });
});

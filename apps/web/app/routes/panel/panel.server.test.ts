import { describe, expect, it } from "vitest";
import {
  eventFields,
  eventPayload,
  ticketTypeFields,
  ticketTypePayload,
  venueFields,
  venuePayload,
  voucherFields,
  voucherPayload,
} from "./panel.server";

const blank = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, ""])) as Record<K, string>;

describe("the panel's forms as the API takes them", () => {
  it("leaves out a category or venue not chosen, so the API says the field is required", () => {
    const sent = JSON.parse(
      JSON.stringify(
        eventPayload({
          ...blank(eventFields),
          venue_id: "12",
        }),
      ),
    );
    expect(sent).not.toHaveProperty("category_id");
    expect(sent.venue_id).toBe(12);
    expect(sent.age_limit).toBeNull();
  });

  it("leaves out a new venue's city not chosen, so the API says the field is required", () => {
    const sent = JSON.parse(JSON.stringify(venuePayload(blank(venueFields))));
    expect(sent).not.toHaveProperty("city_id");
    expect(venuePayload({ ...blank(venueFields), venue_city_id: "7" }).city_id).toBe(7);
  });

  it("sends negative amounts and fractions as typed, for the API to name their range", () => {
    const type = ticketTypePayload({
      ...blank(ticketTypeFields),
      price: "-5",
      capacity: "1,5",
    });
    expect(type.price_cents).toBe(-500);
    expect(type.capacity).toBe(1.5);
    const voucher = voucherPayload({
      ...blank(voucherFields),
      kind: "fixed",
      value: "-3",
    });
    expect(voucher.value).toBe(-300);
  });
});

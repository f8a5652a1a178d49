import type { EventSummary } from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import { cardEvent, rowFillClass } from "./event-card";

const classes = (count: number) => Array.from({ length: count }, (_, i) => rowFillClass(i, count));

describe("rowFillClass", () => {
  it("shows six cards everywhere: they fill one, two and three columns", () => {
    expect(classes(6)).toEqual(Array(6).fill(undefined));
  });

  it("hides a lone last card in the two- and three-column grids", () => {
    // 4: two rows of two; on three columns only the first three.
    expect(classes(4)).toEqual([undefined, undefined, undefined, "lg:hidden"]);
    // 5: two rows of two (the fifth hidden), one row of three (the fourth and fifth hidden).
    expect(classes(5)).toEqual([undefined, undefined, undefined, "lg:hidden", "sm:hidden"]);
    // 3: one row of two (the third hidden there), one row of three.
    expect(classes(3)).toEqual([undefined, undefined, "sm:hidden lg:block"]);
  });

  it("keeps a single card", () => {
    expect(classes(1)).toEqual([undefined]);
  });
});

describe("a card's texts, written by the server", () => {
  const event = (fields: Partial<EventSummary>) =>
    ({
      starts_at: "2027-01-02T13:00:00Z",
      is_free: false,
      price_from_cents: 1250,
      category: { name: "Konzert" },
      venue: { name: "Halle", city_name: "Wien" },
      ...fields,
    }) as EventSummary;

  it("writes the hour as the event page does (Berlin time): no leading zero in English", () => {
    expect(cardEvent("en")(event({})).starts).toBe("Sat, Jan 2, 2027, 2:00 PM");
    expect(cardEvent("de")(event({})).starts).toBe("Sa., 2. Jan. 2027, 14:00");
    // Summer time: 13:00 UTC is 15:00 in Berlin.
    expect(cardEvent("de")(event({ starts_at: "2027-07-03T13:00:00Z" })).starts).toBe(
      "Sa., 3. Juli 2027, 15:00",
    );
  });

  it("writes the lowest price in euros in the page's language, and none for a free event", () => {
    expect(cardEvent("de")(event({})).price_from).toBe("12,50\u00a0€");
    expect(cardEvent("en")(event({})).price_from).toBe("€12.50");
    expect(cardEvent("de")(event({ is_free: true, price_from_cents: 0 })).price_from).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { dateTimeFormat } from "../lib/intl-format";
import { eventDateOptions, rowFillClass } from "./event-card";

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

describe("a card's date", () => {
  it("writes the hour as the event page does: no leading zero in English", () => {
    const start = new Date("2027-01-02T13:00:00Z");
    expect(dateTimeFormat("en", eventDateOptions).format(start)).toBe("Sat, Jan 2, 2027, 2:00 PM");
    expect(dateTimeFormat("de", eventDateOptions).format(start)).toBe("Sa., 2. Jan. 2027, 14:00");
  });
});

import { describe, expect, it } from "vitest";
import { dateTimeFormat, dateTimeRange, displayNames, numberFormat } from "./intl-format";

describe("shared Intl formatters", () => {
  it("are built once per locale and options", () => {
    const options = { dateStyle: "medium", timeStyle: "short" } as const;
    expect(dateTimeFormat("de", options)).toBe(dateTimeFormat("de", { ...options }));
    expect(dateTimeFormat("en", options)).not.toBe(dateTimeFormat("de", options));
    expect(dateTimeFormat("de", { dateStyle: "long" })).not.toBe(dateTimeFormat("de", options));
    expect(numberFormat("de", { style: "currency", currency: "EUR" })).toBe(
      numberFormat("de", { style: "currency", currency: "EUR" }),
    );
  });

  it("show dates in Berlin's time and numbers in the page's language", () => {
    const instant = new Date("2027-04-10T13:00:00Z");
    expect(dateTimeFormat("de", { timeStyle: "short" }).format(instant)).toBe("15:00");
    expect(dateTimeFormat("en", { dateStyle: "medium" }).format(instant)).toBe("Apr 10, 2027");
    expect(numberFormat("de", { style: "currency", currency: "EUR" }).format(8)).toBe(
      "8,00\u00a0€",
    );
    expect(displayNames("en", { type: "region" }).of("AT")).toBe("Austria");
  });
});

describe("dateTimeRange", () => {
  it("formats a range as the formatter does, in Berlin's time, for each language and style", () => {
    const start = new Date("2027-04-10T17:00:00Z");
    const end = new Date("2027-04-10T20:30:00Z");
    const medium = { dateStyle: "medium", timeStyle: "short" } as const;
    expect(dateTimeRange("de", start, end, medium)).toBe(
      dateTimeFormat("de", medium).formatRange(start, end),
    );
    expect(dateTimeRange("de", start, end, medium)).toBe("10.04.2027, 19:00–22:30 Uhr");
    expect(dateTimeRange("en", start, end, medium)).toBe(
      "Apr 10, 2027, 7:00\u2009–\u200910:30\u202fPM",
    );
    expect(dateTimeRange("de", start, end, { dateStyle: "full", timeStyle: "short" })).toBe(
      "Samstag, 10. April 2027, 19:00–22:30 Uhr",
    );
    // Another end is another text, though start, language and style are the same.
    const later = new Date("2027-04-11T20:30:00Z");
    expect(dateTimeRange("de", start, later, medium)).toBe(
      "10.04.2027, 19:00\u2009–\u200911.04.2027, 22:30",
    );
  });
});

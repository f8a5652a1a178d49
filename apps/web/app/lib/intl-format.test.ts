import { describe, expect, it } from "vitest";
import { dateTimeFormat, displayNames, numberFormat } from "./intl-format";

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

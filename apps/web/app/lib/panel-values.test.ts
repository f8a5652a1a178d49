import { describe, expect, it } from "vitest";
import {
  berlinIso,
  berlinIsoKeeping,
  berlinLocal,
  centsOf,
  decimal,
  numberOrNull,
} from "./panel-values";

describe("the panel's form values", () => {
  it("reads euros as cents; a negative amount stays one, so the API names its range", () => {
    expect(centsOf("25")).toBe(2500);
    expect(centsOf(" 25,5 ")).toBe(2550);
    expect(centsOf("0.99")).toBe(99);
    expect(centsOf("-5")).toBe(-500);
    for (const text of ["", "abc", "1.999", "1e3", "--5"]) expect(centsOf(text)).toBeNaN();
  });

  it("reads numbers as typed, fractions too; an empty field is null", () => {
    expect(numberOrNull("")).toBeNull();
    expect(numberOrNull("  ")).toBeNull();
    expect(numberOrNull("12")).toBe(12);
    expect(numberOrNull("1,5")).toBe(1.5);
    expect(numberOrNull("-3")).toBe(-3);
    expect(numberOrNull("zwölf")).toBeNaN();
    expect(decimal("8,1")).toBe(8.1);
    expect(decimal("")).toBeNaN();
  });

  it("sends a Berlin wall-clock time with its offset, summer and winter", () => {
    expect(berlinIso("2027-01-15T20:00")).toBe("2027-01-15T20:00:00+01:00");
    expect(berlinIso("2027-07-15T20:00")).toBe("2027-07-15T20:00:00+02:00");
    expect(berlinIso("")).toBeNull();
    expect(berlinIso("morgen")).toBe("morgen");
  });
});

describe("berlinIsoKeeping", () => {
  it("sends an unchanged time as stored, also in the hour October's clock change repeats", () => {
    // 02:30 summer time on the fall-back night; 02:30 winter time is an hour later.
    const stored = "2026-10-25T00:30:00.000Z";
    expect(berlinLocal(stored)).toBe("2026-10-25T02:30");
    expect(Date.parse(berlinIso("2026-10-25T02:30")!)).not.toBe(Date.parse(stored));
    expect(berlinIsoKeeping("2026-10-25T02:30", stored)).toBe(stored);
    // A changed time is the typed one; without a stored one, too.
    expect(berlinIsoKeeping("2026-10-25T03:30", stored)).toBe("2026-10-25T03:30:00+01:00");
    expect(berlinIsoKeeping("2027-01-15T20:00", undefined)).toBe("2027-01-15T20:00:00+01:00");
    expect(berlinIsoKeeping("", stored)).toBeNull();
    expect(berlinIsoKeeping("2027-01-15T20:00", "kein Datum")).toBe("2027-01-15T20:00:00+01:00");
  });
});

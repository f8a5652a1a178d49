import { describe, expect, it } from "vitest";
import { includedVatCents, vatShares } from "./constants.ts";
import { ticketTypeInputSchema, ticketTypeUpdateSchema, vatPercentSchema } from "./panel.ts";

const type = { name_de: "Stehplatz", name_en: "Standing", price_cents: 2500, capacity: 100 };

describe("a ticket type's VAT rate", () => {
  it.each([0, 7, 8.1, 19, 25, 2.5])("accepts %s %%", (rate) => {
    expect(vatPercentSchema.safeParse(rate).success).toBe(true);
    expect(ticketTypeUpdateSchema.safeParse({ vat_percent: rate }).success).toBe(true);
  });

  it.each([
    ["negative", -1],
    ["above the limit", 25.1],
    ["far above the limit", 100],
    ["a string", "7"],
    ["null", null],
    ["not a number", Number.NaN],
    ["infinite", Number.POSITIVE_INFINITY],
    ["two decimals", 7.25],
    ["many decimals", 19.000001],
  ])("refuses %s with the one field message", (_, rate) => {
    const result = ticketTypeInputSchema.safeParse({ ...type, vat_percent: rate });
    expect(result.success).toBe(false);
    const issues = result.error!.issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: ["vat_percent"], message: "vat_percent_invalid" });
  });

  it("is the standard 19 % when a new type names none; an update leaves it out", () => {
    expect(ticketTypeInputSchema.parse(type).vat_percent).toBe(19);
    expect(ticketTypeUpdateSchema.parse({ capacity: 5 })).not.toHaveProperty("vat_percent");
  });
});

describe("included VAT", () => {
  it("takes the part of a gross amount that is VAT at a rate (19 % unless named)", () => {
    expect(includedVatCents(11_900)).toBe(1900);
    expect(includedVatCents(10_700, 7)).toBe(700);
    expect(includedVatCents(1200, 7)).toBe(79);
    expect(includedVatCents(5000, 0)).toBe(0);
    expect(includedVatCents(10_810, 8.1)).toBe(810);
  });

  it("splits an order per rate, highest first, the service fee at the standard rate", () => {
    const items = [
      { vat_percent: 7, price_cents: 1200, quantity: 1 },
      { vat_percent: 19, price_cents: 2500, quantity: 2 },
      { vat_percent: 7, price_cents: 1000, quantity: 2 },
    ];
    expect(vatShares(items, 300)).toEqual([
      { percent: 19, gross_cents: 5300, vat_cents: 846 },
      { percent: 7, gross_cents: 3200, vat_cents: 209 },
    ]);
    // A 7 % order with a fee has two rates; without a fee, one.
    expect(vatShares([items[0]!], 100).map((share) => share.percent)).toEqual([19, 7]);
    expect(vatShares([items[0]!], 0)).toEqual([{ percent: 7, gross_cents: 1200, vat_cents: 79 }]);
  });
});

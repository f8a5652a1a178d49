import { describe, expect, it } from "vitest";
import { priceOrder } from "./pricing.ts";

const fee = { percent: 0, fixedCents: 0 };
const standard = { id: 1, priceCents: 2000, discountPriceCents: null };
const sale = { id: 2, priceCents: 2000, discountPriceCents: 1500 };
const free = { id: 3, priceCents: 0, discountPriceCents: null };

describe("priceOrder", () => {
  it("adds list prices, the organiser's sale price as a discount, and nothing else by default", () => {
    const priced = priceOrder(
      [
        { type: standard, quantity: 2 },
        { type: sale, quantity: 1 },
      ],
      null,
      fee,
    );
    expect(priced.lines.map((line) => line.discountCents)).toEqual([0, 500]);
    expect(priced).toMatchObject({
      subtotalCents: 5500,
      discountCents: 500,
      feeCents: 0,
      totalCents: 5500,
      voucherApplied: false,
    });
  });

  it("takes a percentage voucher off the sale price, only from its ticket type", () => {
    const priced = priceOrder(
      [
        { type: standard, quantity: 1 },
        { type: sale, quantity: 2 },
      ],
      { kind: "percent", value: 10, ticketTypeId: 2 },
      fee,
    );
    expect(priced.lines.map((line) => line.priceCents)).toEqual([2000, 1350]);
    expect(priced.lines.map((line) => line.discountCents)).toEqual([0, 650]);
    expect(priced.totalCents).toBe(4700);
    expect(priced.voucherApplied).toBe(true);
  });

  it("never makes a ticket cost less than nothing with a fixed voucher", () => {
    const priced = priceOrder(
      [{ type: sale, quantity: 1 }],
      { kind: "fixed", value: 5000, ticketTypeId: null },
      fee,
    );
    expect(priced.lines[0]).toMatchObject({ priceCents: 0, discountCents: 2000 });
    expect(priced.totalCents).toBe(0);
  });

  it("charges the service fee per paid ticket, rounded, and none on free tickets", () => {
    const priced = priceOrder(
      [
        { type: { id: 4, priceCents: 1999, discountPriceCents: null }, quantity: 3 },
        { type: free, quantity: 2 },
      ],
      null,
      { percent: 2.5, fixedCents: 99 },
    );
    // 2.5 % of 19.99 € is 49.975 ct → 50 ct, plus 99 ct, three times.
    expect(priced.feeCents).toBe(447);
    expect(priced.totalCents).toBe(3 * 1999 + 447);
  });
});

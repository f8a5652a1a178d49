import { serviceFeeCents, type VoucherKind } from "@eventwerk/contract";

/** Prices of an order, computed on the server only: what the buyer sees is what they pay. */

export type PricedTicketType = {
  id: number;
  priceCents: number;
  /** The organiser's sale price, if any. */
  discountPriceCents: number | null;
};

export type VoucherRule = {
  kind: VoucherKind;
  /** Percent (1–100) or cents off each ticket. */
  value: number;
  /** Only this type is discounted; null: every type. */
  ticketTypeId: number | null;
};

export type ServiceFee = { percent: number; fixedCents: number };

export type PricedLine = {
  ticketTypeId: number;
  quantity: number;
  /** The list price of one ticket. */
  unitPriceCents: number;
  /** What one ticket costs before the voucher: the sale price, else the list price. */
  salePriceCents: number;
  /** Taken off one ticket: the sale price's difference plus the voucher. */
  discountCents: number;
  /** What one ticket costs before the service fee. */
  priceCents: number;
};

export type PricedOrder = {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  feeCents: number;
  totalCents: number;
  /** Whether the voucher took anything off (a restricted one may match no chosen type). */
  voucherApplied: boolean;
};

/** The voucher's amount off one ticket that costs `cents` after the sale price. */
function voucherOff(voucher: VoucherRule, cents: number): number {
  const off =
    voucher.kind === "percent" ? Math.round((cents * voucher.value) / 100) : voucher.value;
  return Math.min(cents, Math.max(0, off));
}

export function priceOrder(
  lines: readonly { type: PricedTicketType; quantity: number }[],
  voucher: VoucherRule | null,
  fee: ServiceFee,
): PricedOrder {
  let voucherApplied = false;
  const priced = lines.map(({ type, quantity }) => {
    const salePrice = Math.min(type.priceCents, type.discountPriceCents ?? type.priceCents);
    const applies = voucher !== null && (voucher.ticketTypeId ?? type.id) === type.id;
    const off = applies ? voucherOff(voucher, salePrice) : 0;
    if (off > 0) voucherApplied = true;
    const priceCents = salePrice - off;
    return {
      ticketTypeId: type.id,
      quantity,
      unitPriceCents: type.priceCents,
      salePriceCents: salePrice,
      discountCents: type.priceCents - priceCents,
      priceCents,
    };
  });
  const sum = (value: (line: PricedLine) => number) =>
    priced.reduce((total, line) => total + value(line) * line.quantity, 0);
  const subtotalCents = sum((line) => line.priceCents);
  const feeCents = sum((line) =>
    serviceFeeCents(line.priceCents, { percent: fee.percent, fixed_cents: fee.fixedCents }),
  );
  return {
    lines: priced,
    subtotalCents,
    discountCents: sum((line) => line.discountCents),
    feeCents,
    totalCents: subtotalCents + feeCents,
    voucherApplied,
  };
}

/**
 * Plain constants without zod: the browser bundle imports these (the route table, the listing's
 * filters) and must not pull in the schema library for a few strings.
 */
export const locales = ["de", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "de";

/** The header that picks the language of translated fields and messages. */
export const localeHeader = "x-localization";

/**
 * A retried create with the same key answers what the first made: the same order (a double click
 * holds once), the same door link (a reloaded form makes no second).
 */
export const idempotencyKeyHeader = "idempotency-key";

/**
 * How long a browser that signed in stays known to the account (its device token, kept in a
 * cookie for as long): while wrong passwords make the account back off, known browsers still sign in.
 */
export const loginDeviceDays = 180;

/** Anonymous catalogue answers and pages: shared caches keep them a minute, stale while refreshing. */
export const publicCacheControl = "public, max-age=60, stale-while-revalidate=300";

/** Where an organiser's application stands. */
export const approvalStatuses = ["pending", "approved", "rejected"] as const;
/** The operator's lists of organisers: an application's state, or suspended (once approved). */
export const organiserStatuses = [...approvalStatuses, "suspended"] as const;
export type OrganiserStatus = (typeof organiserStatuses)[number];

/** An order's statuses (the panel's order filter lists them in the browser). */
export const orderStatuses = [
  "pending",
  "paid",
  "failed",
  "cancelled",
  "expired",
  "refunded",
] as const;

/**
 * Why a paid order's money went back: its seats or its voucher were gone when a late payment
 * arrived, the event was cancelled, or over when it arrived, the organiser refunded it, it was
 * refunded at the payment provider, outside this product (in Stripe's dashboard), or the buyer's
 * bank took it back (a dispute lost).
 */
export const refundReasons = [
  "sold_out",
  "voucher_used_up",
  "event_cancelled",
  "event_over",
  "organiser",
  "payment_provider",
  "chargeback",
] as const;
export type RefundReason = (typeof refundReasons)[number];

export const datePresets = ["today", "tomorrow", "weekend", "month"] as const;
export const eventSorts = ["date", "popularity", "price"] as const;
export const availabilities = ["on_sale", "sold_out", "not_yet_on_sale", "sale_ended"] as const;
export type Availability = (typeof availabilities)[number];

/** Pages of the web app the API sends buyers to (payment page and return page). */
export const checkoutWebPaths = {
  testPayment: { de: "/testzahlung/:id", en: "/en/test-payment/:id" },
  buyStatus: { de: "/ticket-buy-status", en: "/en/ticket-buy-status" },
} as const;

/**
 * The service fee on one ticket that costs `priceCents`: a percentage of its price plus the
 * fixed amount; free tickets stay free. The API charges it and the event page shows it, so the
 * price shown is the price paid.
 */
export function serviceFeeCents(
  priceCents: number,
  fee: { percent: number; fixed_cents: number },
): number {
  if (priceCents <= 0) return 0;
  return Math.round((priceCents * fee.percent) / 100) + fee.fixed_cents;
}

/**
 * German VAT contained in ticket prices (gross): receipts show the part of a total that is VAT.
 * `vatPercent` is the standard rate: new ticket types start with it, and the service fee (the
 * platform's own service) is taxed at it.
 */
export const vatPercent = 19;
/** The highest rate a ticket type may have (rates are percent with at most one decimal). */
export const vatPercentMax = 25;
export const includedVatCents = (grossCents: number, percent: number = vatPercent) =>
  Math.round(grossCents - grossCents / (1 + percent / 100));

/** The VAT contained in one rate's share of an order. */
export type VatShare = { percent: number; gross_cents: number; vat_cents: number };

/**
 * An order's VAT per rate, highest rate first: each item at the rate it was sold at, the service
 * fee at the standard rate. The gross amounts add up to the order's total.
 */
export function vatShares(
  items: readonly { vat_percent: number; price_cents: number; quantity: number }[],
  feeCents: number,
): VatShare[] {
  const gross = new Map<number, number>();
  const add = (percent: number, cents: number) =>
    gross.set(percent, (gross.get(percent) ?? 0) + cents);
  for (const item of items) add(item.vat_percent, item.price_cents * item.quantity);
  if (feeCents > 0) add(vatPercent, feeCents);
  return [...gross]
    .sort(([a], [b]) => b - a)
    .map(([percent, cents]) => ({
      percent,
      gross_cents: cents,
      vat_cents: includedVatCents(cents, percent),
    }));
}

/**
 * A cover picture: JPEG, PNG or WebP (told by its bytes, not its name) of at most this size; the
 * API stores it in the demo covers' WebP sizes.
 */
export const coverMaxBytes = 10 * 1024 * 1024;
export const coverMediaTypes = ["image/jpeg", "image/png", "image/webp"] as const;

import type { CheckoutOrder, Locale } from "@eventwerk/contract";
import { t } from "../messages.ts";

/** The Intl locale of a language: German as written in Germany, English as in Britain. */
export const intlLocale = (locale: Locale) => (locale === "en" ? "en-GB" : "de-DE");

export const money = (cents: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency }).format(cents / 100);

/** A VAT rate as the buyer reads it: 7, 19, 8,1 (de) / 8.1 (en). */
const percent = (value: number, locale: Locale) =>
  new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 }).format(value);

/** "inkl. 7 % MwSt.: 1,12 €": one rate's VAT, of an order or of one ticket. */
export const vatLine = (
  share: { percent: number; vat_cents: number },
  currency: string,
  locale: Locale,
) =>
  t(locale, "vat_included", {
    percent: percent(share.percent, locale),
    amount: money(share.vat_cents, currency, locale),
  });

/** The VAT in an order's total: a line per rate, and their sum when the order mixes rates. */
export function vatLines(order: CheckoutOrder, locale: Locale): string[] {
  const lines = order.vat.map((share) => vatLine(share, order.currency, locale));
  if (order.vat.length > 1) {
    const sum = order.vat.reduce((total, share) => total + share.vat_cents, 0);
    lines.push(t(locale, "vat_total", { amount: money(sum, order.currency, locale) }));
  }
  return lines;
}

/** The event's start, as a buyer in Germany reads it. */
export const eventDate = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "Europe/Berlin",
  }).format(new Date(iso));

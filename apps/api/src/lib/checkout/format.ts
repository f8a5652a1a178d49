import type { Locale } from "@eventwerk/contract";

/** German VAT included in a gross amount. */
export const VAT_PERCENT = 19;
export const includedVat = (gross: number) => Math.round(gross - gross / (1 + VAT_PERCENT / 100));

const intlLocale = (locale: Locale) => (locale === "en" ? "en-GB" : "de-DE");

export const money = (cents: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency }).format(cents / 100);

/** The event's start, as a buyer in Germany reads it. */
export const eventDate = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "Europe/Berlin",
  }).format(new Date(iso));

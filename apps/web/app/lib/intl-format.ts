import type { Locale } from "@eventwerk/contract";
import { useMemo } from "react";
import { useLocale } from "use-intl";

/** The time zone every date is shown in (root.tsx gives use-intl the same). */
export const timeZone = "Europe/Berlin";

const formatters = new Map<string, unknown>();

/**
 * One formatter per kind, locale and options for the life of the process: constructing
 * `Intl.DateTimeFormat` and its kin costs far more than formatting with one, and every page
 * render used to build its own. The options are literals in the code, so the map stays small.
 */
function memo<T>(kind: string, locale: Locale, options: object, create: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

export const dateTimeFormat = (locale: Locale, options: Intl.DateTimeFormatOptions = {}) =>
  memo("date", locale, options, () => new Intl.DateTimeFormat(locale, { timeZone, ...options }));

export const numberFormat = (locale: Locale, options: Intl.NumberFormatOptions = {}) =>
  memo("number", locale, options, () => new Intl.NumberFormat(locale, options));

/** A count, grouped as the language groups digits: "1.029", "1,029". */
export const countText = (locale: Locale, count: number) => numberFormat(locale).format(count);

/** An amount in cents as euros: "8,00 €", "€8.00". */
export const euroText = (locale: Locale, cents: number) =>
  numberFormat(locale, { style: "currency", currency: "EUR" }).format(cents / 100);

export const relativeTimeFormat = (locale: Locale, options: Intl.RelativeTimeFormatOptions = {}) =>
  memo("relative", locale, options, () => new Intl.RelativeTimeFormat(locale, options));

export const displayNames = (locale: Locale, options: Intl.DisplayNamesOptions) =>
  memo("names", locale, options, () => new Intl.DisplayNames([locale], options));

/**
 * A range of two instants as text, each text made once per formatter: `formatRange` (ICU's
 * interval format) costs ~24 µs a call, ten times `format`, and was ~3 % of an event page's
 * CPU, which shows its own twice. The texts are few (an event's start and end, per language and
 * style); the map is emptied when it is full rather than grow without end.
 */
const ranges = new Map<string, string>();
const maxRanges = 5000;

export function dateTimeRange(
  locale: Locale,
  start: Date,
  end: Date,
  options: Intl.DateTimeFormatOptions = {},
): string {
  const key = `${locale}|${JSON.stringify(options)}|${start.getTime()}|${end.getTime()}`;
  let text = ranges.get(key);
  if (text === undefined) {
    if (ranges.size >= maxRanges) ranges.clear();
    text = dateTimeFormat(locale, options).formatRange(start, end);
    ranges.set(key, text);
  }
  return text;
}

/** An event's start and end as one text, the date written out ("full") or short ("medium"). */
export const eventDates = (
  locale: Locale,
  event: { starts_at: string; ends_at: string },
  dateStyle: "full" | "medium",
) =>
  dateTimeRange(locale, new Date(event.starts_at), new Date(event.ends_at), {
    dateStyle,
    timeStyle: "short",
  });

/** Prices in euros from cents, in the page's language. */
export function useEuro() {
  const locale = useLocale();
  return (cents: number) => euroText(locale, cents);
}

/** Dates and numbers in the page's language, with the shared formatters above. */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      dateTime: (date: Date, options?: Intl.DateTimeFormatOptions) =>
        dateTimeFormat(locale, options).format(date),
      number: (value: number, options?: Intl.NumberFormatOptions) =>
        numberFormat(locale, options).format(value),
    }),
    [locale],
  );
}

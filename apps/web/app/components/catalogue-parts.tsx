import type { EventCategory, EventCity, Locale } from "@eventwerk/contract";
import { Fragment } from "react";
import { useTranslations } from "use-intl";
import { countText } from "../lib/intl-format";
import { AppLink } from "./app-link";

/**
 * What the pages' chips, lists and filters show of a category and a city: a page's data travels
 * in its HTML, so no more than this (the artwork and country are the overview pages' own).
 */
export const categoryChip = ({ id, slug, name, upcoming_count }: EventCategory) => ({
  id,
  slug,
  name,
  upcoming_count,
});
export const cityChip = ({ id, name, upcoming_count }: EventCity) => ({ id, name, upcoming_count });

/**
 * A category's, city's or venue's count of upcoming events with its text, written by the server
 * for the pages that show it (the `upcomingCount` message takes both): the browser then builds no
 * number formatter to hydrate them (docs/decisions/023).
 */
export const withUpcoming =
  (locale: Locale) =>
  <T extends { upcoming_count: number }>(item: T) => ({
    ...item,
    upcoming: countText(locale, item.upcoming_count),
  });

/** "12 kommende Veranstaltungen", of an item `withUpcoming` wrote the count of. */
export function UpcomingCount({ of }: { of: { upcoming_count: number; upcoming: string } }) {
  const t = useTranslations("catalogue");
  return t("upcomingCount", { count: of.upcoming_count, upcoming: of.upcoming });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What the inflected forms of a term share, as the search's stemming and typo tolerance see it:
 * "Konzerte" and "concerts" mark "Konzert" and "concert", "Konzrt" marks "Konzert".
 */
const stemOf = (term: string) =>
  term.length >= 5 ? term.slice(0, Math.max(4, term.length - 2)) : term;

/**
 * Splits a text on the search terms (case-insensitive): odd parts are the matches, each from where
 * a term's stem begins to the end of that word.
 */
export function splitOnTerms(text: string, terms: readonly string[]): string[] {
  const stems = terms.map((term) => stemOf(term.trim())).filter(Boolean);
  if (stems.length === 0) return [text];
  // Longer stems first, so that the longest one decides where a match begins.
  const pattern = stems
    .sort((a, b) => b.length - a.length)
    .map((stem) => `${escapeRegExp(stem)}[\\p{L}\\p{N}]*`)
    .join("|");
  return text.split(new RegExp(`(${pattern})`, "giu"));
}

/** The text with every occurrence of the terms in `<mark>`; plain text, no HTML. */
export function Highlight({ text, terms }: { text: string; terms: readonly string[] }) {
  const parts = splitOnTerms(text, terms);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            key={index}
            className="rounded-xs bg-primary-100 px-0.5 text-inherit dark:bg-primary-900 dark:text-primary-50"
          >
            {part}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The page numbers shown: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, n] of shown.entries()) {
    const previous = shown[index - 1];
    if (previous !== undefined && n - previous > 1) result.push(null);
    result.push(n);
  }
  return result;
}

const pageLinkClass =
  "inline-flex min-w-11 items-center justify-center rounded-md border px-3 py-2 font-medium transition focus-ring";

/** Links to the other pages of a list (`rel` prev/next), each keeping the list's other params. */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  const t = useTranslations("catalogue.pagination");
  if (pages <= 1) return null;
  const idle = `${pageLinkClass} border-neutral-300 bg-white hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:hover:bg-neutral-800`;
  return (
    <nav aria-label={t("label")} className="flex flex-col items-center gap-3">
      <p className="text-sm text-muted">{t("pageOf", { page, pages })}</p>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <AppLink to={hrefFor(page - 1)} rel="prev" className={idle}>
              {t("previous")}
            </AppLink>
          </li>
        )}
        {pageWindow(page, pages).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={n}>
              <AppLink
                to={hrefFor(n)}
                aria-label={t("page", { page: n })}
                aria-current={n === page ? "page" : undefined}
                className={
                  n === page
                    ? `${pageLinkClass} border-primary-700 bg-primary-700 text-white`
                    : idle
                }
              >
                {n}
              </AppLink>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <AppLink to={hrefFor(page + 1)} rel="next" className={idle}>
              {t("next")}
            </AppLink>
          </li>
        )}
      </ul>
    </nav>
  );
}

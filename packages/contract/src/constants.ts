/**
 * Plain constants without zod: the browser bundle imports these (the route table, the listing's
 * filters) and must not pull in the schema library for a few strings.
 */
export const locales = ["de", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "de";

/** The header that picks the language of translated fields and messages. */
export const localeHeader = "x-localization";

/** Anonymous catalogue answers and pages: shared caches keep them a minute, stale while refreshing. */
export const publicCacheControl = "public, max-age=60, stale-while-revalidate=300";

export const datePresets = ["today", "tomorrow", "weekend", "month"] as const;
export const eventSorts = ["date", "popularity", "price"] as const;
export const availabilities = ["on_sale", "sold_out", "not_yet_on_sale", "sale_ended"] as const;
export type Availability = (typeof availabilities)[number];

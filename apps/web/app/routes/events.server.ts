import type { RouterContextProvider } from "react-router";
import { ApiError, apiFor } from "../api.server";
import { categoryChip, cityChip } from "../components/catalogue-parts";
import { cardEvent } from "../components/event-card";
import { requestState } from "../context";
import { countText } from "../lib/intl-format";

/** The listing's filters: each one a query parameter, so a filtered listing can be shared. */
const filterNames = [
  "q",
  "category",
  "city",
  "date",
  "from",
  "to",
  "price_min",
  "price_max",
  "free",
  "sort",
  "page",
] as const;
type FilterName = (typeof filterNames)[number];
export type Filters = Partial<Record<FilterName, string>>;

/** The filters of a URL, without empty values (a GET form sends every field). */
function readFilters(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const name of filterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * Euros as the visitor types them ("12", "12,50", "12.5") to cents; anything else ("1e3",
 * "0x10") goes as it is, for the API to refuse next to its field.
 */
function euroToCents(value: string): string | number {
  const euros = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!euros) return value;
  return Number(euros[1]) * 100 + Number((euros[2] ?? "0").padEnd(2, "0"));
}

/** The API's query: prices in cents, the free checkbox as `true`. */
function apiQuery(filters: Filters): Record<string, string | number> {
  const { price_min, price_max, free, ...rest } = filters;
  return {
    ...rest,
    ...(price_min !== undefined ? { price_min: euroToCents(price_min) } : {}),
    ...(price_max !== undefined ? { price_max: euroToCents(price_max) } : {}),
    ...(free === "true" || free === "on" ? { free: "true" } : {}),
  };
}

type Invalid = { message: string; fields: Record<string, string> };

/**
 * The listing for the URL's filters, with the categories and cities the filter form offers.
 * Invalid filters from the URL are no error page: the API's messages go next to the fields.
 */
export async function eventListing(
  context: Readonly<RouterContextProvider>,
  params: URLSearchParams,
) {
  const filters = readFilters(params);
  const api = await apiFor(context);
  const { locale } = context.get(requestState);
  const [categories, cities, listing] = await Promise.all([
    api.eventCategories(),
    api.eventCities(),
    api.events(apiQuery(filters)).then(
      // The events as their cards show them (the page's data travels in its HTML), and their
      // number as text, written here like the cards' (docs/decisions/024).
      (result) => ({
        result: {
          ...result,
          data: result.data.map(cardEvent(locale)),
          found: countText(locale, result.meta.total),
        },
        invalid: null,
      }),
      (error: unknown): { result: null; invalid: Invalid } => {
        if (error instanceof ApiError && error.status === 400)
          return {
            result: null,
            invalid: { message: error.message, fields: error.body?.error.fields ?? {} },
          };
        throw error;
      },
    ),
  ]);
  // A category named by the other language's slug (the language switch keeps the query): the
  // API filters by it all the same, and the form shows it by this language's slug, so that its
  // next post keeps it.
  if (filters.category && !categories.data.some((entry) => entry.slug === filters.category)) {
    const other = locale === "en" ? "de" : "en";
    const theirs = (await (await apiFor(context, { locale: other })).eventCategories()).data.find(
      (entry) => entry.slug === filters.category,
    );
    const ours = theirs && categories.data.find((entry) => entry.id === theirs.id);
    if (ours) filters.category = ours.slug;
  }
  return {
    filters,
    categories: categories.data.map(categoryChip),
    cities: cities.data.map(cityChip),
    ...listing,
  };
}

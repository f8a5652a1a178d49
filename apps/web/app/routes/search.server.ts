import type { Locale, SearchResult } from "@eventwerk/contract";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiFor } from "../api.server";
import { categoryChip, cityChip, withUpcoming } from "../components/catalogue-parts";
import { cardEvent } from "../components/event-card";
import { requestState } from "../context";

const resultLimit = 12;

/** What the page shows of a result: its HTML carries its data, so nothing more (`cardEvent`). */
const shown = ({ terms, events, venues, categories, cities }: SearchResult, locale: Locale) => ({
  terms,
  events: events.map(cardEvent(locale)),
  venues: venues.map(withUpcoming(locale)),
  categories: categories.map(categoryChip).map(withUpcoming(locale)),
  cities: cities.map(cityChip).map(withUpcoming(locale)),
});

/**
 * What the search page shows for a query: nothing asked yet, the grouped results, or the API's
 * message about the query (too long), which the page shows next to the field.
 */
export async function searchResults(context: Readonly<RouterContextProvider>, q: string) {
  if (!q) return { q, result: null, invalid: null };
  const api = await apiFor(context);
  try {
    const { data: result } = await api.search(q, resultLimit);
    return { q, result: shown(result, context.get(requestState).locale), invalid: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return { q, result: null, invalid: error.body?.error.fields?.q ?? error.message };
    throw error;
  }
}

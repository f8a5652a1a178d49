import type { EventSummary } from "@eventwerk/contract";
import type { RouterContextProvider } from "react-router";
import { apiFor } from "../api.server";
import { categoryChip, cityChip, withUpcoming } from "../components/catalogue-parts";
import { cardEvent } from "../components/event-card";
import { requestState } from "../context";

/** How many cities the home page names; the cities page has them all. */
const homeCities = 12;
/** Highlights shown, and the most popular events they are picked from. */
const highlightCount = 6;
const highlightPool = 24;

/** Buyable now first, then those whose sale starts later, sold-out ones last. */
const highlightRank: Record<EventSummary["availability"], number> = {
  on_sale: 0,
  not_yet_on_sale: 1,
  sold_out: 2,
  sale_ended: 3,
};

/**
 * The home page's highlights: of the most popular upcoming events, those one can still buy
 * first (popular ones sell out, and a row of "sold out" invites nobody); a cancelled event is
 * no highlight. The sort is stable: popularity orders each group.
 */
export function pickHighlights(popular: readonly EventSummary[]): EventSummary[] {
  return popular
    .filter((event) => event.status !== "cancelled")
    .sort((a, b) => highlightRank[a.availability] - highlightRank[b.availability])
    .slice(0, highlightCount);
}

/** The home page's lists: popular events, this weekend's, the categories and the busiest cities. */
export async function homeData(context: Readonly<RouterContextProvider>) {
  const api = await apiFor(context);
  const { locale } = context.get(requestState);
  const [highlights, weekend, categories, cities] = await Promise.all([
    api.events({ sort: "popularity", per_page: highlightPool }),
    api.events({ date: "weekend", sort: "popularity", per_page: 6 }),
    api.eventCategories(),
    api.eventCities(),
  ]);
  return {
    // As their cards show them: the page's data travels in its HTML.
    highlights: pickHighlights(highlights.data).map(cardEvent(locale)),
    weekend: weekend.data.map(cardEvent(locale)),
    weekendTotal: weekend.meta.total,
    categories: categories.data
      .filter((category) => category.upcoming_count > 0)
      .map(categoryChip)
      .map(withUpcoming(locale)),
    cities: cities.data
      .filter((city) => city.upcoming_count > 0)
      .map(cityChip)
      .sort((a, b) => b.upcoming_count - a.upcoming_count || a.name.localeCompare(b.name))
      .slice(0, homeCities)
      .map(withUpcoming(locale)),
  };
}

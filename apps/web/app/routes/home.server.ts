import type { RouterContextProvider } from "react-router";
import { apiFor } from "../api.server";

/** How many cities the home page names; the cities page has them all. */
const homeCities = 12;

/** The home page's lists: popular events, this weekend's, the categories and the busiest cities. */
export async function homeData(context: Readonly<RouterContextProvider>) {
  const api = await apiFor(context);
  const [highlights, weekend, categories, cities] = await Promise.all([
    api.events({ sort: "popularity", per_page: 6 }),
    api.events({ date: "weekend", sort: "popularity", per_page: 6 }),
    api.eventCategories(),
    api.eventCities(),
  ]);
  return {
    highlights: highlights.data,
    weekend: weekend.data,
    weekendTotal: weekend.meta.total,
    categories: categories.data.filter((category) => category.upcoming_count > 0),
    cities: [...cities.data]
      .filter((city) => city.upcoming_count > 0)
      .sort((a, b) => b.upcoming_count - a.upcoming_count || a.name.localeCompare(b.name))
      .slice(0, homeCities),
  };
}

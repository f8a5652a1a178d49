import {
  type EventsQuery,
  eventCategoryListSchema,
  eventCityListSchema,
  eventDetailResponseSchema,
  eventListSchema,
  type SitemapEventsQuery,
  searchResponseSchema,
  sitemapEventListSchema,
  suggestionsResponseSchema,
} from "../catalogue.ts";
import { apiPaths, fillPath } from "../paths.ts";
import type { Transport } from "./transport.ts";

/** The public catalogue: events, their categories and cities, search. */
export const catalogueCalls = ({ get }: Transport) => ({
  events: (query: Partial<Record<keyof EventsQuery, string | number>> = {}) =>
    get(apiPaths.events, eventListSchema, query),
  event: (id: number) => get(fillPath(apiPaths.event, { id }), eventDetailResponseSchema),
  eventCategories: () => get(apiPaths.eventCategories, eventCategoryListSchema),
  eventCities: () => get(apiPaths.eventCities, eventCityListSchema),
  sitemapEvents: (query: Partial<Record<keyof SitemapEventsQuery, number>> = {}) =>
    get(apiPaths.sitemapEvents, sitemapEventListSchema, query),
  search: (q: string, limit?: number) =>
    get(apiPaths.search, searchResponseSchema, limit ? { q, limit } : { q }),
  searchSuggestions: (q: string, limit?: number) =>
    get(apiPaths.searchSuggestions, suggestionsResponseSchema, limit ? { q, limit } : { q }),
});

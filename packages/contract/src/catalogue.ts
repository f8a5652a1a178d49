import { z } from "zod";
import { dataOf, decimal, idSchema, oneLine, pageOf, pageQuery } from "./common.ts";

import { availabilities, datePresets, eventSorts } from "./constants.ts";

export { type Availability, availabilities, datePresets, eventSorts } from "./constants.ts";

/** Filters of the event listing; every one is a query parameter, so a listing URL can be shared. */
const isoDate = z.iso.date();

const priceFilterError = { error: "price_filter_range" } as const;

export const eventsQuerySchema = z
  .object({
    /** Category slug in either language. */
    category: oneLine(80).optional(),
    city: idSchema.optional(),
    date: z.enum(datePresets).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    /**
     * Prices in cents, on the lowest price a visitor pays, up to 1,000,000 €. The visitor types
     * euros: their message names the range in euros.
     */
    price_min: decimal(
      z.number().int().min(0, priceFilterError).max(100_000_000, priceFilterError),
    ).optional(),
    price_max: decimal(
      z.number().int().min(0, priceFilterError).max(100_000_000, priceFilterError),
    ).optional(),
    free: z.enum(["true", "false"]).optional(),
    q: oneLine(100).optional(),
    sort: z.enum(eventSorts).default("date"),
    ...pageQuery(24),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: "date_range",
    path: ["to"],
  })
  .refine(
    (query) =>
      query.price_min === undefined ||
      query.price_max === undefined ||
      query.price_min <= query.price_max,
    {
      error: "price_range",
      path: ["price_max"],
    },
  )
  .meta({ id: "EventsQuery" });
export type EventsQuery = z.input<typeof eventsQuerySchema>;

export const imageSchema = z
  .object({
    /** Path under the storage prefix of one size, e.g. `covers/concerts-3-640.webp`. */
    src: z.string(),
    srcset: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: "Image" });
export type Image = z.infer<typeof imageSchema>;

export const eventCategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    image: imageSchema,
    upcoming_count: z.number().int(),
  })
  .meta({ id: "EventCategory" });
export type EventCategory = z.infer<typeof eventCategorySchema>;

export const eventCitySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    country_code: z.string(),
    upcoming_count: z.number().int(),
  })
  .meta({ id: "EventCity" });
export type EventCity = z.infer<typeof eventCitySchema>;

export const venueSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address_line: z.string(),
    postal_code: z.string(),
    city_id: z.number().int(),
    city_name: z.string(),
    country_code: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: "Venue" });
export type Venue = z.infer<typeof venueSchema>;

export const eventSummarySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(["published", "cancelled"]),
    is_past: z.boolean(),
    cover: imageSchema,
    category: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
    venue: z.object({
      id: z.number().int(),
      name: z.string(),
      city_id: z.number().int(),
      city_name: z.string(),
    }),
    /** The lowest price a visitor pays (discount applied), in cents; 0 for free events. */
    price_from_cents: z.number().int(),
    is_free: z.boolean(),
    /** Whether anything can be bought now. */
    availability: z.enum(availabilities),
    tickets_sold: z.number().int(),
  })
  .meta({ id: "EventSummary" });
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const ticketTypeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    price_cents: z.number().int(),
    discount_price_cents: z.number().int().nullable(),
    capacity: z.number().int(),
    remaining: z.number().int(),
    max_per_order: z.number().int(),
    sales_start: z.string().nullable(),
    sales_end: z.string().nullable(),
    availability: z.enum(availabilities),
  })
  .meta({ id: "TicketType" });
export type TicketType = z.infer<typeof ticketTypeSchema>;

/** The platform's service fee per ticket that costs anything (SERVICE_FEE_* of the API). */
export const serviceFeeSchema = z
  .object({ percent: z.number().min(0), fixed_cents: z.number().int().min(0) })
  .meta({ id: "ServiceFee" });
export type ServiceFee = z.infer<typeof serviceFeeSchema>;

// Without schemas, so that pages can work out the fee in the browser.
export { serviceFeeCents } from "./constants.ts";

export const eventDetailSchema = eventSummarySchema
  .omit({ venue: true })
  .extend({
    slugs: z.object({ de: z.string(), en: z.string() }),
    description: z.string(),
    age_limit: z.number().int().nullable(),
    venue: venueSchema,
    organiser: z.object({ name: z.string() }),
    ticket_types: z.array(ticketTypeSchema),
    /** Added to each ticket's price at checkout. */
    service_fee: serviceFeeSchema,
    related: z.array(eventSummarySchema),
  })
  .meta({ id: "EventDetail" });
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventListSchema = pageOf(eventSummarySchema).meta({ id: "EventList" });
export type EventList = z.infer<typeof eventListSchema>;

/**
 * The most events one page of the sitemap's list holds: a sitemap file's worth (the web's
 * `eventsPerSitemap`), in one read of four columns per event.
 */
export const sitemapEventsMaxPerPage = 10_000;

/** The last page the sitemap's event list answers (of full pages: 100 million events). */
export const sitemapEventsMaxPage = 10_000;

/** Paging of the sitemap's event list; the order (by id) is fixed. */
export const sitemapEventsQuerySchema = z.object({
  page: decimal(z.number().int().min(1).max(sitemapEventsMaxPage).default(1)),
  per_page: decimal(z.number().int().min(1).max(sitemapEventsMaxPerPage).default(1000)),
});
export type SitemapEventsQuery = z.input<typeof sitemapEventsQuerySchema>;

/** What a sitemap names of an event: its pages in both languages and when it last changed. */
export const sitemapEventSchema = z
  .object({
    id: z.number().int(),
    slugs: z.object({ de: z.string(), en: z.string() }),
    updated_at: z.string(),
  })
  .meta({ id: "SitemapEvent" });
export type SitemapEvent = z.infer<typeof sitemapEventSchema>;

export const sitemapEventListSchema = pageOf(sitemapEventSchema).meta({ id: "SitemapEventList" });
export type SitemapEventList = z.infer<typeof sitemapEventListSchema>;

export const searchQuerySchema = z.object({
  q: oneLine(100),
  limit: decimal(z.number().int().min(1).max(50).default(10)),
});

export const searchResultSchema = z
  .object({
    /** The words searched for, for highlighting. */
    terms: z.array(z.string()),
    events: z.array(eventSummarySchema),
    venues: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        city_id: z.number().int(),
        city_name: z.string(),
        upcoming_count: z.number().int(),
      }),
    ),
    categories: z.array(eventCategorySchema),
    cities: z.array(eventCitySchema),
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const eventCategoryListSchema = dataOf(z.array(eventCategorySchema));
export const eventCityListSchema = dataOf(z.array(eventCitySchema));
export const eventDetailResponseSchema = dataOf(eventDetailSchema);
export const searchResponseSchema = dataOf(searchResultSchema);

/** The fewest characters the suggestions answer for (the field asks after two letters). */
export const suggestionMinLength = 2;

export const suggestionsQuerySchema = z.object({
  q: oneLine(100, suggestionMinLength),
  limit: decimal(z.number().int().min(1).max(10).default(5)),
});

/** What matches the start of a word while a visitor types: events, venues, cities, categories. */
export const suggestionsSchema = z
  .object({
    events: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        title: z.string(),
        starts_at: z.string(),
        venue_name: z.string(),
        city_name: z.string(),
      }),
    ),
    venues: z.array(z.object({ id: z.number().int(), name: z.string(), city_name: z.string() })),
    cities: z.array(z.object({ id: z.number().int(), name: z.string() })),
    categories: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
  })
  .meta({ id: "Suggestions" });
export type Suggestions = z.infer<typeof suggestionsSchema>;
export const suggestionsResponseSchema = dataOf(suggestionsSchema);

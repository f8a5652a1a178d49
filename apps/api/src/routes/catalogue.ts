import {
  apiPaths,
  errorBodySchema,
  eventCategoryListSchema,
  eventCityListSchema,
  eventDetailResponseSchema,
  eventListSchema,
  eventsQuerySchema,
  idParamSchema,
  localeSchema,
  pageMeta,
  searchQuerySchema,
  searchResponseSchema,
  sitemapEventListSchema,
  sitemapEventsQuerySchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
} from "@eventwerk/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContextOptions } from "../context.ts";
import { eventCalendar } from "../lib/catalogue-ics.ts";
import {
  eventPage,
  findEvent,
  listCategories,
  listCities,
  listEvents,
  search,
  sitemapEvents,
  suggestions,
} from "../lib/catalogue-queries.ts";
import { notFound } from "../lib/http-error.ts";
import { publicCachePlugin } from "../plugins/public-cache.ts";

/**
 * @fastify/swagger cannot read query parameters from a $ref, and the contract's schema as it is
 * gets one: the same fields and refinements (from/to, price range), as a fresh object.
 */
const listQuerySchema = z
  .object(eventsQuerySchema.shape)
  .check(
    ...((eventsQuerySchema._zod.def.checks ?? []) as z.core.$ZodCheck<
      z.output<typeof eventsQuerySchema>
    >[]),
  );

/**
 * Events, their categories and cities, one event's page and calendar file, the sitemap's event
 * list, and the search.
 */
export const catalogueRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["events"];
  const errors = { 400: errorBodySchema, 404: errorBodySchema };

  // Catalogue reads are the same whoever asks: they read no token.
  await app.register(publicCachePlugin, { seconds: ctx.config.PUBLIC_CACHE_SECONDS });

  api.get(
    apiPaths.events,
    {
      schema: {
        tags,
        summary: "Upcoming published and cancelled events, filtered, sorted and paged",
        description: [
          "Drafts are never listed. Without `from`, only events that have not ended yet.",
          "An event matches a time window when it overlaps it. Days are Berlin days (Europe/Berlin).",
          "`date`: `today`, `tomorrow`, `weekend` (Saturday 00:00 to Monday 00:00 of the coming weekend, or the current one on Saturday and Sunday; Friday, evening included, is not part of it: there `weekend` is the following two days), `month` (now to the end of the current calendar month).",
          "`from`/`to`: inclusive days; they intersect with `date` when both are given.",
          "`category`: a slug in either language; an unknown slug finds nothing. `city`: a city id.",
          "`price_min`/`price_max`: cents, on the lowest price a visitor pays (discounts applied).",
          "`free=true`: events whose every ticket type costs 0 after discount (`false` does not filter).",
          "`q`: full-text search in the request's language, or a title resembling the query.",
          "`sort`: `date` (start, then id), `popularity` (tickets sold, descending, then date), `price` (lowest price, then date; events without tickets last). Ties always break by id, so pages never repeat or skip.",
        ].join("\n\n"),
        querystring: listQuerySchema,
        response: { 200: eventListSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { data, total } = await listEvents(ctx.db, query, request.locale, new Date());
      return {
        data,
        meta: pageMeta(query, total),
      };
    },
  );

  api.get(
    apiPaths.event,
    {
      schema: {
        tags,
        summary: "One event with venue, organiser, ticket types and related events",
        description:
          "Published, cancelled and past events are answered (past and cancelled ones sell nothing); drafts are 404. Availability of a ticket type: `sale_ended` (event past or cancelled, or its sales end passed), `not_yet_on_sale` (sales start later), `sold_out` (sold plus held by unexpired holds ≥ capacity; `remaining` is capacity minus both), else `on_sale`. The event is `on_sale` if any type is, else `sold_out` if every type still in its sales period is, else `not_yet_on_sale` or `sale_ended`. `related`: up to 6 upcoming published events of the same category, the same city first.",
        params: idParamSchema,
        response: { 200: eventDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const now = new Date();
      const locale = request.locale;
      const found = await eventPage(ctx.db, request.params.id, locale, now);
      if (!found) throw notFound();
      const { event, ticketTypes, related } = found;
      const { venue: _, ...summary } = event.summary;
      return {
        data: {
          ...summary,
          ...event.detail,
          ticket_types: ticketTypes,
          service_fee: {
            percent: ctx.config.SERVICE_FEE_PERCENT,
            fixed_cents: ctx.config.SERVICE_FEE_FIXED_CENTS,
          },
          related,
        },
      };
    },
  );

  api.get(
    apiPaths.eventCalendar,
    {
      schema: {
        tags,
        summary: "The event as an iCalendar file (text/calendar)",
        description:
          "Texts in the request's language; `locale` overrides the X-localization header, for plain download links.",
        params: idParamSchema,
        querystring: z.object({ locale: localeSchema.optional() }),
        produces: ["text/calendar"],
        response: {
          200: z.string().describe("An iCalendar file (text/calendar) with one VEVENT"),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const locale = request.query.locale ?? request.locale;
      const event = await findEvent(ctx.db, request.params.id, locale, now);
      if (!event) throw notFound();
      const { body, filename } = eventCalendar(event, {
        publicUrl: ctx.config.PUBLIC_URL,
        siteName: ctx.config.SITE_NAME,
        locale,
      });
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(body);
    },
  );

  api.get(
    apiPaths.eventCategories,
    {
      schema: {
        tags,
        summary: "Event categories with the number of upcoming published events",
        response: { 200: eventCategoryListSchema },
      },
    },
    async (request) => ({ data: await listCategories(ctx.db, request.locale, new Date()) }),
  );

  api.get(
    apiPaths.eventCities,
    {
      schema: {
        tags,
        summary: "Cities that have venues, with the number of upcoming published events",
        response: { 200: eventCityListSchema },
      },
    },
    async (request) => ({ data: await listCities(ctx.db, request.locale, new Date()) }),
  );

  api.get(
    apiPaths.sitemapEvents,
    {
      schema: {
        tags,
        summary: "Upcoming published events for a sitemap: id, both slugs, last change",
        description:
          "Only published events that have not ended (no drafts, cancelled or past events), by id: a new event joins the last page. `updated_at` is the event's last change (its texts, dates, venue, cover or status), for a sitemap's `lastmod`. `meta.total` counts them all, for the number of sitemap files.",
        querystring: sitemapEventsQuerySchema,
        response: { 200: sitemapEventListSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { data, total } = await sitemapEvents(ctx.db, query, new Date());
      return { data, meta: pageMeta(query, total) };
    },
  );

  api.get(
    apiPaths.search,
    {
      schema: {
        tags: ["search"],
        summary: "Search upcoming events, venues, categories and cities",
        description:
          "Events: full-text search in the request's language (stemmed: `Konzerte` finds `Konzert`), or a title resembling the query (trigrams), best matches first. A word of five letters or more that no title, venue, city or category name contains is corrected when it is one wrong, missing, extra or swapped letter away from a part of one (`comdy` → `comedy`); matches of the corrected query rank after those of the typed one (the listing's `q` corrects the same way). Venues and categories by name (substring or resemblance), cities by their name in either language. `limit` applies to each list. `terms` are the lower-cased query words, for highlighting.",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      data: await search(ctx.db, request.query.q, request.query.limit, request.locale, new Date()),
    }),
  );

  api.get(
    apiPaths.searchSuggestions,
    {
      schema: {
        tags: ["search"],
        summary: "Suggestions while typing: events, venues, cities and categories",
        description:
          "For a search field's suggestion list, from two characters. Events: upcoming published ones with a title word starting with the query's words, or (from three characters) a title containing the query; titles starting with it first, then by date. Venues, cities (by their name in either language) and categories whose name contains the query. Misspelt words are corrected as in the search. `limit` applies to each list. Cached like the other public reads.",
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      data: await suggestions(
        ctx.db,
        request.query.q,
        request.query.limit,
        request.locale,
        new Date(),
      ),
    }),
  );
};

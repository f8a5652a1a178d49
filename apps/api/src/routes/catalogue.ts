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
  searchQuerySchema,
  searchResponseSchema,
} from "@eventwerk/contract";
import { publicCacheControl } from "@eventwerk/contract/constants";
import { matchesEtag, weakEtag } from "@eventwerk/contract/http-cache";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContextOptions } from "../context.ts";
import { buildCalendar } from "../lib/catalogue-ics.ts";
import {
  findEvent,
  listCategories,
  listCities,
  listEvents,
  relatedEvents,
  search,
  ticketTypesOf,
} from "../lib/catalogue-queries.ts";
import { notFound } from "../lib/http-error.ts";

type CachedAnswer = {
  payload: string | Buffer;
  /** The answer's own headers (type, disposition, caching, validator), replayed as they were. */
  headers: Record<string, string>;
  etag: string;
  expires: number;
};

/**
 * Catalogue reads are the same whoever asks (they read no token), so each instance keeps its last
 * answers a few seconds (what a CDN in front does with their Cache-Control) instead of querying
 * the database for every request. A copy only: bounded, dropped oldest first.
 */
function createAnswerCache(seconds: number, maxEntries = 2000) {
  const answers = new Map<string, CachedAnswer>();
  const keyOf = (request: FastifyRequest) => `${request.locale}\n${request.url}`;
  return {
    get(request: FastifyRequest): CachedAnswer | null {
      const key = keyOf(request);
      const answer = answers.get(key);
      if (!answer) return null;
      if (answer.expires > Date.now()) return answer;
      answers.delete(key);
      return null;
    },
    set(request: FastifyRequest, answer: Omit<CachedAnswer, "expires">) {
      const key = keyOf(request);
      if (seconds <= 0) return;
      answers.delete(key);
      answers.set(key, { ...answer, expires: Date.now() + seconds * 1000 });
      if (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
    },
  };
}

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

/** Events, their categories and cities, one event's page and calendar file, and the search. */
export const catalogueRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["events"];
  const errors = { 400: errorBodySchema, 404: errorBodySchema };

  const answers = createAnswerCache(ctx.config.PUBLIC_CACHE_SECONDS);
  const isRead = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";

  app.addHook("onRequest", async (request, reply) => {
    if (!isRead(request)) return;
    const cached = answers.get(request);
    if (!cached) return;
    reply.headers(cached.headers);
    if (matchesEtag(request.headers["if-none-match"], cached.etag)) return reply.code(304).send();
    return reply.send(cached.payload);
  });

  /**
   * Caching of every successful catalogue GET: public Cache-Control (explicitly, so that shared
   * caches may keep answers to requests with a token too: nothing here is personal), Vary on the
   * language header, and a weak ETag answered with 304 on a matching If-None-Match.
   */
  app.addHook("onSend", async (request, reply, payload) => {
    if (!isRead(request) || reply.statusCode !== 200) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    // An answer from the cache above already carries its headers.
    if (reply.getHeader("etag")) return payload;
    reply.header("cache-control", publicCacheControl);
    reply.header("vary", "X-localization");
    const etag = weakEtag(payload);
    reply.header("etag", etag);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      // The request id and length belong to this one answer.
      if (value !== undefined && name !== "content-length" && name !== "x-request-id")
        headers[name] = String(value);
    }
    answers.set(request, { payload, headers, etag });
    if (matchesEtag(request.headers["if-none-match"], etag)) {
      reply.code(304);
      reply.removeHeader("content-length");
      return "";
    }
    return payload;
  });

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
        meta: {
          page: query.page,
          per_page: query.per_page,
          total,
          pages: Math.ceil(total / query.per_page),
        },
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
          "Published, cancelled and past events are answered (past and cancelled ones sell nothing); drafts are 404. Availability of a ticket type: `sale_ended` (event past or cancelled, or its sales end passed), `not_yet_on_sale` (sales start later), `sold_out` (sold ≥ capacity), else `on_sale`. The event is `on_sale` if any type is, else `sold_out` if every type still in its sales period is, else `not_yet_on_sale` or `sale_ended`. `related`: up to 4 upcoming published events of the same category, the same city first.",
        params: idParamSchema,
        response: { 200: eventDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const now = new Date();
      const locale = request.locale;
      const event = await findEvent(ctx.db, request.params.id, locale, now);
      if (!event) throw notFound();
      const [ticketTypes, related] = await Promise.all([
        ticketTypesOf(ctx.db, event, locale, now),
        relatedEvents(ctx.db, event, locale, now),
      ]);
      const { venue: _, ...summary } = event.summary;
      return {
        data: { ...summary, ...event.detail, ticket_types: ticketTypes, related },
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
      const { summary, detail } = event;
      const venue = detail.venue;
      const host = new URL(ctx.config.PUBLIC_URL).hostname;
      const body = buildCalendar(
        {
          uid: `event-${summary.id}@${host}`,
          stamp: event.updatedAt,
          start: new Date(summary.starts_at),
          end: new Date(summary.ends_at),
          summary: summary.title,
          location: `${venue.name}, ${venue.address_line}, ${venue.postal_code} ${venue.city_name}`,
          geo: { latitude: venue.latitude, longitude: venue.longitude },
          description: event.description,
          cancelled: summary.status === "cancelled",
        },
        `-//${ctx.config.SITE_NAME}//Catalogue//${locale.toUpperCase()}`,
      );
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="${summary.slug}.ics"`)
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
    apiPaths.search,
    {
      schema: {
        tags: ["search"],
        summary: "Search upcoming events, venues, categories and cities",
        description:
          "Events: full-text search in the request's language (stemmed: `Konzerte` finds `Konzert`), or a title resembling the query (trigrams, so typos still find it), best matches first. Venues and categories by name (substring or resemblance), cities by their name in either language. `limit` applies to each list. `terms` are the lower-cased query words, for highlighting.",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      data: await search(ctx.db, request.query.q, request.query.limit, request.locale, new Date()),
    }),
  );
};

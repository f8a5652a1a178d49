import type {
  EventCategory,
  EventCity,
  EventSummary,
  Locale,
  SearchResult,
  SitemapEvent,
  Suggestions,
  TicketType,
  Venue,
} from "@eventwerk/contract";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import {
  localeColumn as col,
  type Database,
  type Instant,
  keptStatement,
  preparedRows,
  timestamptz,
  toDate,
  withSettings,
} from "../db/client.ts";
import {
  type AvailabilityCounts,
  categoryImage,
  containsPattern,
  coverImage,
  dateRangeWindow,
  eventAvailability,
  intersect,
  isClosed,
  presetWindow,
  searchTerms,
  ticketAvailability,
  type Window,
} from "./catalogue.ts";
import { typoCorrection } from "./catalogue-typos.ts";
import { takenSeats } from "./seats.ts";

/**
 * The catalogue's SQL. Raw fragments (aliases e = events, c = event_categories, v = venues,
 * ci = cities, co = countries) because the search columns (`search_de`, `search_en`, generated
 * tsvectors) and the pg_trgm operators are outside the Drizzle schema. Every statement runs on
 * PGlite and PostgreSQL alike. `now` is always a parameter, so SQL and JS agree on the instant.
 */

type Row = Record<string, unknown>;

async function rows<T = Row>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const textSearchConfig = (locale: Locale) => sql.raw(locale === "en" ? "'english'" : "'german'");

/**
 * Venues the public may see (alias `v`): the shared ones, and an organiser's own once an event
 * that is not a draft takes place there. An organiser's venue for a draft is theirs alone.
 */
const publicVenue = sql`(v.organiser_id is null or exists (select from events pe where pe.venue_id = v.id and pe.status <> 'draft'))`;

/** Cities with a venue the public may see (alias `ci`). */
const cityWithVenue = sql`exists (select from venues v where v.city_id = ci.id and ${publicVenue})`;

/** Visible upcoming events: published (not cancelled, never drafts) and not ended. */
const upcomingPublished = (now: Instant) =>
  sql`e.status = 'published' and e.ends_at >= ${timestamptz(now)}`;

/**
 * How closely a title must resemble the query to match without the words matching: stricter
 * than pg_trgm's default 0.6 (which the indexed `%>` applies first), so that compounds that
 * merely share a part ("Sommerkonzert" for "Glimmerkonzert", 0.67) stay out while typos
 * ("Jazfestival" 0.92, "Elbphilharmonei" 0.81) still match.
 */
export const titleSimilarity = 0.7;

const tsQuery = (q: string | Placeholder, locale: Locale) =>
  sql`websearch_to_tsquery(${textSearchConfig(locale)}, ${q})`;

/** Full-text match in the request's language, or a title that resembles the query (typos). */
const queryMatch = (q: string, locale: Locale) =>
  sql`(${col("e.search", locale)} @@ ${tsQuery(q, locale)} or (${col("e.title", locale)} %> ${q} and word_similarity(${q}, ${col("e.title", locale)}) >= ${titleSimilarity}))`;

/** What a visitor searched for, and the query with its typos corrected (`typoCorrection`). */
export type SearchText = { q: string; corrected: string | null };

/** Matches of the typed query, or of the corrected one. */
export const textMatch = ({ q, corrected }: SearchText, locale: Locale) =>
  corrected
    ? sql`(${queryMatch(q, locale)} or ${queryMatch(corrected, locale)})`
    : queryMatch(q, locale);

/**
 * How many ticket types of an event `e` are on sale, sold out and so on: the per-type rules of
 * `ticketAvailability` (time-dependent, so counted per read; prices and tickets sold are the
 * event's kept totals).
 */
const ticketAggregates = (now: Instant) => {
  const ended = sql`coalesce(tt.sales_end <= ${timestamptz(now)}, false)`;
  const notYet = sql`coalesce(tt.sales_start > ${timestamptz(now)}, false)`;
  const soldOut = sql`${takenSeats("tt", now)} >= tt.capacity`;
  // The seats taken (a function reading the live holds) once per type in its sales window: the
  // types on sale are those in it less those sold out.
  return sql`select n_ended, n_not_yet, n_sold_out, n_open - n_sold_out as n_on_sale from (select
      count(*) filter (where ${ended})::int as n_ended,
      count(*) filter (where not ${ended} and ${notYet})::int as n_not_yet,
      count(*) filter (where not ${ended} and not ${notYet})::int as n_open,
      count(*) filter (where not ${ended} and not ${notYet} and ${soldOut})::int as n_sold_out
    from event_ticket_types tt where tt.event_id = e.id) counts`;
};

/** Columns of an event summary, from e, c, v, ci and the lateral aggregate t. */
const summaryColumns = (locale: Locale) => sql`
  e.id, ${col("e.slug", locale)} as slug, ${col("e.title", locale)} as title,
  e.starts_at, e.ends_at, e.status, e.cover_image,
  c.id as category_id, ${col("c.slug", locale)} as category_slug, ${col("c.name", locale)} as category_name,
  v.id as venue_id, v.name as venue_name, v.city_id, ${col("ci.name", locale)} as city_name,
  e.price_from, e.price_max, e.tickets_sold as sold, t.n_ended, t.n_not_yet, t.n_sold_out, t.n_on_sale`;

const summaryJoins = (now: Instant) => sql`
  join event_categories c on c.id = e.category_id
  join venues v on v.id = e.venue_id
  join cities ci on ci.id = v.city_id
  left join lateral (${ticketAggregates(now)}) t on true`;

/**
 * Summaries of the events a page query picks; the page query answers `id` and `ord` (and
 * anything else, passed through), and the ticket aggregates are computed for its rows only.
 */
function summariesOf(page: SQL, locale: Locale, now: Instant): SQL {
  return sql`with page as (${page})
    select page.*, ${summaryColumns(locale)}
    from page join events e on e.id = page.id ${summaryJoins(now)}
    order by page.ord`;
}

function toSummary(row: Row, now: Date): EventSummary {
  const endsAt = toDate(row.ends_at);
  const status = row.status as "published" | "cancelled";
  const counts: AvailabilityCounts = {
    on_sale: Number(row.n_on_sale ?? 0),
    sold_out: Number(row.n_sold_out ?? 0),
    not_yet_on_sale: Number(row.n_not_yet ?? 0),
    sale_ended: Number(row.n_ended ?? 0),
  };
  const priceFrom = row.price_from == null ? null : Number(row.price_from);
  return {
    id: Number(row.id),
    slug: String(row.slug),
    title: String(row.title),
    starts_at: toDate(row.starts_at).toISOString(),
    ends_at: endsAt.toISOString(),
    status,
    is_past: endsAt.getTime() < now.getTime(),
    cover: coverImage(String(row.cover_image)),
    category: {
      id: Number(row.category_id),
      slug: String(row.category_slug),
      name: String(row.category_name),
    },
    venue: {
      id: Number(row.venue_id),
      name: String(row.venue_name),
      city_id: Number(row.city_id),
      city_name: String(row.city_name),
    },
    price_from_cents: priceFrom ?? 0,
    // Free: it has ticket types and every one costs nothing (discount applied).
    is_free: priceFrom !== null && Number(row.price_max) === 0,
    availability: eventAvailability(counts, isClosed({ status, endsAt }, now)),
    tickets_sold: Number(row.sold ?? 0),
  };
}

// --- Listing ------------------------------------------------------------------------------

export type ListQuery = {
  category?: string;
  city?: number;
  date?: "today" | "tomorrow" | "weekend" | "month";
  from?: string;
  to?: string;
  price_min?: number;
  price_max?: number;
  free?: "true" | "false";
  q?: string;
  sort: "date" | "popularity" | "price";
  page: number;
  per_page: number;
};

/**
 * The time window of a listing: presets and from/to intersect; without `from`, not ended yet.
 * It always has a start: the latest of `from` (now without it) and the preset's.
 */
export function listingWindow(query: ListQuery, now: Date): { start: Date; end: Date | null } {
  const windows: Window[] = [dateRangeWindow(query.from, query.to)];
  if (!query.from) windows.push({ start: now, end: null });
  if (query.date) windows.push(presetWindow(query.date, now));
  const { start, end } = intersect(...windows);
  return { start: start ?? now, end };
}

/** What the text of a listing's statement depends on: its language, order and filters set. */
type ListingShape = {
  locale: Locale;
  sort: ListQuery["sort"];
  end: boolean;
  category: boolean;
  city: boolean;
};

/** A listing's values, or the placeholders of a kept statement's. */
type ListingValues = {
  start: Instant;
  end: Instant;
  category: string | Placeholder;
  city: number | Placeholder;
  limit: number | Placeholder;
  offset: number | Placeholder;
  now: Instant;
};

const listingValue: ListingValues = {
  start: sql.placeholder("start"),
  end: sql.placeholder("end"),
  category: sql.placeholder("category"),
  city: sql.placeholder("city"),
  limit: sql.placeholder("limit"),
  offset: sql.placeholder("offset"),
  now: sql.placeholder("now"),
};

/**
 * A page of the listing with the total beside each row. The total is counted apart from the
 * page: a window over every match (`count(*) over ()`) would make each page sort all of them.
 * `row_number() over ()` numbers the rows in the order the ordered, limited subquery gives them.
 * `more`: conditions whose text varies with the request (the text query, the prices).
 */
function listingPage(shape: ListingShape, value: ListingValues, more: SQL[] = []) {
  // An event is in the window when it overlaps it: it ends at or after its start and starts
  // before its end.
  const where: SQL[] = [
    sql`e.status in ('published', 'cancelled')`,
    sql`e.ends_at >= ${timestamptz(value.start)}`,
  ];
  if (shape.end) where.push(sql`e.starts_at < ${timestamptz(value.end)}`);
  if (shape.category) {
    where.push(
      sql`e.category_id = any(array(select id from event_categories where slug_de = ${value.category} or slug_en = ${value.category}))`,
    );
  }
  if (shape.city) {
    where.push(sql`e.venue_id = any(array(select id from venues where city_id = ${value.city}))`);
  }
  where.push(...more);
  // Prices and tickets sold are the event's kept totals (migration 0010): "popular" and "by
  // price" walk their index in order and stop after the page.
  const order =
    shape.sort === "popularity"
      ? sql`e.tickets_sold desc, e.starts_at, e.id`
      : shape.sort === "price"
        ? sql`e.price_from asc nulls last, e.starts_at, e.id`
        : sql`e.starts_at, e.id`;
  const conditions = sql.join(where, sql` and `);
  const counted = sql`select count(*)::int from events e where ${conditions}`;
  const page = sql`select p.id, row_number() over () as ord, (${counted}) as total
    from (select e.id from events e
      where ${conditions}
      order by ${order}
      limit ${value.limit} offset ${value.offset}) p`;
  return { page: summariesOf(page, shape.locale, value.now), counted };
}

/**
 * The listings without a text query or price filters (the home page's, the listing's first
 * view, a category's or a city's) are kept statements with generic plans: planning each was
 * ~1.5 ms of database CPU, about twice running it. Left to choose (`auto`), PostgreSQL planned
 * them on every run, as it prices the generic plan above the custom ones. Timed at 10,000
 * events over 162 listings (3 orders × 3 windows × 3 categories × 3 cities × 2 pages): 1.90 ms
 * a listing with a plan per run, 1.10 left to choose, 0.52 generic, and none generic slower than
 * 1.06 times its own plan. At most 48 shapes (2 languages, 3 orders, 3 filters set or not), so
 * each connection keeps few; the others are written for each request.
 */
const listingRows = keptStatement((shape: ListingShape) => listingPage(shape, listingValue).page);
const listingSettings = { plan_cache_mode: "force_generic_plan" };

export async function listEvents(
  db: Database,
  query: ListQuery,
  locale: Locale,
  now: Date,
): Promise<{ data: EventSummary[]; total: number }> {
  const window = listingWindow(query, now);
  const shape: ListingShape = {
    locale,
    sort: query.sort,
    end: window.end !== null,
    category: Boolean(query.category),
    city: Boolean(query.city),
  };
  const values = {
    start: window.start,
    end: window.end ?? now,
    category: query.category ?? "",
    city: query.city ?? 0,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
    now,
  };
  const more: SQL[] = [];
  if (query.q)
    more.push(textMatch({ q: query.q, corrected: await typoCorrection(db, query.q) }, locale));
  if (query.price_min !== undefined) more.push(sql`e.price_from >= ${query.price_min}`);
  if (query.price_max !== undefined) more.push(sql`e.price_from <= ${query.price_max}`);
  if (query.free === "true") more.push(sql`e.price_max = 0`);

  const written = more.length ? listingPage(shape, values, more) : null;
  const found = written
    ? await rows(db, written.page)
    : await withSettings(db, listingSettings, (settled) =>
        listingRows<Row>(settled, shape, {
          ...values,
          start: values.start.toISOString(),
          end: values.end.toISOString(),
          now: now.toISOString(),
        }),
      );
  let total = found.length ? Number(found[0]!.total) : 0;
  if (!found.length && query.page > 1) {
    const { counted } = written ?? listingPage(shape, values);
    const [count] = await rows(db, sql`select (${counted}) as total`);
    total = Number(count?.total ?? 0);
  }
  return { data: found.map((row) => toSummary(row, now)), total };
}

// --- One event ----------------------------------------------------------------------------

export type EventRecord = {
  summary: EventSummary;
  detail: {
    slugs: { de: string; en: string };
    description: string;
    age_limit: number | null;
    venue: Venue;
    organiser: { name: string };
  };
  categoryId: number;
  cityId: number;
  updatedAt: Date;
  description: string;
};

/** The event statements' values: the event's id and the instant. */
const eventValue = { id: sql.placeholder("id"), now: sql.placeholder("now") };

/** An event's own columns (`EventRecord`), found by its id; drafts only when asked. */
const eventColumns = (locale: Locale, drafts = false) => sql`${summaryColumns(locale)},
    e.slug_de, e.slug_en, ${col("e.description", locale)} as description, e.age_limit, e.updated_at,
    v.address_line, v.postal_code, v.latitude, v.longitude, co.code as country_code,
    coalesce(op.company_name, u.name || ' ' || u.surname) as organiser_name
  from events e ${summaryJoins(eventValue.now)}
  join countries co on co.id = ci.country_id
  join users u on u.id = e.organiser_id
  left join organiser_profiles op on op.user_id = e.organiser_id
  where e.id = ${eventValue.id}${drafts ? sql`` : sql` and e.status <> 'draft'`}`;

function toEventRecord(row: Row, now: Date): EventRecord {
  const summary = toSummary(row, now);
  return {
    summary,
    detail: {
      slugs: { de: String(row.slug_de), en: String(row.slug_en) },
      description: String(row.description),
      age_limit: row.age_limit == null ? null : Number(row.age_limit),
      venue: {
        id: summary.venue.id,
        name: summary.venue.name,
        address_line: String(row.address_line),
        postal_code: String(row.postal_code),
        city_id: summary.venue.city_id,
        city_name: summary.venue.city_name,
        country_code: String(row.country_code),
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
      },
      organiser: { name: String(row.organiser_name) },
    },
    categoryId: summary.category.id,
    cityId: summary.venue.city_id,
    updatedAt: toDate(row.updated_at),
    description: String(row.description),
  };
}

/**
 * A published or cancelled event with its venue and organiser. Drafts only for `drafts`: the
 * event of a buyer's tickets, which stay valid when it is unpublished.
 */
const eventRows = keptStatement(
  ({ locale, drafts }: { locale: Locale; drafts: boolean }) =>
    sql`select ${eventColumns(locale, drafts)}`,
);

export async function findEvent(
  db: Database,
  id: number,
  locale: Locale,
  at: Date,
  options: { drafts?: boolean } = {},
): Promise<EventRecord | null> {
  const shape = { locale, drafts: options.drafts ?? false };
  const [row] = await eventRows<Row>(db, shape, { id, now: at.toISOString() });
  return row ? toEventRecord(row, at) : null;
}

/** The ticket types of the event `f` (an outer query's row), in the order the page shows them. */
const ticketTypesOf = (locale: Locale) =>
  sql`select tt.id, ${col("tt.name", locale)} as name, tt.price_cents, tt.discount_price_cents,
      tt.capacity, ${takenSeats("tt", eventValue.now)} as taken, tt.max_per_order, tt.sales_start, tt.sales_end
    from event_ticket_types tt where tt.event_id = f.id
    order by tt.sort_order, tt.id`;

function toTicketType(row: Row, event: EventRecord, at: Date): TicketType {
  const closed = isClosed(
    { status: event.summary.status, endsAt: new Date(event.summary.ends_at) },
    at,
  );
  const state = {
    capacity: Number(row.capacity),
    taken: Number(row.taken),
    salesStart: row.sales_start == null ? null : toDate(row.sales_start),
    salesEnd: row.sales_end == null ? null : toDate(row.sales_end),
  };
  return {
    id: Number(row.id),
    name: String(row.name),
    price_cents: Number(row.price_cents),
    discount_price_cents:
      row.discount_price_cents == null ? null : Number(row.discount_price_cents),
    capacity: state.capacity,
    remaining: Math.max(0, state.capacity - state.taken),
    max_per_order: Number(row.max_per_order),
    sales_start: state.salesStart?.toISOString() ?? null,
    sales_end: state.salesEnd?.toISOString() ?? null,
    availability: ticketAvailability(state, closed, at),
  };
}

/**
 * Up to 6 upcoming published events of the category of the event `f` (an outer query's row),
 * those in its city first: six fill the rows of the web's one-, two- and three-column grids.
 * Two bounded walks of the category's upcoming events in date order (an index): the first 6 in
 * the same city, the first 6 elsewhere; never the whole category.
 */
const relatedTo = (locale: Locale) => {
  const inCity = sql`e.venue_id in (select id from venues where city_id = f.city_id)`;
  const firstSix = (city: SQL) => sql`(select e.id, e.starts_at
    from events e
    where e.category_id = f.category_id and e.id <> f.id and ${upcomingPublished(eventValue.now)} and ${city}
    order by e.starts_at, e.id limit 6)`;
  const order = sql`r.same_city desc, r.starts_at, r.id`;
  const page = sql`select r.id, row_number() over (order by ${order}) as ord
    from (select *, true as same_city from ${firstSix(inCity)} near
      union all select *, false from ${firstSix(sql`not ${inCity}`)} far) r
    order by ${order} limit 6`;
  return summariesOf(page, locale, eventValue.now);
};

/**
 * The event page's read: the event, its ticket types and related events in one statement, each
 * list a JSON array (`json_agg` keeps its ordered subquery's order). One round trip instead of
 * three: on a two-core machine each statement's socket write and wake-up of the server cost
 * about as much as a short statement's work.
 */
const eventPageRows = keptStatement(
  ({ locale }: { locale: Locale }) => sql`select f.*,
      (select coalesce(json_agg(t), '[]') from (${ticketTypesOf(locale)}) t) as ticket_types,
      (select coalesce(json_agg(r), '[]') from (${relatedTo(locale)}) r) as related
    from (select ${eventColumns(locale)}) f`,
);

export type EventPage = { event: EventRecord; ticketTypes: TicketType[]; related: EventSummary[] };

export async function eventPage(
  db: Database,
  id: number,
  locale: Locale,
  at: Date,
): Promise<EventPage | null> {
  const [row] = await eventPageRows<Row & { ticket_types: Row[]; related: Row[] }>(
    db,
    { locale },
    { id, now: at.toISOString() },
  );
  if (!row) return null;
  const event = toEventRecord(row, at);
  return {
    event,
    ticketTypes: row.ticket_types.map((type) => toTicketType(type, event, at)),
    related: row.related.map((related) => toSummary(related, at)),
  };
}

// --- Sitemap ------------------------------------------------------------------------------

/**
 * A page of the upcoming published events by id, with both slugs and the last change: what the
 * sitemap names of each. By id, a new event joins the last page rather than moving the others.
 * The page's ids come from `events_sitemap_idx` alone (migration 0032), the rows before it and
 * past events unread; the total beside each row, counted once.
 */
export async function sitemapEvents(
  db: Database,
  query: { page: number; per_page: number },
  now: Date,
): Promise<{ data: SitemapEvent[]; total: number }> {
  const counted = sql`select count(*)::int from events e where ${upcomingPublished(now)}`;
  const found = await rows(
    db,
    sql`select e.id, e.slug_de, e.slug_en, e.updated_at, (${counted}) as total
      from (select e.id from events e where ${upcomingPublished(now)}
        order by e.id
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}) p
      join events e on e.id = p.id
      order by e.id`,
  );
  // Past the last page: no row to carry the total.
  const [count] = found.length ? found : await rows(db, sql`select (${counted}) as total`);
  return {
    data: found.map((row) => ({
      id: Number(row.id),
      slugs: { de: String(row.slug_de), en: String(row.slug_en) },
      updated_at: toDate(row.updated_at).toISOString(),
    })),
    total: Number(count?.total ?? 0),
  };
}

// --- Categories and cities ----------------------------------------------------------------

/** Upcoming published events of a venue `v`: counted in an index, row by row never read. */
const venueUpcomingCount = (now: Instant) =>
  sql`(select count(*)::int from events e where e.venue_id = v.id and ${upcomingPublished(now)})`;

/**
 * Upcoming published events of a category `c` or a city `ci`: the months after the current one
 * from the counts kept per month (migration 0021), the rest of this month counted in the index
 * by their end. A category's or city's events are thousands; its months a dozen or two.
 */
function keptUpcomingCount(now: Instant, kept: SQL, counted: SQL): SQL {
  // The month's start and the next one's in UTC, as the kept rows name months, on a server or
  // session in any time zone (adding a month to a timestamptz would count in the session's).
  const month = sql`date_trunc('month', ${timestamptz(now)} at time zone 'UTC')`;
  return sql`((select coalesce(sum(m.published), 0) from ${kept}
      and m.month > (${month} at time zone 'UTC'))
    + (select count(*) from events e where ${counted} and ${upcomingPublished(now)}
      and e.ends_at < ((${month} + interval '1 month') at time zone 'UTC')))::int`;
}

const categoryUpcomingCount = (now: Instant) =>
  keptUpcomingCount(
    now,
    sql`category_event_months m where m.category_id = c.id`,
    sql`e.category_id = c.id`,
  );

const cityUpcomingCount = (now: Instant) =>
  keptUpcomingCount(
    now,
    sql`city_event_months m where m.city_id = ci.id`,
    sql`e.venue_id = any(array(select ve.id from venues ve where ve.city_id = ci.id))`,
  );

function toCategory(row: Row): EventCategory {
  return {
    id: Number(row.id),
    slug: String(row.slug),
    name: String(row.name),
    image: categoryImage(String(row.image)),
    upcoming_count: Number(row.upcoming_count),
  };
}

export async function listCategories(db: Database, locale: Locale, now: Date) {
  const found = await preparedRows<Row>(
    db,
    sql`select c.id, ${col("c.slug", locale)} as slug, ${col("c.name", locale)} as name, c.image,
        ${categoryUpcomingCount(now)} as upcoming_count
      from event_categories c
      order by c.sort_order, c.id`,
  );
  return found.map(toCategory);
}

function toCity(row: Row): EventCity {
  return {
    id: Number(row.id),
    name: String(row.name),
    country_code: String(row.country_code),
    upcoming_count: Number(row.upcoming_count),
  };
}

/** Cities that have venues, named in the request's language, sorted by name. */
export async function listCities(db: Database, locale: Locale, now: Date) {
  const found = await preparedRows<Row>(
    db,
    sql`select ci.id, ${col("ci.name", locale)} as name, co.code as country_code,
        ${cityUpcomingCount(now)} as upcoming_count
      from cities ci join countries co on co.id = ci.country_id
      where ${cityWithVenue}`,
  );
  const collator = new Intl.Collator(locale);
  return found.map(toCity).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

// --- Search -------------------------------------------------------------------------------

/**
 * The search's page of events: ids and their order (`ord`), best first. The matches come from
 * the GIN indexes, then the other conditions: with the text conditions out of the outer query,
 * the planner cannot misjudge them as selective and test every published event instead (110 ms
 * at 10,000 events on PGlite, against a few). Each match's measures: whether the words match
 * and their text rank, taken where the index scan reads it, and how closely the title resembles
 * the query (`textMatch`'s rule, for the typed and the corrected query); word matches (stemmed)
 * rank first, then by text rank plus resemblance. Each tsquery is a subquery, computed once
 * where it is used rather than for every row, as a function of a parameter would be in the
 * generic plan the search runs with.
 *
 * The resemblance (pg_trgm's `word_similarity`, ~2 µs a title) is the costly measure, so it is
 * taken for as few titles as give the same page. Each upcoming word match gets `best`: its rank
 * were its title to resemble every query fully (rank grows with resemblance, which is at most
 * 1). The `limit` word matches with the highest `best` are ranked (`head`); of the others, only
 * those whose `best` could still reach the head's last rank are (`rest`), as any other ranks
 * below `limit` ranked word matches ("kinder" at 10,000 events: 15 of 1,033 titles). Ties on
 * the rank are broken by date and id, as on the page. The head is a top-`limit` sort of the word
 * matches (`top`), not a numbering of all of them; `offset 0` keeps the
 * scan's measures where they are taken: merged into the outer query, PostgreSQL took the text
 * rank twice per match and sorted every match with its text-search vector (the 20 bench
 * queries' statement 12 % less time, "kinder" 25 %).
 *
 * Titles that only resemble the query are read only when fewer than `limit` word matches rank
 * above the most such a title could reach, `otherBest`: it has no word match, a resemblance of
 * at most 1 per query and, for a query of one lexeme (which it does not contain), a text rank of
 * 0; else `ts_rank` is below 1 + 6/π² (tsrank.c), so 1.61 bounds it. Beside a corrected query,
 * 10 more when such a title resembles the typed query; when none does, its resemblance to the
 * typed one is below 0.7 (0.71 leaves room for rounding). The page is then the same as with
 * every match ranked ("konzert" at 10,000 events: 133 word matches, 390 others; 5.4 to 1.0 ms).
 */
function searchedEvents({ locale, corrected }: SearchShape): SQL {
  const { q, now, limit } = searchValue;
  const queries = corrected ? [q, searchValue.corrected] : [q];
  const search = col("e.search", locale);
  const title = col("e.title", locale);
  const tsq = (q: Placeholder) => sql`(select ${tsQuery(q, locale)})`;
  const each = (measure: (q: Placeholder, i: string) => SQL) =>
    sql.join(
      queries.map((q, i) => measure(q, String(i))),
      sql`, `,
    );
  const textMeasures = each(
    (q, i) =>
      sql`${search} @@ ${tsq(q)} as ${sql.raw(`words_${i}`)}, ts_rank(${search}, ${tsq(q)}) as ${sql.raw(`text_rank_${i}`)}`,
  );
  const resemblances = (titleOf: SQL) =>
    each((q, i) => sql`word_similarity(${q}, ${titleOf}) as ${sql.raw(`resemblance_${i}`)}`);
  // The columns every set of ranked titles has, in this order.
  const columns = sql.raw(
    [
      "e.id, e.starts_at, e.status, e.ends_at",
      ...queries.map((_, i) => `e.words_${i}, e.text_rank_${i}, e.resemblance_${i}`),
    ].join(", "),
  );
  const words = sql.join(
    queries.map((q) => sql`${search} @@ ${tsq(q)}`),
    sql` or `,
  );
  const resembles = sql.join(
    queries.map((q) => sql`${title} %> ${q}`),
    sql` or `,
  );
  // The threshold is a literal (a double), compared as pg_trgm compares it for `%>`: as a
  // parameter it would be a real, and a title at exactly 0.7 would match here but not there.
  const matches = (resemblance: (i: number) => string) =>
    queries.map((_, i) => `(e.words_${i} or ${resemblance(i)} >= ${titleSimilarity})`);
  // The rank, and `best`: the same sum with every resemblance 1 (a real, as word_similarity's).
  const rankOf = (resemblance: (i: number) => string) => {
    const sum = queries
      .map((_, i) => `(e.words_${i}::int + e.text_rank_${i} + ${resemblance(i)})`)
      .join(" + ");
    // Matches of the typed query before those of the corrected one (a rank below 10).
    return sql.raw(corrected ? `${matches(resemblance)[0]}::int * 10 + ${sum}` : sum);
  };
  const rank = rankOf((i) => `e.resemblance_${i}`);
  const best = rankOf(() => "1::real");
  const textBound = (q: Placeholder) => sql`case when numnode(${tsq(q)}) > 1 then 1.61 else 0 end`;
  const otherBest = corrected
    ? sql`case when exists (
          select from events e where ${title} %> ${q} and (${words}) is not true and ${upcomingPublished(now)}
        ) then 12 else 1.71 end + ${textBound(q)} + ${textBound(searchValue.corrected)}`
    : sql`1 + ${textBound(q)}`;
  return sql`with words as materialized (
      select e.*, ${best} as best from (
        select e.id, e.starts_at, e.status, e.ends_at, ${title} as title, ${textMeasures}
        from events e where (${words}) and ${upcomingPublished(now)} offset 0
      ) e
    ), top as materialized (
      select e.* from words e order by e.best desc, e.starts_at, e.id limit ${limit}
    ), head as materialized (
      select e.*, ${resemblances(sql`e.title`)} from top e
    ), last as (
      select ${rank} as rank, e.starts_at, e.id from head e
      order by rank desc, e.starts_at, e.id offset ${limit} - 1 limit 1
    ), ranked as materialized (
      select ${columns} from head e
      union all
      select ${columns} from (
        select w.*, ${resemblances(sql`w.title`)} from words w, last
        where w.id not in (select id from top)
          and (w.best > last.rank or (w.best = last.rank and (w.starts_at, w.id) < (last.starts_at, last.id)))
      ) e
    ), settled as (
      select count(*) >= ${limit} as yes from (
        select from ranked e where ${rank} > ${otherBest} limit ${limit}
      ) best
    ), others as materialized (
      select e.id, e.starts_at, e.status, e.ends_at, ${textMeasures}, ${resemblances(title)} from events e
      where not (select yes from settled) and (${resembles}) and (${words}) is not true
    ), found as (
      select e.id, e.starts_at, ${rank} as rank
      from (select ${columns} from ranked e union all select ${columns} from others e) e
      where (${sql.raw(matches((i) => `e.resemblance_${i}`).join(" or "))}) and ${upcomingPublished(now)}
    )
    select e.id, row_number() over (order by e.rank desc, e.starts_at, e.id) as ord
    from found e
    order by e.rank desc, e.starts_at, e.id
    limit ${limit}`;
}

/** The settings of the search's and the suggestions' event statements (see `searchedEventRows`). */
const searchSettings = {
  enable_seqscan: "off",
  "pg_trgm.word_similarity_threshold": String(titleSimilarity),
  plan_cache_mode: "force_generic_plan",
};

/**
 * The search's two statements, each one text per language and whether a correction was found,
 * built once (`keptStatement`): a run puts in the typed and the corrected query, the patterns a
 * name contains, the instant and the page's length.
 */
type SearchShape = { locale: Locale; corrected: boolean };
const searchValue = {
  q: sql.placeholder("q"),
  corrected: sql.placeholder("corrected"),
  pattern: sql.placeholder("pattern"),
  correctedPattern: sql.placeholder("correctedPattern"),
  now: sql.placeholder("now"),
  limit: sql.placeholder("limit"),
};

// The planner prices the text operators (`@@`, `%>`) as cheap and would rather test every
// event (~8 µs a row for trigrams) than read the GIN indexes; for this one statement it is
// told to prefer the indexes (`searchSettings`). The trigram index itself applies
// `titleSimilarity` (the same matches), so fewer near misses are read only to be dropped. Its
// plan is the generic one, made once per connection: planning it for each query's words cost
// 0.6–1.8 ms, more than a third of running it (`searchedEvents` is written for it).
const searchedEventRows = keptStatement((shape: SearchShape) =>
  summariesOf(searchedEvents(shape), shape.locale, searchValue.now),
);

// The three name lists in one statement (one round trip instead of three), each a JSON array:
// `json_agg` takes its sorted subquery's rows in their order, as no join at its level could
// reorder them.
const searchedNameRows = keptStatement(({ locale, corrected }: SearchShape) => {
  const { q, pattern, now, limit } = searchValue;
  // A name contains the query or resembles it, or the corrected query.
  const nameMatch = (name: SQL) =>
    corrected
      ? sql`(${name} ilike ${pattern} or ${name} %> ${q} or ${name} ilike ${searchValue.correctedPattern} or ${name} %> ${searchValue.corrected})`
      : sql`(${name} ilike ${pattern} or ${name} %> ${q})`;
  const venueQuery = sql`select v.id, v.name, v.city_id, ${col("ci.name", locale)} as city_name,
      ${venueUpcomingCount(now)} as upcoming_count
    from venues v join cities ci on ci.id = v.city_id
    where ${nameMatch(sql`v.name`)} and ${publicVenue}
    order by word_similarity(${q}, v.name) desc, v.name, v.id
    limit ${limit}`;
  const categoryQuery = sql`select c.id, ${col("c.slug", locale)} as slug, ${col("c.name", locale)} as name, c.image,
      ${categoryUpcomingCount(now)} as upcoming_count
    from event_categories c
    where ${nameMatch(col("c.name", locale))}
    order by word_similarity(${q}, ${col("c.name", locale)}) desc, c.sort_order, c.id
    limit ${limit}`;
  // Cities are found by their name in either language ("Munich" and "München"); the English
  // name is tested only where it differs (most cities have one name in both).
  const cityQuery = sql`select ci.id, ${col("ci.name", locale)} as name, co.code as country_code,
      ${cityUpcomingCount(now)} as upcoming_count
    from cities ci join countries co on co.id = ci.country_id
    where ${cityWithVenue}
      and (${nameMatch(sql`ci.name_de`)} or (ci.name_en <> ci.name_de and ${nameMatch(sql`ci.name_en`)}))
    order by greatest(word_similarity(${q}, ci.name_de), word_similarity(${q}, ci.name_en)) desc, ci.id
    limit ${limit}`;
  const list = (query: SQL) => sql`(select coalesce(json_agg(found), '[]') from (${query}) found)`;
  return sql`select ${list(venueQuery)} as venues, ${list(categoryQuery)} as categories, ${list(cityQuery)} as cities`;
});

export async function search(
  db: Database,
  q: string,
  limit: number,
  locale: Locale,
  now: Date,
): Promise<SearchResult> {
  const corrected = await typoCorrection(db, q);
  const shape: SearchShape = { locale, corrected: corrected !== null };
  const values = {
    q,
    corrected,
    pattern: containsPattern(q),
    correctedPattern: corrected && containsPattern(corrected),
    now: now.toISOString(),
    limit,
  };
  const eventsFound = withSettings(db, searchSettings, (settled) =>
    searchedEventRows<Row>(settled, shape, values),
  );
  const namesFound = searchedNameRows<{ venues: Row[]; categories: Row[]; cities: Row[] }>(
    db,
    shape,
    values,
  );
  const [events, [names]] = await Promise.all([eventsFound, namesFound]);
  const { venues, categories, cities } = names!;
  return {
    terms: searchTerms(q),
    events: events.map((row) => toSummary(row, now)),
    venues: venues.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      city_id: Number(row.city_id),
      city_name: String(row.city_name),
      upcoming_count: Number(row.upcoming_count),
    })),
    categories: categories.map(toCategory),
    cities: cities.map(toCity),
  };
}

// --- Suggestions while typing -------------------------------------------------------------

/** Title words starting with the query's words (`konz:*A`: stemmed prefix, title weight only). */
function titlePrefixQuery(q: string, locale: Locale): SQL | null {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (!words.length) return null;
  return sql`to_tsquery(${textSearchConfig(locale)}, ${words.map((word) => `${word}:*A`).join(" & ")})`;
}

/**
 * What a visitor may mean while typing: upcoming events whose title has words starting with the
 * query's (or contains it, from three letters, or the typo-corrected query), then venues, cities
 * (either language) and categories whose name contains it. Those starting with it come first.
 */
export async function suggestions(
  db: Database,
  q: string,
  limit: number,
  locale: Locale,
  now: Date,
): Promise<Suggestions> {
  const corrected = await typoCorrection(db, q);
  const patterns = [q, ...(corrected ? [corrected] : [])].map(containsPattern);
  const startsWith = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const title = col("e.title", locale);
  const prefix = titlePrefixQuery(q, locale);
  const eventMatches: SQL[] = [
    ...(prefix ? [sql`${col("e.search", locale)} @@ ${prefix}`] : []),
    // Inside words ("konz" in "Sommerkonzert"): the trigram index needs three letters.
    ...([...q].length >= 3 ? patterns.map((pattern) => sql`${title} ilike ${pattern}`) : []),
  ];
  const anyName = (name: SQL) =>
    sql.join(
      patterns.map((pattern) => sql`${name} ilike ${pattern}`),
      sql` or `,
    );
  const eventQuery = eventMatches.length
    ? sql`with hits as materialized (
        select e.id from events e where ${sql.join(eventMatches, sql` or `)}
      )
      select e.id, ${col("e.slug", locale)} as slug, ${title} as title, e.starts_at,
        v.name as venue_name, ${col("ci.name", locale)} as city_name
      from events e join venues v on v.id = e.venue_id join cities ci on ci.id = v.city_id
      where e.id in (select id from hits) and ${upcomingPublished(now)}
      order by (${title} ilike ${startsWith}) desc, e.starts_at, e.id
      limit ${limit}`
    : null;
  const venueQuery = sql`select v.id, v.name, ${col("ci.name", locale)} as city_name
    from venues v join cities ci on ci.id = v.city_id
    where (${anyName(sql`v.name`)}) and ${publicVenue}
    order by (v.name ilike ${startsWith}) desc, v.name, v.id
    limit ${limit}`;
  const cityQuery = sql`select ci.id, ${col("ci.name", locale)} as name
    from cities ci
    where ${cityWithVenue}
      and (${anyName(sql`ci.name_de`)} or ${anyName(sql`ci.name_en`)})
    order by (${col("ci.name", locale)} ilike ${startsWith}) desc, ${col("ci.name", locale)}, ci.id
    limit ${limit}`;
  const categoryQuery = sql`select c.id, ${col("c.slug", locale)} as slug, ${col("c.name", locale)} as name
    from event_categories c
    where ${anyName(col("c.name", locale))}
    order by (${col("c.name", locale)} ilike ${startsWith}) desc, c.sort_order, c.id
    limit ${limit}`;
  // With the search's settings: the planner reads the text indexes rather than every event, on
  // a plan made once per connection (its `%>` threshold does not apply: no `%>` here). Named
  // like the search's: the texts vary only with the language, the correction and the query's
  // length.
  const eventsFound = eventQuery
    ? withSettings(db, searchSettings, (settled) => preparedRows<Row>(settled, eventQuery))
    : Promise.resolve([]);
  const [events, venues, cities, categories] = await Promise.all([
    eventsFound,
    preparedRows<Row>(db, venueQuery),
    preparedRows<Row>(db, cityQuery),
    preparedRows<Row>(db, categoryQuery),
  ]);
  return {
    events: events.map((row) => ({
      id: Number(row.id),
      slug: String(row.slug),
      title: String(row.title),
      starts_at: toDate(row.starts_at).toISOString(),
      venue_name: String(row.venue_name),
      city_name: String(row.city_name),
    })),
    venues: venues.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      city_name: String(row.city_name),
    })),
    cities: cities.map((row) => ({ id: Number(row.id), name: String(row.name) })),
    categories: categories.map((row) => ({
      id: Number(row.id),
      slug: String(row.slug),
      name: String(row.name),
    })),
  };
}

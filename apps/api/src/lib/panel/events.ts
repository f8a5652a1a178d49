import {
  doorClosesAfterEndMs,
  type EventFigures,
  type EventInput,
  type EventUpdate,
  type Locale,
  type PanelEvent,
  type PanelEventSummary,
  type PanelTicketType,
  type PanelVenue,
  type VenueInput,
} from "@eventwerk/contract";
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "../../db/client.ts";
import {
  cities,
  doorLinks,
  eventCategories,
  eventLogs,
  events,
  eventTicketTypes,
  orderItems,
  orders,
  tickets,
  venues,
} from "../../db/schema.ts";
import { slugify } from "../../seed/catalogue.ts";
import { catalogueTimeZone, coverImage } from "../catalogue.ts";
import { fieldError, HttpError, notFound } from "../http-error.ts";
import type { MessageKey } from "../messages.ts";
import { audit } from "./audit.ts";
import { sameMinute, scheduleChanged } from "./change-notices.ts";

type Db = Database | Transaction;
type EventRow = typeof events.$inferSelect;

/** The public slug follows the title; old slugs keep working, as the page is found by its id. */
export const titleSlug = (title: string) => slugify(title) || "event";

/**
 * Refuses (409 `conflict`, with `message`) an event's next row of `table` once it has `max`.
 * Counted under the event's lock (`ownedEvent` with `lock`), so two creates at once cannot both
 * take the last place.
 */
export async function refuseBeyond(
  tx: Db,
  table: PgTable,
  eventColumn: PgColumn,
  eventId: number,
  max: number,
  message: MessageKey,
): Promise<void> {
  const [made] = await tx.select({ n: count() }).from(table).where(eq(eventColumn, eventId));
  if (Number(made?.n) >= max) throw new HttpError(409, "conflict", message);
}

/** The organiser's event (locked for the transaction when asked); another's answers 404. */
export async function ownedEvent(
  db: Db,
  organiserId: string,
  eventId: number,
  options: { lock?: boolean } = {},
): Promise<EventRow> {
  const query = db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organiserId, organiserId)));
  const [event] = options.lock ? await query.for("update") : await query;
  if (!event) throw notFound();
  return event;
}

const emptyFigures = (): EventFigures => ({
  sold: 0,
  capacity: 0,
  gross_cents: 0,
  fee_cents: 0,
  net_cents: 0,
  check_ins: 0,
});

/** A paid order whose refund is not owed: one that is counts as refunded, as its buyer reads it. */
const settledPaid = and(eq(orders.status, "paid"), isNull(orders.refundRequestedAt));

/**
 * Sales figures per event, from paid orders: tickets sold of the capacity, gross (ticket prices
 * after discounts plus the service fee), the fee, net (what the tickets brought) and entries.
 */
export async function eventFigures(db: Db, eventIds: number[]): Promise<Map<number, EventFigures>> {
  const figures = new Map(eventIds.map((id) => [id, emptyFigures()]));
  if (eventIds.length === 0) return figures;
  const capacity = await db
    .select({
      eventId: eventTicketTypes.eventId,
      capacity: sql<number>`coalesce(sum(${eventTicketTypes.capacity}), 0)::int`,
    })
    .from(eventTicketTypes)
    .where(inArray(eventTicketTypes.eventId, eventIds))
    .groupBy(eventTicketTypes.eventId);
  const sales = await db
    .select({
      eventId: eventTicketTypes.eventId,
      sold: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      net: sql<number>`coalesce(sum((${orderItems.unitPriceCents} - coalesce(${orderItems.discountCents}, 0)) * ${orderItems.quantity}), 0)::bigint`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, orderItems.ticketTypeId))
    .where(and(settledPaid, inArray(eventTicketTypes.eventId, eventIds)))
    .groupBy(eventTicketTypes.eventId);
  const fees = await db
    .select({
      eventId: orders.eventId,
      fee: sql<number>`coalesce(sum(${orders.feeCents}), 0)::bigint`,
    })
    .from(orders)
    .where(and(settledPaid, inArray(orders.eventId, eventIds)))
    .groupBy(orders.eventId);
  const checkIns = await db
    .select({
      eventId: eventTicketTypes.eventId,
      entered: sql<number>`count(distinct ${tickets.id})::int`,
    })
    .from(eventLogs)
    .innerJoin(tickets, eq(tickets.id, eventLogs.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .where(
      and(
        eq(eventLogs.entryType, "entry"),
        settledPaid,
        inArray(eventTicketTypes.eventId, eventIds),
      ),
    )
    .groupBy(eventTicketTypes.eventId);
  for (const row of capacity) figures.get(row.eventId)!.capacity = Number(row.capacity);
  for (const row of sales) {
    const entry = figures.get(row.eventId)!;
    entry.sold = Number(row.sold);
    entry.net_cents = Number(row.net);
  }
  for (const row of fees)
    if (row.eventId !== null) figures.get(row.eventId)!.fee_cents = Number(row.fee);
  for (const row of checkIns) figures.get(row.eventId)!.check_ins = Number(row.entered);
  for (const entry of figures.values()) entry.gross_cents = entry.net_cents + entry.fee_cents;
  return figures;
}

/** The organiser's events with their figures, soonest first. */
export async function listEvents(
  db: Db,
  organiserId: string,
  locale: Locale,
): Promise<PanelEventSummary[]> {
  const rows = await db
    .select({ event: events, venue: venues.name })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(eq(events.organiserId, organiserId))
    .orderBy(asc(events.startsAt), asc(events.id));
  const figures = await eventFigures(
    db,
    rows.map((row) => row.event.id),
  );
  return rows.map(({ event, venue }) => ({
    id: event.id,
    title: locale === "en" ? event.titleEn : event.titleDe,
    status: event.status,
    starts_at: event.startsAt.toISOString(),
    ends_at: event.endsAt.toISOString(),
    venue_name: venue,
    slug: locale === "en" ? event.slugEn : event.slugDe,
    figures: figures.get(event.id)!,
  }));
}

/**
 * Upcoming and past events and the totals over all of them. The seats on offer are those of
 * published events: a draft sells none yet, and a cancelled event none any more.
 */
export async function dashboard(db: Db, organiserId: string, locale: Locale, now = new Date()) {
  const all = await listEvents(db, organiserId, locale);
  const totals = emptyFigures();
  for (const event of all) {
    for (const key of Object.keys(totals) as (keyof EventFigures)[]) {
      if (key === "capacity" && event.status !== "published") continue;
      totals[key] += event.figures[key];
    }
  }
  return {
    upcoming: all.filter((event) => Date.parse(event.ends_at) >= now.getTime()),
    past: all.filter((event) => Date.parse(event.ends_at) < now.getTime()).reverse(),
    totals,
  };
}

export function ticketTypeView(
  type: typeof eventTicketTypes.$inferSelect,
  now = new Date(),
): PanelTicketType {
  return {
    id: type.id,
    name_de: type.nameDe,
    name_en: type.nameEn,
    price_cents: type.priceCents,
    vat_percent: type.vatPercent,
    capacity: type.capacity,
    sold: type.soldCount,
    sales_start: type.salesStart?.toISOString() ?? null,
    sales_end: type.salesEnd?.toISOString() ?? null,
    max_per_order: type.maxPerOrder,
    sort_order: type.sortOrder,
    closed: type.salesEnd !== null && type.salesEnd <= now,
  };
}

/** One event as the panel edits it, with ticket types, figures and daily sales. */
export async function readEvent(db: Db, organiserId: string, eventId: number): Promise<PanelEvent> {
  const event = await ownedEvent(db, organiserId, eventId);
  const types = await db
    .select()
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(asc(eventTicketTypes.sortOrder), asc(eventTicketTypes.id));
  const figures = await eventFigures(db, [eventId]);
  const day = sql<string>`to_char(coalesce(${orders.paidAt}, ${orders.createdAt}) at time zone ${sql.raw(`'${catalogueTimeZone}'`)}, 'YYYY-MM-DD')`;
  const sales = await db
    .select({
      day,
      tickets: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      gross: sql<number>`coalesce(sum((${orderItems.unitPriceCents} - coalesce(${orderItems.discountCents}, 0)) * ${orderItems.quantity}), 0)::bigint`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, orderItems.ticketTypeId))
    .where(and(settledPaid, eq(eventTicketTypes.eventId, eventId)))
    .groupBy(day)
    .orderBy(day);
  // Gross as the figures count it: the tickets and the service fee each order paid.
  const fees = await db
    .select({ day, fee: sql<number>`coalesce(sum(${orders.feeCents}), 0)::bigint` })
    .from(orders)
    .where(and(settledPaid, eq(orders.eventId, eventId)))
    .groupBy(day);
  const feeOn = new Map(fees.map((row) => [String(row.day), Number(row.fee)]));
  return {
    id: event.id,
    status: event.status,
    slug_de: event.slugDe,
    slug_en: event.slugEn,
    title_de: event.titleDe,
    title_en: event.titleEn,
    description_de: event.descriptionDe,
    description_en: event.descriptionEn,
    category_id: event.categoryId,
    venue_id: event.venueId,
    starts_at: event.startsAt.toISOString(),
    ends_at: event.endsAt.toISOString(),
    age_limit: event.ageLimit,
    cover: coverImage(event.coverImage),
    ticket_types: types.map((type) => ticketTypeView(type)),
    figures: figures.get(eventId)!,
    sales: sales.map((row) => ({
      day: String(row.day),
      tickets: Number(row.tickets),
      gross_cents: Number(row.gross) + (feeOn.get(String(row.day)) ?? 0),
    })),
  };
}

/** The category and venue exist, and the venue is shared or the organiser's own. */
async function checkReferences(
  db: Db,
  organiserId: string,
  input: { category_id?: number; venue_id?: number },
) {
  if (input.category_id !== undefined) {
    const [category] = await db
      .select({ id: eventCategories.id })
      .from(eventCategories)
      .where(eq(eventCategories.id, input.category_id));
    if (!category) throw fieldError("category_id", "unknown_event_category");
  }
  if (input.venue_id !== undefined) {
    const [venue] = await db
      .select({ id: venues.id })
      .from(venues)
      .where(
        and(
          eq(venues.id, input.venue_id),
          or(isNull(venues.organiserId), eq(venues.organiserId, organiserId)),
        ),
      );
    if (!venue) throw fieldError("venue_id", "unknown_venue");
  }
}

const eventColumns = (input: EventUpdate) => {
  const values: Partial<typeof events.$inferInsert> = {};
  if (input.title_de !== undefined) {
    values.titleDe = input.title_de;
    values.slugDe = titleSlug(input.title_de);
  }
  if (input.title_en !== undefined) {
    values.titleEn = input.title_en;
    values.slugEn = titleSlug(input.title_en);
  }
  if (input.description_de !== undefined) values.descriptionDe = input.description_de;
  if (input.description_en !== undefined) values.descriptionEn = input.description_en;
  if (input.category_id !== undefined) values.categoryId = input.category_id;
  if (input.venue_id !== undefined) values.venueId = input.venue_id;
  if (input.starts_at !== undefined) values.startsAt = new Date(input.starts_at);
  if (input.ends_at !== undefined) values.endsAt = new Date(input.ends_at);
  if (input.age_limit !== undefined) values.ageLimit = input.age_limit;
  return values;
};

/** A new draft event; its cover is its category's artwork until one is uploaded. */
export async function createEvent(db: Database, organiserId: string, input: EventInput) {
  await checkReferences(db, organiserId, input);
  if (Date.parse(input.starts_at) <= Date.now()) throw fieldError("starts_at", "starts_in_past");
  const [category] = await db
    .select({ image: eventCategories.image })
    .from(eventCategories)
    .where(eq(eventCategories.id, input.category_id));
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(events)
      .values({
        titleDe: input.title_de,
        titleEn: input.title_en,
        slugDe: titleSlug(input.title_de),
        slugEn: titleSlug(input.title_en),
        descriptionDe: input.description_de,
        descriptionEn: input.description_en,
        categoryId: input.category_id,
        venueId: input.venue_id,
        startsAt: new Date(input.starts_at),
        endsAt: new Date(input.ends_at),
        ageLimit: input.age_limit,
        organiserId,
        coverImage: `${category!.image}-1`,
        status: "draft",
      })
      .returning({ id: events.id });
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId: event!.id,
      action: "event_created",
      details: { title_de: input.title_de, title_en: input.title_en },
    });
    return event!.id;
  });
}

/** Changes fields of an event that is not cancelled; start and end stay in order. */
export async function updateEvent(
  db: Database,
  organiserId: string,
  eventId: number,
  input: EventUpdate,
) {
  await checkReferences(db, organiserId, input);
  await db.transaction(async (tx) => {
    const event = await ownedEvent(tx, organiserId, eventId, { lock: true });
    if (event.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
    const startsAt = input.starts_at ? new Date(input.starts_at) : event.startsAt;
    const endsAt = input.ends_at ? new Date(input.ends_at) : event.endsAt;
    if (endsAt <= startsAt) throw fieldError("ends_at", "end_before_start");
    const now = new Date();
    // An event that took place with tickets sold keeps its time and place: its buyers went, and a
    // new end would put it back on sale. Its texts may still be corrected (the form sends the
    // times unchanged, to the minute). One that sold nothing (a copy of a past event) may move.
    const moved =
      !sameMinute(startsAt, event.startsAt) ||
      !sameMinute(endsAt, event.endsAt) ||
      (input.venue_id !== undefined && input.venue_id !== event.venueId);
    if (moved && event.endsAt <= now && (await ticketsSold(tx, eventId)) > 0) {
      throw new HttpError(409, "conflict", "event_over");
    }
    // A new start must be ahead, as a new event's must; a past event's unchanged one may stay.
    if (!sameMinute(startsAt, event.startsAt) && startsAt <= now) {
      throw fieldError("starts_at", "starts_in_past");
    }
    await tx
      .update(events)
      .set({ ...eventColumns(input), updatedAt: now })
      .where(eq(events.id, eventId));
    // Its ticket holders hear of a new start or venue.
    await scheduleChanged(tx, event, { startsAt, venueId: input.venue_id ?? event.venueId }, now);
    // Door links made to last until the doors close (no hours of their own, still working) move
    // with the end: a postponed event's staff would find them expired before its doors open.
    // Any other link keeps its hours, but never outlasts the doors (`createDoorLink`).
    if (endsAt.getTime() !== event.endsAt.getTime()) {
      const closes = (end: Date) =>
        sql`${new Date(end.getTime() + doorClosesAfterEndMs).toISOString()}::timestamptz`;
      await tx
        .update(doorLinks)
        .set({
          expiresAt: sql`case when ${doorLinks.expiresAt} = ${closes(event.endsAt)}
              and ${doorLinks.expiresAt} > ${now.toISOString()}::timestamptz
            then ${closes(endsAt)} else least(${doorLinks.expiresAt}, ${closes(endsAt)}) end`,
        })
        .where(and(eq(doorLinks.eventId, eventId), isNull(doorLinks.revokedAt)));
    }
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId,
      action: "event_updated",
      details: { fields: Object.keys(input) },
    });
  });
}

/** Tickets of the event sold and not refunded. */
async function ticketsSold(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ sold: sql<number>`coalesce(sum(${eventTicketTypes.soldCount}), 0)::int` })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId));
  return Number(row?.sold);
}

/** Published events are listed and sold; one needs a ticket type and must not be over. */
export async function publishEvent(db: Database, organiserId: string, eventId: number) {
  await db.transaction(async (tx) => {
    const event = await ownedEvent(tx, organiserId, eventId, { lock: true });
    if (event.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
    if (event.status === "published") return;
    if (event.endsAt <= new Date()) throw new HttpError(409, "conflict", "event_over");
    const [types] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(eventTicketTypes)
      .where(eq(eventTicketTypes.eventId, eventId));
    if (!Number(types?.n)) throw new HttpError(409, "conflict", "event_needs_ticket_types");
    await tx
      .update(events)
      .set({ status: "published", updatedAt: new Date() })
      .where(eq(events.id, eventId));
    await audit(tx, { actorId: organiserId, organiserId, eventId, action: "event_published" });
  });
}

/** Back to draft: hidden from the site, no new sales; sold tickets stay valid. */
export async function unpublishEvent(db: Database, organiserId: string, eventId: number) {
  await db.transaction(async (tx) => {
    const event = await ownedEvent(tx, organiserId, eventId, { lock: true });
    if (event.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
    if (event.status === "draft") return;
    await tx
      .update(events)
      .set({ status: "draft", updatedAt: new Date() })
      .where(eq(events.id, eventId));
    await audit(tx, { actorId: organiserId, organiserId, eventId, action: "event_unpublished" });
  });
}

/** A draft copy with the same texts, venue, times and ticket types (nothing sold). */
export async function duplicateEvent(db: Database, organiserId: string, eventId: number) {
  return db.transaction(async (tx) => {
    const source = await ownedEvent(tx, organiserId, eventId);
    // The kept totals (trigger-maintained) start afresh with the copy's own ticket types.
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      ticketsSold: _s,
      priceFrom: _f,
      priceMax: _m,
      scheduleChangedAt: _changed,
      ...copy
    } = source;
    const [event] = await tx
      .insert(events)
      .values({ ...copy, status: "draft", hiddenBySuspension: false })
      .returning({ id: events.id });
    const types = await tx
      .select()
      .from(eventTicketTypes)
      .where(eq(eventTicketTypes.eventId, eventId));
    if (types.length) {
      await tx.insert(eventTicketTypes).values(
        types.map(({ id: _t, eventId: _e, soldCount: _s, ...type }) => ({
          ...type,
          eventId: event!.id,
        })),
      );
    }
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId: event!.id,
      action: "event_duplicated",
      details: { from_event_id: eventId },
    });
    return event!.id;
  });
}

// --- Venues ------------------------------------------------------------------------------

/** Shared venues and the organiser's own, by name. */
export async function listVenues(
  db: Db,
  organiserId: string,
  locale: Locale,
): Promise<PanelVenue[]> {
  const rows = await db
    .select({ venue: venues, city: locale === "en" ? cities.nameEn : cities.nameDe })
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .where(or(isNull(venues.organiserId), eq(venues.organiserId, organiserId)))
    .orderBy(desc(sql`${venues.organiserId} is not null`), asc(venues.name));
  return rows.map(({ venue, city }) => ({
    id: venue.id,
    name: venue.name,
    address_line: venue.addressLine,
    postal_code: venue.postalCode,
    city_id: venue.cityId,
    city_name: city,
    latitude: venue.latitude,
    longitude: venue.longitude,
    own: venue.organiserId !== null,
  }));
}

/** A venue of the organiser's own, in a city of the geo data. */
export async function createVenue(db: Database, organiserId: string, input: VenueInput) {
  const [city] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(eq(cities.id, input.city_id));
  if (!city) throw fieldError("city_id", "unknown_city");
  return db.transaction(async (tx) => {
    const [venue] = await tx
      .insert(venues)
      .values({
        name: input.name,
        addressLine: input.address_line,
        postalCode: input.postal_code,
        cityId: input.city_id,
        latitude: input.latitude,
        longitude: input.longitude,
        organiserId,
      })
      .returning({ id: venues.id });
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      action: "venue_created",
      details: { venue_id: venue!.id, name: input.name },
    });
    return venue!.id;
  });
}

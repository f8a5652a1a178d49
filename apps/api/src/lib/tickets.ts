import { randomBytes } from "node:crypto";
import type { Locale, Order, TicketRecord } from "@eventwerk/contract";
import { asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import {
  cities,
  eventCategories,
  eventLogs,
  events,
  eventTicketTypes,
  orderItems,
  orders,
  tickets,
  venues,
} from "../db/schema.ts";

type Db = Database | Transaction;

/** 128 random bits: a ticket code cannot be guessed from another one. */
export const newTicketCode = () => randomBytes(16).toString("base64url");

const localized = <T extends { de: string; en: string }>(value: T, locale: Locale) =>
  locale === "en" ? value.en : value.de;

/**
 * One page of a user's tickets as ticket records (price, discount, door log, event), newest event first. Scoped to the
 * holder in the query itself, so no other user's ticket can appear.
 */
export async function listTickets(
  db: Db,
  userId: string,
  locale: Locale,
  /** Without a page: all of them (the data export). */
  page?: { page: number; perPage: number },
): Promise<{ data: TicketRecord[]; total: number }> {
  const [totalRow] = await db
    .select({ total: count() })
    .from(tickets)
    .where(eq(tickets.userId, userId));
  const rows = await db
    .select({
      ticket: tickets,
      orderStatus: orders.status,
      type: { id: eventTicketTypes.id, de: eventTicketTypes.nameDe, en: eventTicketTypes.nameEn },
      // The columns the record shows, not the event's descriptions: the dashboard reads every ticket.
      event: {
        id: events.id,
        slugDe: events.slugDe,
        slugEn: events.slugEn,
        titleDe: events.titleDe,
        titleEn: events.titleEn,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        status: events.status,
      },
      venue: { id: venues.id, name: venues.name, cityId: venues.cityId },
      city: { de: cities.nameDe, en: cities.nameEn },
      category: { id: eventCategories.id, de: eventCategories.nameDe, en: eventCategories.nameEn },
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, eventTicketTypes.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(eq(tickets.userId, userId))
    .orderBy(desc(events.startsAt), asc(tickets.id))
    .limit(page ? page.perPage : Number.MAX_SAFE_INTEGER)
    .offset(page ? (page.page - 1) * page.perPage : 0);

  const ids = rows.map((row) => row.ticket.id);
  const logs = ids.length
    ? await db
        .select()
        .from(eventLogs)
        .where(inArray(eventLogs.ticketId, ids))
        .orderBy(asc(eventLogs.createdAt), asc(eventLogs.id))
    : [];

  const data = rows.map(({ ticket, orderStatus, type, event, venue, city, category }) => ({
    id: ticket.id,
    code: ticket.code,
    order_id: ticket.orderId,
    order_status: orderStatus,
    ticket_price: ticket.ticketPriceCents,
    discount_price: ticket.discountCents,
    created_at: ticket.createdAt.toISOString(),
    event_log: logs
      .filter((log) => log.ticketId === ticket.id)
      .map((log) => ({
        id: log.id,
        entry_type: log.entryType,
        created_at: log.createdAt.toISOString(),
      })),
    event_ticket_type: {
      id: type.id,
      name: localized(type, locale),
      event: {
        id: event.id,
        slug: locale === "en" ? event.slugEn : event.slugDe,
        title: locale === "en" ? event.titleEn : event.titleDe,
        date: event.startsAt.toISOString(),
        end_date: event.endsAt.toISOString(),
        status: event.status === "cancelled" ? ("cancelled" as const) : ("published" as const),
        event_venue: {
          id: venue.id,
          name: venue.name,
          city_id: venue.cityId,
          city_name: localized(city, locale),
        },
        event_category: { id: category.id, name: localized(category, locale) },
      },
    },
  }));
  return { data, total: totalRow?.total ?? 0 };
}

/** A user's orders with their items, oldest first (the data export). */
export async function listOrders(db: Db, userId: string, locale: Locale): Promise<Order[]> {
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const ids = orderRows.map((order) => order.id);
  const items = ids.length
    ? await db
        .select({
          item: orderItems,
          type: { de: eventTicketTypes.nameDe, en: eventTicketTypes.nameEn },
          event: { de: events.titleDe, en: events.titleEn },
        })
        .from(orderItems)
        .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, orderItems.ticketTypeId))
        .innerJoin(events, eq(events.id, eventTicketTypes.eventId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.id))
    : [];
  return orderRows.map((order) => ({
    id: order.id,
    status: order.status,
    total_cents: order.totalCents,
    currency: order.currency,
    buyer_name: order.buyerName,
    buyer_email: order.buyerEmail,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    items: items
      .filter(({ item }) => item.orderId === order.id)
      .map(({ item, type, event }) => ({
        ticket_type_id: item.ticketTypeId,
        ticket_type_name: localized(type, locale),
        event_title: localized(event, locale),
        quantity: item.quantity,
        unit_price_cents: item.unitPriceCents,
        discount_cents: item.discountCents,
      })),
  }));
}

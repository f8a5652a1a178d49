import { randomBytes } from "node:crypto";
import type { Locale, Order, TicketRecord } from "@eventwerk/contract";
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import {
  type Database,
  keptStatement,
  localeColumn,
  type Transaction,
  toDate,
} from "../db/client.ts";
import { events, eventTicketTypes, orderItems, orders, tickets } from "../db/schema.ts";

type Db = Database | Transaction;

/** 128 random bits: a ticket code cannot be guessed from another one. */
export const newTicketCode = () => randomBytes(16).toString("base64url");

const localized = <T extends { de: string; en: string }>(value: T, locale: Locale) =>
  locale === "en" ? value.en : value.de;

/**
 * A page of a user's tickets, newest event first, with their door log and the number of all
 * their tickets: one statement per language, built once and named (`keptStatement`), as every
 * signed-in dashboard reads it. Planned on each run, its seven-table join took longer to plan
 * than to run.
 */
const ticketRows = keptStatement(({ locale }: { locale: Locale }) => {
  const userId = sql.placeholder("userId");
  // A refund decided voids the tickets at once (`refunds.ts`): the holder reads it as refunded.
  return sql`select t.id, t.code, t.order_id,
      case when o.refund_requested_at is not null then 'refunded' else o.status::text end
        as order_status, t.ticket_price_cents,
      t.discount_cents, t.created_at, tt.id as type_id,
      ${localeColumn("tt.name", locale)} as type_name, e.id as event_id,
      ${localeColumn("e.slug", locale)} as slug, ${localeColumn("e.title", locale)} as title,
      e.starts_at, e.ends_at, e.status as event_status, v.id as venue_id, v.name as venue_name,
      v.city_id, ${localeColumn("ci.name", locale)} as city_name, c.id as category_id,
      ${localeColumn("c.name", locale)} as category_name,
      (select count(*)::int from tickets mine where mine.user_id = ${userId}) as total,
      (select coalesce(json_agg(json_build_object('id', l.id, 'entry_type', l.entry_type,
          'created_at', l.created_at) order by l.created_at, l.id), '[]')
        from event_logs l where l.ticket_id = t.id) as event_log
    from tickets t
    join orders o on o.id = t.order_id
    join event_ticket_types tt on tt.id = t.ticket_type_id
    join events e on e.id = tt.event_id
    join venues v on v.id = e.venue_id
    join cities ci on ci.id = v.city_id
    join event_categories c on c.id = e.category_id
    where t.user_id = ${userId}
    order by e.starts_at desc, t.id
    limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}`;
});

type TicketRow = {
  id: number;
  code: string;
  order_id: number;
  order_status: TicketRecord["order_status"];
  ticket_price_cents: number;
  discount_cents: number | null;
  created_at: unknown;
  type_id: number;
  type_name: string;
  event_id: number;
  slug: string;
  title: string;
  starts_at: unknown;
  ends_at: unknown;
  event_status: string;
  venue_id: number;
  venue_name: string;
  city_id: number;
  city_name: string;
  category_id: number;
  category_name: string;
  total: number;
  /** Instants as PostgreSQL writes them in JSON (microseconds, an offset). */
  event_log: { id: number; entry_type: "entry" | "exit"; created_at: string }[];
};

/**
 * One page of a user's tickets as ticket records (price, discount, door log, event), newest event
 * first. Scoped to the holder in the query itself, so no other user's ticket can appear.
 */
export async function listTickets(
  db: Database,
  userId: string,
  locale: Locale,
  /** Without a page: all of them (the data export). */
  page?: { page: number; perPage: number },
): Promise<{ data: TicketRecord[]; total: number }> {
  const rows = await ticketRows<TicketRow>(
    db,
    { locale },
    {
      userId,
      limit: page ? page.perPage : Number.MAX_SAFE_INTEGER,
      offset: page ? (page.page - 1) * page.perPage : 0,
    },
  );
  const iso = (value: unknown) => toDate(value).toISOString();
  const data = rows.map((row) => ({
    id: row.id,
    code: row.code,
    order_id: row.order_id,
    order_status: row.order_status,
    ticket_price: row.ticket_price_cents,
    discount_price: row.discount_cents,
    created_at: iso(row.created_at),
    event_log: row.event_log.map((log) => ({
      id: log.id,
      entry_type: log.entry_type,
      created_at: iso(log.created_at),
    })),
    event_ticket_type: {
      id: row.type_id,
      name: row.type_name,
      event: {
        id: row.event_id,
        slug: row.slug,
        title: row.title,
        date: iso(row.starts_at),
        end_date: iso(row.ends_at),
        status: row.event_status === "cancelled" ? ("cancelled" as const) : ("published" as const),
        event_venue: {
          id: row.venue_id,
          name: row.venue_name,
          city_id: row.city_id,
          city_name: row.city_name,
        },
        event_category: { id: row.category_id, name: row.category_name },
      },
    },
  }));
  // A page past the last has no row to carry the count.
  const total = rows[0]?.total ?? (page && page.page > 1 ? await countTickets(db, userId) : 0);
  return { data, total };
}

async function countTickets(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tickets).where(eq(tickets.userId, userId));
  return row?.total ?? 0;
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
    billing_address: order.billingAddress ?? null,
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

import { type SQL, sql } from "drizzle-orm";

/**
 * The one definition of a taken seat, for the checkout's seat check and the catalogue's
 * "remaining" and sold-out alike: sold (a paid ticket, counted in `sold_count`), or held by a
 * pending order whose hold has not run out. An expired hold never counts, whether or not the
 * sweep has closed it yet.
 */

/** Seats of the ticket type `ticketTypeId` (an SQL expression) held now, except one order's. */
export const heldSeats = (ticketTypeId: SQL, now: Date, exceptOrderId: number | null = null) =>
  sql`(select coalesce(sum(oi.quantity), 0)::int
    from order_items oi join orders o on o.id = oi.order_id
    where oi.ticket_type_id = ${ticketTypeId}
      and o.status = 'pending' and o.hold_expires_at > ${now.toISOString()}::timestamptz
      ${exceptOrderId === null ? sql`` : sql`and o.id <> ${exceptOrderId}`})`;

/** Sold plus held seats of the ticket type row aliased `alias` (e.g. `tt`). */
export const takenSeats = (alias: string, now: Date) =>
  sql`(${sql.raw(alias)}.sold_count + ${heldSeats(sql.raw(`${alias}.id`), now)})`;

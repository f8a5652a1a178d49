import { type SQL, sql } from "drizzle-orm";
import { type Instant, timestamptz } from "../db/client.ts";

/**
 * The one definition of a taken seat, for the checkout's seat check and the catalogue's
 * "remaining" and sold-out alike: sold (a paid ticket, counted in `sold_count`), or held by a
 * pending order whose hold has not run out. An expired hold never counts, whether or not the
 * sweep has closed it yet. The held part is the database's `held_seats_of` (migration 0020),
 * which its `take_seats` reads under the ticket types' lock through `held_seats` (counted from
 * the ticket type's held items, `order_items.held_until`, since migration 0018).
 */

/**
 * Seats of the ticket type `ticketTypeId` (an SQL expression) held now, except one order's: from
 * `held_seats_of`, which PostgreSQL inlines into the statement (migration 0020), where a call of
 * the scalar `held_seats` per ticket type cost three times as much.
 */
export const heldSeats = (ticketTypeId: SQL, now: Instant, exceptOrderId: number | null = null) =>
  sql`(select held from held_seats_of(${ticketTypeId}, ${timestamptz(now)}, ${exceptOrderId}::int))`;

/** Sold plus held seats of the ticket type row aliased `alias` (e.g. `tt`). */
export const takenSeats = (alias: string, now: Instant) =>
  sql`(${sql.raw(alias)}.sold_count + ${heldSeats(sql.raw(`${alias}.id`), now)})`;

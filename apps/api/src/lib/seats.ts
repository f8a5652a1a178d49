import { type SQL, sql } from "drizzle-orm";
import { type Instant, timestamptz } from "../db/client.ts";

/**
 * The one definition of a taken seat, for the checkout's seat check and the catalogue's
 * "remaining" and sold-out alike: sold (a paid ticket, counted in `sold_count`), or held by a
 * pending order whose hold has not run out. An expired hold never counts, whether or not the
 * sweep has closed it yet. The held part is the database's `held_seats` (migration 0014), which
 * its `take_seats` uses under the ticket types' lock (read from the ticket type's held items,
 * `order_items.held_until`, since migration 0018).
 */

/** Seats of the ticket type `ticketTypeId` (an SQL expression) held now, except one order's. */
export const heldSeats = (ticketTypeId: SQL, now: Instant, exceptOrderId: number | null = null) =>
  sql`held_seats(${ticketTypeId}, ${timestamptz(now)}, ${exceptOrderId}::int)`;

/** Sold plus held seats of the ticket type row aliased `alias` (e.g. `tt`). */
export const takenSeats = (alias: string, now: Instant) =>
  sql`(${sql.raw(alias)}.sold_count + ${heldSeats(sql.raw(`${alias}.id`), now)})`;

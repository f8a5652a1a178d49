import { and, asc, desc, eq, gt, gte, inArray, lt, lte, notLike, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import * as t from "../db/schema.ts";
import type { TicketSigner } from "../lib/ticket-codes.ts";
import { newTicketCode } from "../lib/tickets.ts";

type Db = Database | Transaction;
const DAY = 86_400_000;
const MINUTE = 60_000;

type Purchase = {
  eventId: number;
  quantity: number;
  boughtAt: Date;
  /** Door scans per ticket: entry, or entry then exit; none for a no-show. */
  scans: readonly ("entry" | "exit")[];
  startsAt: Date;
  endsAt: Date;
};

/**
 * Orders and tickets of the demo visitor: past events (most with door scans, one no-show), two
 * events in the coming three weeks and two later ones, so the account dashboard has real figures.
 */
export async function seedVisitorTickets(
  tx: Db,
  buyer: { userId: string; name: string; email: string; now: Date },
): Promise<number> {
  const now = buyer.now.getTime();
  // Only events the visitor can have bought from: a paid ticket type with room left (the
  // generated catalogue has free and sold-out events; skipping them later left purchases out).
  const published = and(
    eq(t.events.status, "published"),
    sql`exists (select 1 from ${t.eventTicketTypes} tt where tt.event_id = ${t.events.id}
      and tt.price_cents > 0 and tt.sold_count + 2 <= tt.capacity)`,
  );
  const pick = { id: t.events.id, startsAt: t.events.startsAt, endsAt: t.events.endsAt };
  const past = await tx
    .select(pick)
    .from(t.events)
    .where(and(published, lt(t.events.endsAt, new Date(now - DAY))))
    .orderBy(desc(t.events.startsAt))
    .limit(6);
  const soon = await tx
    .select(pick)
    .from(t.events)
    .where(
      and(
        published,
        gte(t.events.startsAt, new Date(now + 2 * DAY)),
        lte(t.events.startsAt, new Date(now + 18 * DAY)),
      ),
    )
    .orderBy(asc(t.events.startsAt))
    .limit(4);
  const later = await tx
    .select(pick)
    .from(t.events)
    .where(
      and(
        published,
        gte(t.events.startsAt, new Date(now + 40 * DAY)),
        lte(t.events.startsAt, new Date(now + 120 * DAY)),
      ),
    )
    .orderBy(asc(t.events.startsAt))
    .limit(6);

  const purchases: Purchase[] = [
    ...past.map((event, index) => ({
      eventId: event.id,
      quantity: index < 2 ? 2 : 1,
      boughtAt: new Date(event.startsAt.getTime() - (10 + index * 3) * DAY),
      scans:
        index === 5 ? [] : index % 2 === 1 ? (["entry", "exit"] as const) : (["entry"] as const),
      startsAt: event.startsAt,
      endsAt: event.endsAt,
    })),
    ...[soon[0], soon[2], later[0], later[3]]
      .filter((event) => event !== undefined)
      .map((event, index) => ({
        eventId: event.id,
        quantity: index === 0 ? 2 : 1,
        boughtAt: new Date(now - [2, 9, 16, 30][index]! * DAY - 5 * 60 * MINUTE),
        scans: [],
        startsAt: event.startsAt,
        endsAt: event.endsAt,
      })),
  ];

  // A paid ticket type with room left, the discounted one when there is one.
  const types = await tx
    .select()
    .from(t.eventTicketTypes)
    .where(
      and(
        inArray(
          t.eventTicketTypes.eventId,
          purchases.map((purchase) => purchase.eventId),
        ),
        gt(t.eventTicketTypes.priceCents, 0),
        sql`${t.eventTicketTypes.soldCount} + 2 <= ${t.eventTicketTypes.capacity}`,
      ),
    )
    .orderBy(
      sql`${t.eventTicketTypes.discountPriceCents} is null`,
      asc(t.eventTicketTypes.sortOrder),
    );

  let created = 0;
  for (const purchase of purchases) {
    const type = types.find((row) => row.eventId === purchase.eventId);
    if (!type) continue;
    const discount =
      type.discountPriceCents === null ? null : type.priceCents - type.discountPriceCents;
    const paid = type.priceCents - (discount ?? 0);
    const [order] = await tx
      .insert(t.orders)
      .values({
        userId: buyer.userId,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        status: "paid",
        eventId: purchase.eventId,
        totalCents: paid * purchase.quantity,
        createdAt: purchase.boughtAt,
        paidAt: purchase.boughtAt,
      })
      .returning({ id: t.orders.id });
    const [item] = await tx
      .insert(t.orderItems)
      .values({
        orderId: order!.id,
        ticketTypeId: type.id,
        quantity: purchase.quantity,
        unitPriceCents: type.priceCents,
        discountCents: discount,
        vatPercent: type.vatPercent,
      })
      .returning({ id: t.orderItems.id });
    const ticketRows = await tx
      .insert(t.tickets)
      .values(
        Array.from({ length: purchase.quantity }, () => ({
          code: newTicketCode(),
          orderId: order!.id,
          orderItemId: item!.id,
          ticketTypeId: type.id,
          userId: buyer.userId,
          ticketPriceCents: type.priceCents,
          discountCents: discount,
          createdAt: purchase.boughtAt,
        })),
      )
      .returning({ id: t.tickets.id });
    const scans = ticketRows.flatMap((ticket, index) =>
      purchase.scans.map((entryType) => ({
        ticketId: ticket.id,
        entryType,
        createdAt:
          entryType === "entry"
            ? new Date(purchase.startsAt.getTime() - (20 - index * 2) * MINUTE)
            : purchase.endsAt,
      })),
    );
    if (scans.length) await tx.insert(t.eventLogs).values(scans);
    await tx
      .update(t.eventTicketTypes)
      .set({ soldCount: sql`${t.eventTicketTypes.soldCount} + ${purchase.quantity}` })
      .where(eq(t.eventTicketTypes.id, type.id));
    created += ticketRows.length;
  }
  return created;
}

/**
 * Gives tickets from before signed codes (the demo data's random codes) a signed code, so every
 * ticket verifies at the door without the database. Runs at start; a signed code has a dot.
 */
export async function signUnsignedTicketCodes(db: Db, signer: TicketSigner): Promise<number> {
  const unsigned = await db
    .select({
      id: t.tickets.id,
      ticketTypeId: t.tickets.ticketTypeId,
      eventId: t.eventTicketTypes.eventId,
    })
    .from(t.tickets)
    .innerJoin(t.eventTicketTypes, eq(t.eventTicketTypes.id, t.tickets.ticketTypeId))
    .where(notLike(t.tickets.code, "%.%"));
  for (const ticket of unsigned) {
    await db
      .update(t.tickets)
      .set({
        code: signer.sign({ tid: ticket.id, eid: ticket.eventId, ttid: ticket.ticketTypeId }),
      })
      .where(eq(t.tickets.id, ticket.id));
  }
  return unsigned.length;
}

/**
 * The door's demo: a concert of the demo organiser that starts within the hour after seeding,
 * with guests' tickets (one order refunded), so the scanner has something to let in today.
 */
export async function seedDoorDemo(
  tx: Db,
  options: { organiserId: string; now: Date },
): Promise<number> {
  const [model] = await tx
    .select()
    .from(t.events)
    .where(eq(t.events.organiserId, options.organiserId))
    .orderBy(asc(t.events.id))
    .limit(1);
  if (!model) return 0;
  const startsAt = new Date(
    Math.ceil((options.now.getTime() + 45 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE,
  );
  const [event] = await tx
    .insert(t.events)
    .values({
      slugDe: "hofkonzert-heute-abend",
      slugEn: "courtyard-concert-tonight",
      titleDe: "Hofkonzert heute Abend",
      titleEn: "Courtyard concert tonight",
      descriptionDe:
        "Ein Abend im Hof der Spreeklang-Bühne: Streichquartett, dann Jazz bis Mitternacht.",
      descriptionEn:
        "An evening in the Spreeklang courtyard: a string quartet, then jazz until midnight.",
      categoryId: model.categoryId,
      venueId: model.venueId,
      organiserId: options.organiserId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 4 * 60 * MINUTE),
      coverImage: model.coverImage,
      status: "published",
    })
    .returning({ id: t.events.id });
  const [type] = await tx
    .insert(t.eventTicketTypes)
    .values({
      eventId: event!.id,
      nameDe: "Stehplatz",
      nameEn: "Standing",
      priceCents: 2400,
      capacity: 120,
      salesStart: new Date(options.now.getTime() - 30 * DAY),
    })
    .returning({ id: t.eventTicketTypes.id });
  const guests = [
    { name: "Mara Schulz", quantity: 2, status: "paid" as const },
    { name: "Tobias Wagner", quantity: 1, status: "paid" as const },
    { name: "Aylin Demir", quantity: 1, status: "paid" as const },
    { name: "Felix Neumann", quantity: 3, status: "paid" as const },
    { name: "Clara Vogel", quantity: 1, status: "refunded" as const },
  ];
  let sold = 0;
  for (const [index, guest] of guests.entries()) {
    const boughtAt = new Date(options.now.getTime() - (index + 2) * DAY);
    const [order] = await tx
      .insert(t.orders)
      .values({
        buyerName: guest.name,
        buyerEmail: `${guest.name.split(" ")[0]!.toLowerCase()}@guests.example`,
        status: guest.status,
        eventId: event!.id,
        subtotalCents: 2400 * guest.quantity,
        totalCents: 2400 * guest.quantity,
        createdAt: boughtAt,
        paidAt: boughtAt,
      })
      .returning({ id: t.orders.id });
    const [item] = await tx
      .insert(t.orderItems)
      .values({
        orderId: order!.id,
        ticketTypeId: type!.id,
        quantity: guest.quantity,
        unitPriceCents: 2400,
      })
      .returning({ id: t.orderItems.id });
    await tx.insert(t.tickets).values(
      Array.from({ length: guest.quantity }, () => ({
        code: newTicketCode(),
        orderId: order!.id,
        orderItemId: item!.id,
        ticketTypeId: type!.id,
        ticketPriceCents: 2400,
        createdAt: boughtAt,
      })),
    );
    if (guest.status === "paid") sold += guest.quantity;
  }
  await tx
    .update(t.eventTicketTypes)
    .set({ soldCount: sold })
    .where(eq(t.eventTicketTypes.id, type!.id));
  return event!.id;
}

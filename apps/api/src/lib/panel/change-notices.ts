import { randomUUID } from "node:crypto";
import type { CheckoutOrder, Locale } from "@eventwerk/contract";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database, Transaction } from "../../db/client.ts";
import { cities, events, orders, organiserProfiles, users, venues } from "../../db/schema.ts";
import { eventDate } from "../checkout/format.ts";
import { t } from "../messages.ts";
import { enqueue, enqueueMail } from "../outbox.ts";
import { audit } from "./audit.ts";

export const eventChangeNoticeJob = "event_change_notice";
export const eventChangeNoticeJobSchema = z.object({ event_id: z.number().int() });

/**
 * Ticket holders hear of a new start or venue this long after the change: an organiser who
 * corrects a typo in the time, or changes it back, sends one notice or none, not one per save.
 */
export const CHANGE_NOTICE_DELAY_MINUTES = 10;

type Schedule = { startsAt: Date; venueId: number };

/**
 * Called in the transaction that changed the event, with its start and venue before and after:
 * keeps what the holders were told (the values before the first change since they were last
 * told) and queues the notice, which sends only what then still differs.
 */
export async function scheduleChanged(
  tx: Transaction,
  event: Schedule & { id: number; announcedStartsAt: Date | null; announcedVenueId: number | null },
  after: Schedule,
) {
  if (after.startsAt.getTime() === event.startsAt.getTime() && after.venueId === event.venueId) {
    return;
  }
  if (event.announcedStartsAt === null || event.announcedVenueId === null) {
    await tx
      .update(events)
      .set({ announcedStartsAt: event.startsAt, announcedVenueId: event.venueId })
      .where(eq(events.id, event.id));
  }
  const runAt = new Date(Date.now() + CHANGE_NOTICE_DELAY_MINUTES * 60_000);
  await enqueue(tx, {
    kind: eventChangeNoticeJob,
    payload: { event_id: event.id },
    // One notice per change: each decides afresh, so a later one finds nothing left to tell.
    dedupKey: `event-change:${event.id}:${randomUUID()}`,
    runAt,
  });
}

/** A venue as a ticket holder finds it: name, street, postcode and city in their language. */
async function venueLines(tx: Transaction, ids: number[]) {
  const rows = await tx
    .select({
      id: venues.id,
      name: venues.name,
      line: venues.addressLine,
      postalCode: venues.postalCode,
      cityDe: cities.nameDe,
      cityEn: cities.nameEn,
    })
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .where(inArray(venues.id, ids));
  return (id: number, locale: Locale) => {
    const venue = rows.find((row) => row.id === id)!;
    const city = locale === "en" ? venue.cityEn : venue.cityDe;
    return `${venue.name}, ${venue.line}, ${venue.postalCode} ${city}`;
  };
}

/**
 * The notice job: under the event's lock, compares its start and venue with what the holders of
 * its paid orders were told, queues a mail per order in the order's language with what changed
 * (the organiser's address to reply to), and records that they now know. Nothing when it is
 * back as they were told, or cancelled (the cancellation has its own mail).
 */
export async function sendChangeNotices(
  db: Database,
  job: { id: number; eventId: number },
  options: {
    site: string;
    /** The order's return page, which its token opens for a guest too. */
    statusUrl: (order: Pick<CheckoutOrder, "id" | "created_at">, locale: Locale) => string;
  },
): Promise<number> {
  const { eventId } = job;
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        status: events.status,
        startsAt: events.startsAt,
        venueId: events.venueId,
        announcedStartsAt: events.announcedStartsAt,
        announcedVenueId: events.announcedVenueId,
        titleDe: events.titleDe,
        titleEn: events.titleEn,
        organiserId: events.organiserId,
      })
      .from(events)
      .where(eq(events.id, eventId))
      .for("update");
    if (!event || event.status === "cancelled") return 0;
    const told = {
      startsAt: event.announcedStartsAt ?? event.startsAt,
      venueId: event.announcedVenueId ?? event.venueId,
    };
    const newStart = told.startsAt.getTime() !== event.startsAt.getTime();
    const newVenue = told.venueId !== event.venueId;
    if (!newStart && !newVenue) return 0;

    const paid = await tx
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        locale: orders.locale,
        name: orders.buyerName,
        email: orders.buyerEmail,
      })
      .from(orders)
      .where(and(eq(orders.eventId, eventId), eq(orders.status, "paid")));
    const [organiser] = await tx
      .select({
        email: users.email,
        name: users.name,
        surname: users.surname,
        company: organiserProfiles.companyName,
      })
      .from(users)
      .leftJoin(organiserProfiles, eq(organiserProfiles.userId, users.id))
      .where(eq(users.id, event.organiserId));
    const venue = await venueLines(tx, [told.venueId, event.venueId]);
    const organiserName = organiser?.company ?? `${organiser?.name} ${organiser?.surname}`;
    for (const order of paid) {
      if (!order.email.includes("@")) continue;
      const locale = order.locale;
      const title = locale === "en" ? event.titleEn : event.titleDe;
      const changes = [
        newStart &&
          t(locale, "event_change_mail_date", {
            date: eventDate(event.startsAt.toISOString(), locale),
            before: eventDate(told.startsAt.toISOString(), locale),
          }),
        newVenue &&
          t(locale, "event_change_mail_venue", {
            venue: venue(event.venueId, locale),
            before: venue(told.venueId, locale),
          }),
      ].filter((line): line is string => typeof line === "string");
      await enqueueMail(
        tx,
        {
          to: order.email,
          subject: t(locale, "event_change_mail_subject", { event: title, site: options.site }),
          text: t(locale, "event_change_mail_text", {
            name: order.name,
            event: title,
            changes: changes.join("\n"),
            order: order.id,
            link: options.statusUrl(
              { id: order.id, created_at: order.createdAt.toISOString() },
              locale,
            ),
            organiser: organiserName,
            site: options.site,
          }),
          ...(organiser ? { replyTo: organiser.email } : {}),
        },
        `event-change:${job.id}:${order.id}`,
      );
    }
    await tx
      .update(events)
      .set({ announcedStartsAt: event.startsAt, announcedVenueId: event.venueId })
      .where(eq(events.id, eventId));
    if (paid.length > 0) {
      await audit(tx, {
        actorId: null,
        organiserId: event.organiserId,
        eventId,
        action: "event_change_announced",
        details: { orders: paid.length, starts_at: newStart, venue: newVenue },
      });
    }
    return paid.length;
  });
}

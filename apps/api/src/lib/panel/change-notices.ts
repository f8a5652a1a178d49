import { randomUUID } from "node:crypto";
import { type CheckoutOrder, type Locale, locales } from "@eventwerk/contract";
import { and, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Transaction } from "../../db/client.ts";
import { cities, events, orders, organiserProfiles, users, venues } from "../../db/schema.ts";
import { calendarAttachment, eventCalendar } from "../catalogue-ics.ts";
import { findEvent } from "../catalogue-queries.ts";
import { eventDate } from "../checkout/format.ts";
import type { Mailer } from "../mailer.ts";
import { t } from "../messages.ts";
import { enqueue, mailJobSchema } from "../outbox.ts";
import { deliverable } from "../users.ts";
import { audit } from "./audit.ts";

export const eventChangeNoticeJob = "event_change_notice";
export const eventChangeNoticeJobSchema = z.object({
  event_id: z.number().int(),
  /** When the change was saved: a later change's notice tells instead. */
  changed_at: z.iso.datetime(),
});

/**
 * One buyer's notice: a finished mail, and the event whose calendar file it carries. The file
 * (with the confirmation's UID, so an imported entry moves) is made when the mail goes out, as
 * the confirmation's is: the job stays small however long the description.
 */
export const eventChangeMailJob = "event_change_mail";
export const eventChangeMailJobSchema = mailJobSchema.extend({
  calendar: z.object({ event_id: z.number().int(), locale: z.enum(locales) }).nullable(),
});

export async function sendChangeMail(
  db: Database,
  mailer: Mailer,
  payload: unknown,
  options: { site: string; publicUrl: string },
) {
  const { calendar, ...mail } = eventChangeMailJobSchema.parse(payload);
  const record =
    calendar &&
    (await findEvent(db, calendar.event_id, calendar.locale, new Date(), { drafts: true }));
  const file =
    record &&
    calendarAttachment(
      eventCalendar(record, {
        publicUrl: options.publicUrl,
        siteName: options.site,
        locale: calendar.locale,
      }),
    );
  await mailer.send({ ...mail, ...(file ? { attachments: [file] } : {}) });
}

/**
 * Ticket holders hear of a new start or venue this long after the organiser's last change of
 * either: a time corrected, or changed back, within it sends one notice or none.
 */
export const CHANGE_NOTICE_DELAY_MINUTES = 10;

type Schedule = { startsAt: Date; venueId: number };

/**
 * Starts are told to the minute: the panel's form sends whole minutes, and an event made through
 * the API with seconds is not "moved" by saving its title there.
 */
const minute = (date: Date) => Math.floor(date.getTime() / 60_000);
export const sameMinute = (a: Date, b: Date) => minute(a) === minute(b);

/**
 * Called in the transaction that changed the event, with its start and venue before and after:
 * stamps the change and queues its notice.
 */
export async function scheduleChanged(
  tx: Transaction,
  event: Schedule & { id: number },
  after: Schedule,
  now: Date,
) {
  if (sameMinute(after.startsAt, event.startsAt) && after.venueId === event.venueId) return;
  await tx.update(events).set({ scheduleChangedAt: now }).where(eq(events.id, event.id));
  await enqueue(tx, {
    kind: eventChangeNoticeJob,
    payload: { event_id: event.id, changed_at: now.toISOString() },
    dedupKey: `event-change:${event.id}:${randomUUID()}`,
    runAt: new Date(now.getTime() + CHANGE_NOTICE_DELAY_MINUTES * 60_000),
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
 * The notice job. Unless a later change's notice is to come, every paid order whose buyer was
 * told another start or venue than the event's now (by the confirmation, or an earlier notice)
 * gets a mail in the order's language with what changed and the event's calendar file (the
 * organiser's address to reply to), and is stamped as told, in one transaction. The orders are
 * claimed by that stamp, so a job run twice, or two at once, tell each buyer once; the event's
 * row is not locked, so its sales go on.
 * Nothing once the event is cancelled (the cancellation has its own mail).
 */
export async function sendChangeNotices(
  db: Database,
  job: { id: number; eventId: number; changedAt: Date },
  options: {
    site: string;
    /** The order's return page, which its token opens for a guest too. */
    statusUrl: (order: Pick<CheckoutOrder, "id" | "created_at">, locale: Locale) => string;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        status: events.status,
        startsAt: events.startsAt,
        venueId: events.venueId,
        scheduleChangedAt: events.scheduleChangedAt,
        titleDe: events.titleDe,
        titleEn: events.titleEn,
        organiserId: events.organiserId,
      })
      .from(events)
      .where(eq(events.id, job.eventId))
      // A save or a cancellation waits for the notice, or it for them (both lock the row for
      // update); sales do not (`sell_seats` and the kept totals take a weaker lock).
      .for("key share");
    if (!event || event.status === "cancelled") return 0;
    // The notice of the last change (or of a payment after it) tells; one saved over gives way.
    if (event.scheduleChangedAt?.getTime() !== job.changedAt.getTime()) return 0;

    const due = tx.$with("due").as(
      tx
        .select({
          id: orders.id,
          beforeStart: orders.toldStartsAt,
          beforeVenue: orders.toldVenueId,
        })
        .from(orders)
        .where(
          and(
            eq(orders.eventId, job.eventId),
            eq(orders.status, "paid"),
            isNotNull(orders.toldStartsAt),
            isNotNull(orders.toldVenueId),
            or(
              sql`date_trunc('minute', ${orders.toldStartsAt}) <> date_trunc('minute', ${event.startsAt.toISOString()}::timestamptz)`,
              ne(orders.toldVenueId, event.venueId),
            ),
          ),
        )
        .for("update"),
    );
    const told = await tx
      .with(due)
      .update(orders)
      .set({ toldStartsAt: event.startsAt, toldVenueId: event.venueId })
      .from(due)
      .where(eq(orders.id, due.id))
      .returning({
        id: orders.id,
        createdAt: orders.createdAt,
        locale: orders.locale,
        name: orders.buyerName,
        email: orders.buyerEmail,
        beforeStart: due.beforeStart,
        beforeVenue: due.beforeVenue,
      });
    if (told.length === 0) return 0;

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
    const venue = await venueLines(tx, [
      ...new Set([event.venueId, ...told.map((order) => order.beforeVenue!)]),
    ]);
    const organiserName = organiser?.company ?? `${organiser?.name} ${organiser?.surname}`;
    for (const order of told) {
      if (!deliverable(order.email)) continue;
      const locale = order.locale;
      const title = locale === "en" ? event.titleEn : event.titleDe;
      const changes = [
        minute(order.beforeStart!) !== minute(event.startsAt) &&
          t(locale, "event_change_mail_date", {
            date: eventDate(event.startsAt.toISOString(), locale),
            before: eventDate(order.beforeStart!.toISOString(), locale),
          }),
        order.beforeVenue !== event.venueId &&
          t(locale, "event_change_mail_venue", {
            venue: venue(event.venueId, locale),
            before: venue(order.beforeVenue!, locale),
          }),
      ].filter((line): line is string => typeof line === "string");
      // The file is made when the mail goes out; a draft's event is not in the catalogue.
      const calendar = event.status === "published";
      if (calendar) changes.push("", t(locale, "event_change_mail_calendar"));
      await enqueue(tx, {
        kind: eventChangeMailJob,
        dedupKey: `event-change:${job.id}:${order.id}`,
        payload: {
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
          calendar: calendar ? { event_id: job.eventId, locale } : null,
        } satisfies z.input<typeof eventChangeMailJobSchema>,
      });
    }
    await audit(tx, {
      actorId: null,
      organiserId: event.organiserId,
      eventId: job.eventId,
      action: "event_change_announced",
      details: { orders: told.length },
    });
    return told.length;
  });
}

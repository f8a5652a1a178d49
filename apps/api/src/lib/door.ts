import { createHash, randomBytes } from "node:crypto";
import {
  type CreateDoorLink,
  type DoorCounters,
  type DoorEvent,
  type DoorLink,
  type DoorLogEntry,
  type DoorTicket,
  doorClosesAfterEndMs,
  type doorEventsQuerySchema,
  doorLinkRefusal,
  doorLinksPerEventMax,
  doorOpensBeforeStartMs,
  type EntryType,
  type Locale,
  pageMeta,
  type Scan,
  type ScanOutcome,
  type ScanResult,
  type TicketKey,
  verifyTicketCode,
} from "@eventwerk/contract";
import { and, asc, count, desc, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Transaction } from "../db/client.ts";
import {
  doorCounts,
  doorLinks,
  doorScans,
  eventLogs,
  events,
  eventTicketTypes,
  orders,
  tickets,
} from "../db/schema.ts";
import { HttpError, notFound } from "./http-error.ts";
import { ownedEvent, refuseBeyond } from "./panel/events.ts";
import { seal, unseal } from "./secrets.ts";
import { isSignedTicketCode } from "./ticket-codes.ts";

type Db = Database | Transaction;

/** Who scans: a door link of one event, as its guard found it. */
export type DoorAuth = {
  linkId: number;
  eventId: number;
  gate: string | null;
  mode: "entry" | "entry_exit";
  expiresAt: Date | null;
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
/** Door-link secrets carry a prefix, so they cannot be mistaken for (or tried as) a user token. */
export const doorTokenPrefix = "door_";
export const isDoorToken = (token: string) =>
  token.startsWith(doorTokenPrefix) && /^door_[\w-]{43}$/.test(token);

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toDoorLink = (row: typeof doorLinks.$inferSelect, token?: string): DoorLink => ({
  id: row.id,
  event_id: row.eventId,
  gate: row.gate,
  mode: row.mode,
  expires_at: iso(row.expiresAt),
  revoked_at: iso(row.revokedAt),
  created_at: row.createdAt.toISOString(),
  ...(token ? { token } : {}),
});

const toDoorEvent = (
  event: typeof events.$inferSelect,
  hasSoldTickets: boolean,
  locale: Locale,
): DoorEvent => ({
  id: event.id,
  title: locale === "en" ? event.titleEn : event.titleDe,
  starts_at: event.startsAt.toISOString(),
  ends_at: event.endsAt.toISOString(),
  status: event.status,
  has_sold_tickets: hasSoldTickets,
});

/**
 * Whether the event (an outer query's `events` row) has tickets sold and not refunded. Named in
 * full: drizzle leaves a single table's columns unqualified, and `id` would be the inner table's.
 */
const soldTickets = sql<boolean>`exists (select from event_ticket_types tt
  where tt.event_id = "events"."id" and tt.sold_count > 0)`;

async function hasSoldTickets(db: Db, eventId: number): Promise<boolean> {
  const [row] = await db.select({ sold: soldTickets }).from(events).where(eq(events.id, eventId));
  return row?.sold ?? false;
}

/**
 * A page of the organiser's events: upcoming ones (published, or drafts with tickets sold; doors
 * not closed yet; soonest first), or past ones whose doors have closed (any but drafts without
 * tickets sold, whose doors never opened; latest first), so their scan logs stay reachable.
 */
export async function doorEvents(
  db: Db,
  userId: string,
  locale: Locale,
  query: z.output<typeof doorEventsQuerySchema>,
  now = new Date(),
) {
  const closedBefore = new Date(now.getTime() - doorClosesAfterEndMs);
  const where =
    query.when === "past"
      ? and(
          eq(events.organiserId, userId),
          or(ne(events.status, "draft"), soldTickets),
          lte(events.endsAt, closedBefore),
        )
      : and(
          eq(events.organiserId, userId),
          or(eq(events.status, "published"), and(eq(events.status, "draft"), soldTickets)),
          gt(events.endsAt, closedBefore),
        );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ event: events, sold: soldTickets })
      .from(events)
      .where(where)
      .orderBy(
        query.when === "past" ? desc(events.startsAt) : asc(events.startsAt),
        query.when === "past" ? desc(events.id) : asc(events.id),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(events).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    data: rows.map((row) => toDoorEvent(row.event, row.sold, locale)),
    meta: pageMeta(query, total),
  };
}

export async function listDoorLinks(db: Db, userId: string, eventId: number): Promise<DoorLink[]> {
  await ownedEvent(db, userId, eventId);
  const rows = await db
    .select()
    .from(doorLinks)
    .where(eq(doorLinks.eventId, eventId))
    .orderBy(desc(doorLinks.createdAt), desc(doorLinks.id));
  return rows.map((row) => toDoorLink(row));
}

/**
 * The link an earlier call with this Idempotency-Key made, with its secret unsealed by the key;
 * null when there is none. The key is the caller's: it names no other organiser's link. Asked
 * for another event, gate or mode, it is refused; so is a retry once the link no longer works
 * (its secret is gone then), rather than show a dead link as a new one.
 */
async function linkOfKey(
  db: Db,
  userId: string,
  request: { eventId: number; input: CreateDoorLink; key: string },
  now: Date,
) {
  const [row] = await db
    .select()
    .from(doorLinks)
    .where(
      and(
        eq(doorLinks.createdBy, userId),
        eq(doorLinks.idempotencyKeyHash, hashToken(request.key)),
      ),
    );
  if (!row) return null;
  if (
    row.eventId !== request.eventId ||
    row.gate !== (request.input.gate ?? null) ||
    row.mode !== request.input.mode
  ) {
    throw new HttpError(409, "idempotency_key_reused");
  }
  const token = row.sealedToken && unseal(row.sealedToken, request.key);
  if (!token || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) {
    throw new HttpError(409, "door_link_key_used");
  }
  return toDoorLink(row, token);
}

/**
 * A new link with its secret, answered once; it expires when asked, at the latest when the doors
 * close.
 * A retry with the same Idempotency-Key (a reloaded form, a double click) answers the link the
 * first call made, secret included, and makes no second one. An event has at most
 * `doorLinksPerEventMax` links, revoked ones included, so its door screen's list stays short.
 */
export async function createDoorLink(
  db: Database,
  userId: string,
  eventId: number,
  input: CreateDoorLink,
  idempotencyKey?: string,
  now = new Date(),
): Promise<DoorLink> {
  const retry = idempotencyKey ? { eventId, input, key: idempotencyKey } : null;
  const token = `${doorTokenPrefix}${randomBytes(32).toString("base64url")}`;
  const made = await db.transaction(async (tx) => {
    // Under the event's lock: two creates at once cannot both take the last place, and a retry
    // with the same key waits for the first call and answers its link.
    const event = await ownedEvent(tx, userId, eventId, { lock: true });
    const earlier = retry ? await linkOfKey(tx, userId, retry, now) : null;
    if (earlier) return earlier;
    const hasSold = event.status === "draft" && (await hasSoldTickets(tx, eventId));
    const refusal = doorLinkRefusal({ ...event, hasSoldTickets: hasSold }, now);
    if (refusal) {
      throw new HttpError(
        409,
        "door_closed",
        refusal === "closed" ? "door_closed" : `door_closed_${refusal}`,
      );
    }
    await refuseBeyond(
      tx,
      doorLinks,
      doorLinks.eventId,
      eventId,
      doorLinksPerEventMax,
      "door_link_limit",
    );
    // Never beyond the doors' closing: the link reads the buyers' names, needed at the door only.
    const closes = new Date(event.endsAt.getTime() + doorClosesAfterEndMs);
    const expiresAt = input.expires_in_hours
      ? new Date(Math.min(now.getTime() + input.expires_in_hours * 3_600_000, closes.getTime()))
      : closes;
    const [row] = await tx
      .insert(doorLinks)
      .values({
        eventId,
        createdBy: userId,
        tokenHash: hashToken(token),
        gate: input.gate ?? null,
        mode: input.mode,
        expiresAt,
        ...(idempotencyKey
          ? {
              idempotencyKeyHash: hashToken(idempotencyKey),
              sealedToken: seal(token, idempotencyKey),
            }
          : {}),
      })
      // The same key at once for another event (another lock): the second inserts nothing.
      .onConflictDoNothing({ target: [doorLinks.createdBy, doorLinks.idempotencyKeyHash] })
      .returning();
    return row ? toDoorLink(row, token) : null;
  });
  if (made) return made;
  const other = retry ? await linkOfKey(db, userId, retry, now) : null;
  if (!other) throw new Error("A door link's insert conflicted without an Idempotency-Key");
  return other;
}

/** Revoking twice keeps the first moment; another organiser's link is 404. */
export async function revokeDoorLink(db: Db, userId: string, linkId: number): Promise<DoorLink> {
  const [link] = await db
    .select({ link: doorLinks })
    .from(doorLinks)
    .innerJoin(events, eq(events.id, doorLinks.eventId))
    .where(and(eq(doorLinks.id, linkId), eq(events.organiserId, userId)));
  if (!link) throw notFound();
  const [row] = await db
    .update(doorLinks)
    // A revoked link's secret is kept no longer, sealed or not.
    .set({ revokedAt: sql`coalesce(${doorLinks.revokedAt}, now())`, sealedToken: null })
    .where(eq(doorLinks.id, linkId))
    .returning();
  return toDoorLink(row!);
}

/** The live link behind a token; a revoked or expired one is refused at its next request. */
export async function doorLinkByToken(db: Db, token: string, now = new Date()): Promise<DoorAuth> {
  if (!isDoorToken(token)) throw new HttpError(401, "invalid_token");
  const [link] = await db
    .select()
    .from(doorLinks)
    .where(eq(doorLinks.tokenHash, hashToken(token)));
  if (!link) throw new HttpError(401, "invalid_token");
  if (link.revokedAt || (link.expiresAt && link.expiresAt <= now)) {
    throw new HttpError(401, "door_link_invalid");
  }
  return {
    linkId: link.id,
    eventId: link.eventId,
    gate: link.gate,
    mode: link.mode,
    expiresAt: link.expiresAt,
  };
}

export async function doorEvent(db: Db, eventId: number, locale: Locale) {
  const [row] = await db
    .select({ event: events, sold: soldTickets })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) throw notFound();
  return toDoorEvent(row.event, row.sold, locale);
}

/**
 * Inside now, entered in total, capacity: sums of the event's kept counts (migration 0013), so a
 * scan's answer costs the same however many tickets were sold and scanned.
 */
export async function doorCounters(db: Db, eventId: number): Promise<DoorCounters> {
  const result = await db.execute(sql`
    select
      (select coalesce(sum(${doorCounts.inside}), 0) from ${doorCounts}
        where ${doorCounts.eventId} = ${eventId})::int as inside,
      (select coalesce(sum(${doorCounts.entered}), 0) from ${doorCounts}
        where ${doorCounts.eventId} = ${eventId})::int as entered,
      (select coalesce(sum(${eventTicketTypes.capacity}), 0) from ${eventTicketTypes}
        where ${eventTicketTypes.eventId} = ${eventId})::int as capacity`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    inside: Number(row?.inside ?? 0),
    entered: Number(row?.entered ?? 0),
    capacity: Number(row?.capacity ?? 0),
  };
}

/** The event's tickets as the offline scanner keeps them: id, type, buyer name, status, last move. */
export async function doorTickets(db: Db, eventId: number, locale: Locale): Promise<DoorTicket[]> {
  const rows = await db
    .select({
      id: tickets.id,
      typeDe: eventTicketTypes.nameDe,
      typeEn: eventTicketTypes.nameEn,
      name: orders.buyerName,
      // A refund decided is as good as done at the door (`refunds.ts`).
      valid: sql<boolean>`${orders.status} = 'paid' and ${orders.refundRequestedAt} is null`,
      last: sql<
        string | null
      >`(select ${eventLogs.entryType} || ' ' || to_char(${eventLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from ${eventLogs} where ${eventLogs.ticketId} = ${tickets.id}
        order by ${eventLogs.createdAt} desc, ${eventLogs.id} desc limit 1)`,
    })
    .from(tickets)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(asc(tickets.id));
  return rows.map((row) => {
    const [entryType, at] = row.last?.split(" ") ?? [];
    return {
      id: row.id,
      ticket_type: locale === "en" ? row.typeEn : row.typeDe,
      name: row.name || null,
      status: row.valid ? "valid" : "cancelled",
      last: entryType && at ? { entry_type: entryType as EntryType, at } : null,
    };
  });
}

type TicketFound = { id: number; ticketType: string; name: string | null };

const toOutcome = (
  scan: Pick<typeof doorScans.$inferSelect, "scanId" | "result" | "entryType" | "scannedAt">,
  ticket: TicketFound | null,
  entered: ScanOutcome["entered"],
): ScanOutcome => ({
  scan_id: scan.scanId,
  result: scan.result,
  entry_type: scan.entryType,
  ticket: ticket && { id: ticket.id, ticket_type: ticket.ticketType, name: ticket.name },
  entered,
  scanned_at: scan.scannedAt.toISOString(),
});

/** The outcome of a scan recorded earlier (a resend) or rewritten (first by time wins). */
async function outcomeOf(
  db: Db,
  scan: Pick<typeof doorScans.$inferSelect, "scanId" | "result" | "entryType" | "scannedAt"> & {
    ticketId: number | null;
  },
  locale: Locale,
): Promise<ScanOutcome> {
  let ticket: TicketFound | null = null;
  let entered: ScanOutcome["entered"] = null;
  if (scan.ticketId !== null) {
    const [row] = await db
      .select({
        id: tickets.id,
        de: eventTicketTypes.nameDe,
        en: eventTicketTypes.nameEn,
        name: orders.buyerName,
      })
      .from(tickets)
      .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(eq(tickets.id, scan.ticketId));
    if (row) {
      ticket = {
        id: row.id,
        ticketType: locale === "en" ? row.en : row.de,
        name: row.name || null,
      };
    }
    if (scan.result === "already_inside" || scan.result === "duplicate") {
      const [entry] = await db
        .select({ at: eventLogs.createdAt, gate: doorScans.gate })
        .from(eventLogs)
        .leftJoin(doorScans, eq(doorScans.id, eventLogs.doorScanId))
        .where(
          and(
            eq(eventLogs.ticketId, scan.ticketId),
            eq(eventLogs.entryType, "entry"),
            // The entry before this scan, as its first answer named it.
            lte(eventLogs.createdAt, scan.scannedAt),
          ),
        )
        .orderBy(desc(eventLogs.createdAt), desc(eventLogs.id))
        .limit(1);
      if (entry) entered = { at: entry.at.toISOString(), gate: entry.gate ?? null };
    }
  }
  return toOutcome(scan, ticket, entered);
}

/** What `door_scan` (migration 0038) answers: the recorded scan, the ticket and the counters. */
type DoorScanRow = {
  scan_pk: number;
  scan_id: string;
  result: ScanResult;
  entry_type: EntryType;
  scanned_at: Date | string;
  ticket_id: number | null;
  answered: boolean;
  type_de: string | null;
  type_en: string | null;
  buyer_name: string | null;
  entered_at: Date | string | null;
  entered_gate: string | null;
  inside: number;
  entered: number;
  capacity: number;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Checks one scanned code for the link's event and records it, accepted or not, with the
 * database function `door_scan` (migration 0038): one statement that locks the ticket's row, so
 * two scanners reading the same ticket at the same moment let it in once, and answers with the
 * live counters. A scan id that was recorded answers its outcome again (an online scan's never
 * changes). An offline scan has the ticket's offline scans from its time on judged again in the
 * order they were made (`door_replay`, migration 0038): of two offline entries without an exit
 * between them, the first is valid and the other a duplicate, whichever arrived first.
 */
export async function recordScan(
  db: Database,
  keys: readonly TicketKey[],
  door: DoorAuth,
  scan: Scan & { device?: string },
  options: { offline: boolean; locale: Locale; now?: Date },
): Promise<{ outcome: ScanOutcome; counters: DoorCounters }> {
  // An offline scan keeps its device's time, never later than now, so that no move waits in the
  // future of the others. An online scan is recorded at the database's time once its ticket is
  // locked (`door_scan`): a phone whose clock runs behind would put a new move before older ones.
  const now = options.now ?? new Date();
  const scannedAt =
    options.offline && scan.scanned_at
      ? new Date(Math.min(Date.parse(scan.scanned_at), now.getTime()))
      : now;
  // The signature needs no database: checked before the statement, so locks are held briefly.
  const payload = isSignedTicketCode(scan.code) ? await verifyTicketCode(scan.code, keys) : null;
  const refused: ScanResult | null = !isSignedTicketCode(scan.code)
    ? "unknown_code"
    : !payload
      ? "invalid_signature"
      : payload.eid !== door.eventId
        ? "other_event"
        : null;
  const result = await db.execute(sql`
    select * from door_scan(${scan.scan_id}::uuid, ${door.eventId}::int, ${door.linkId}::int,
      ${door.gate}::text, ${scan.device ?? null}::text, ${options.offline}::boolean,
      ${scan.entry_type}::entry_type, ${scannedAt.toISOString()}::timestamptz,
      ${payload?.tid ?? null}::int, ${scan.code}::text, ${refused}::scan_result,
      ${doorOpensBeforeStartMs}::bigint, ${doorClosesAfterEndMs}::bigint,
      ${options.offline ? (scan.decided ?? null) : null}::scan_result)`);
  const row = (result as unknown as { rows: DoorScanRow[] }).rows[0]!;
  const recorded = {
    scanId: row.scan_id,
    result: row.result,
    entryType: row.entry_type,
    scannedAt: asDate(row.scanned_at),
    ticketId: row.ticket_id,
  };
  const counters = { inside: row.inside, entered: row.entered, capacity: row.capacity };
  if (!row.answered) return { outcome: await outcomeOf(db, recorded, options.locale), counters };
  const ticket = row.ticket_id !== null && {
    id: row.ticket_id,
    ticketType: (options.locale === "en" ? row.type_en : row.type_de) ?? "",
    name: row.buyer_name || null,
  };
  const entered = row.entered_at && {
    at: asDate(row.entered_at).toISOString(),
    gate: row.entered_gate,
  };
  return { outcome: toOutcome(recorded, ticket || null, entered || null), counters };
}

/** Every scan of the organiser's event, newest first (at most `limit`). */
export async function doorLog(
  db: Db,
  userId: string,
  eventId: number,
  locale: Locale,
  limit = 500,
) {
  const event = await ownedEvent(db, userId, eventId);
  const rows = await db
    .select()
    .from(doorScans)
    .where(eq(doorScans.eventId, eventId))
    .orderBy(desc(doorScans.scannedAt), desc(doorScans.id))
    .limit(limit);
  const log: DoorLogEntry[] = rows.map((row) => ({
    id: row.id,
    scan_id: row.scanId,
    ticket_id: row.ticketId,
    result: row.result,
    entry_type: row.entryType,
    gate: row.gate,
    device: row.device,
    offline: row.offline,
    scanned_at: row.scannedAt.toISOString(),
  }));
  return { data: log, event: toDoorEvent(event, await hasSoldTickets(db, eventId), locale) };
}

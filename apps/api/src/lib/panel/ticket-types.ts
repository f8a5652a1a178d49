import {
  type PanelVoucher,
  type TicketTypeInput,
  type TicketTypeUpdate,
  ticketTypesPerEventMax,
  type VoucherInput,
  vatPercent,
  vouchersPerEventMax,
} from "@eventwerk/contract";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "../../db/client.ts";
import { events, eventTicketTypes, orderItems, vouchers } from "../../db/schema.ts";
import { fieldError, HttpError, notFound } from "../http-error.ts";
import { heldSeats } from "../seats.ts";
import { audit } from "./audit.ts";
import { ownedEvent, refuseBeyond, ticketTypeView } from "./events.ts";

type Db = Database | Transaction;

/** A start column moved back to `now` if it lies ahead (null stays null). */
const notAfter = (column: AnyPgColumn, now: Date) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`case when ${column} > ${at} then ${at} else ${column} end`;
};

/**
 * The organiser's ticket type, locked as the checkout's `take_seats` locks it (NO KEY UPDATE, which
 * the key-share locks of new order items do not wait for): a quota change and a sale never see
 * each other half done.
 */
async function lockOwnedType(tx: Db, organiserId: string, typeId: number) {
  const [row] = await tx
    .select({ type: eventTicketTypes, event: events })
    .from(eventTicketTypes)
    .innerJoin(events, eq(events.id, eventTicketTypes.eventId))
    .where(and(eq(eventTicketTypes.id, typeId), eq(events.organiserId, organiserId)))
    .for("no key update", { of: eventTicketTypes });
  if (!row) throw notFound();
  return row;
}

/**
 * A sale window the event can hold: the sale cannot start once the event is over, and stops with
 * its end anyway (the catalogue closes it then), so a later end would only mislead buyers.
 */
function checkSaleWindow(
  event: { endsAt: Date },
  window: { sales_start?: string | null; sales_end?: string | null },
) {
  if (window.sales_start && Date.parse(window.sales_start) >= event.endsAt.getTime()) {
    throw fieldError("sales_start", "sales_start_after_event");
  }
  if (window.sales_end && Date.parse(window.sales_end) > event.endsAt.getTime()) {
    throw fieldError("sales_end", "sales_end_after_event");
  }
}

/** Seats of a type held by unpaid orders whose hold still runs (they count against the quota). */
async function heldSeatsOf(tx: Db, typeId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ held: heldSeats(sql`${eventTicketTypes.id}`, now) })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.id, typeId));
  return Number(row?.held ?? 0);
}

const typeColumns = (input: TicketTypeUpdate) => {
  const values: Partial<typeof eventTicketTypes.$inferInsert> = {};
  if (input.name_de !== undefined) values.nameDe = input.name_de;
  if (input.name_en !== undefined) values.nameEn = input.name_en;
  if (input.price_cents !== undefined) values.priceCents = input.price_cents;
  if (input.vat_percent !== undefined) values.vatPercent = input.vat_percent;
  if (input.capacity !== undefined) values.capacity = input.capacity;
  if (input.sales_start !== undefined)
    values.salesStart = input.sales_start ? new Date(input.sales_start) : null;
  if (input.sales_end !== undefined)
    values.salesEnd = input.sales_end ? new Date(input.sales_end) : null;
  if (input.max_per_order !== undefined) values.maxPerOrder = input.max_per_order;
  if (input.sort_order !== undefined) values.sortOrder = input.sort_order;
  return values;
};

export async function createTicketType(
  db: Database,
  organiserId: string,
  eventId: number,
  input: TicketTypeInput,
) {
  return db.transaction(async (tx) => {
    const event = await ownedEvent(tx, organiserId, eventId, { lock: true });
    if (event.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
    checkSaleWindow(event, input);
    await refuseBeyond(
      tx,
      eventTicketTypes,
      eventTicketTypes.eventId,
      eventId,
      ticketTypesPerEventMax,
      "ticket_type_limit",
    );
    const [type] = await tx
      .insert(eventTicketTypes)
      .values({
        eventId,
        nameDe: input.name_de,
        nameEn: input.name_en,
        priceCents: input.price_cents,
        vatPercent: input.vat_percent ?? vatPercent,
        capacity: input.capacity,
        salesStart: input.sales_start ? new Date(input.sales_start) : null,
        salesEnd: input.sales_end ? new Date(input.sales_end) : null,
        maxPerOrder: input.max_per_order ?? 10,
        sortOrder: input.sort_order ?? 0,
      })
      .returning();
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId,
      action: "ticket_type_created",
      details: {
        ticket_type_id: type!.id,
        name_de: input.name_de,
        capacity: input.capacity,
        vat_percent: type!.vatPercent,
      },
    });
    return ticketTypeView(type!);
  });
}

/**
 * Changes a ticket type. The quota never drops below what is sold or held right now: the type is
 * locked like a sale locks it, so a concurrent sale either came first (and counts) or waits.
 */
export async function updateTicketType(
  db: Database,
  organiserId: string,
  typeId: number,
  input: TicketTypeUpdate,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const { type, event } = await lockOwnedType(tx, organiserId, typeId);
    if (event.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
    // Only the dates sent: the panel's edit form sends none, so a type whose window was set
    // before its event moved earlier stays editable there.
    checkSaleWindow(event, input);
    if (input.capacity !== undefined) {
      const taken = type.soldCount + (await heldSeatsOf(tx, typeId, now));
      if (input.capacity < taken) {
        throw new HttpError(409, "conflict", "quota_below_sold", { capacity: "quota_below_sold" });
      }
    }
    const start =
      input.sales_start !== undefined ? input.sales_start : type.salesStart?.toISOString();
    const end = input.sales_end !== undefined ? input.sales_end : type.salesEnd?.toISOString();
    const datesSent = input.sales_start !== undefined || input.sales_end !== undefined;
    if (datesSent && start && end && Date.parse(end) <= Date.parse(start)) {
      throw fieldError("sales_end", "end_before_start");
    }
    const [updated] = await tx
      .update(eventTicketTypes)
      .set(typeColumns(input))
      .where(eq(eventTicketTypes.id, typeId))
      .returning();
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId: event.id,
      action: "ticket_type_updated",
      details: { ticket_type_id: typeId, ...input },
    });
    return ticketTypeView(updated!);
  });
}

/** Ends the sale of a type now (a type with sales cannot be deleted, only closed). */
export async function closeTicketType(db: Database, organiserId: string, typeId: number) {
  return db.transaction(async (tx) => {
    const { event } = await lockOwnedType(tx, organiserId, typeId);
    if (event.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
    const now = new Date();
    // A sale that had not started ends before it starts: its start moves to now as well, so
    // the stored window stays in order.
    const [updated] = await tx
      .update(eventTicketTypes)
      .set({
        salesEnd: now,
        salesStart: notAfter(eventTicketTypes.salesStart, now),
      })
      .where(eq(eventTicketTypes.id, typeId))
      .returning();
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId: event.id,
      action: "ticket_type_closed",
      details: { ticket_type_id: typeId },
    });
    return ticketTypeView(updated!, now);
  });
}

/** Deletes a type no order ever named; one with sales or holds is 409 (close it instead). */
export async function deleteTicketType(db: Database, organiserId: string, typeId: number) {
  await db.transaction(async (tx) => {
    const { type, event } = await lockOwnedType(tx, organiserId, typeId);
    if (event.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(eq(orderItems.ticketTypeId, typeId));
    if (type.soldCount > 0 || Number(used?.n) > 0) {
      throw new HttpError(409, "conflict", "ticket_type_has_sales");
    }
    // A published event keeps something to sell, as publishing it required. Its status is read
    // again under the event's lock, taken after the type's as a sale takes them (`sell_seats`):
    // two deletes of its last two types cannot both see the other, nor a delete miss a publish
    // that counted this type.
    const [locked] = await tx
      .select({ status: events.status })
      .from(events)
      .where(eq(events.id, event.id))
      .for("no key update");
    if (locked?.status === "published") {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(eventTicketTypes)
        .where(and(eq(eventTicketTypes.eventId, event.id), ne(eventTicketTypes.id, typeId)));
      if (!Number(others?.n)) throw new HttpError(409, "conflict", "event_needs_ticket_types");
    }
    // Its own vouchers go with it (the panel's confirmation names them), their codes kept in the
    // audit: none was ever used, as no order named the type.
    const codes = await tx
      .delete(vouchers)
      .where(eq(vouchers.ticketTypeId, typeId))
      .returning({ code: vouchers.code });
    await tx.delete(eventTicketTypes).where(eq(eventTicketTypes.id, typeId));
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId: event.id,
      action: "ticket_type_deleted",
      details: {
        ticket_type_id: typeId,
        name_de: type.nameDe,
        ...(codes.length > 0 ? { voucher_codes: codes.map((row) => row.code).sort() } : {}),
      },
    });
  });
}

// --- Vouchers ----------------------------------------------------------------------------

const voucherView = (voucher: typeof vouchers.$inferSelect, now = new Date()): PanelVoucher => ({
  id: voucher.id,
  code: voucher.code,
  kind: voucher.kind,
  value: voucher.value,
  ticket_type_id: voucher.ticketTypeId,
  max_uses: voucher.maxUses,
  uses: voucher.usesCount,
  valid_from: voucher.validFrom?.toISOString() ?? null,
  valid_until: voucher.validUntil?.toISOString() ?? null,
  active: !(voucher.validUntil && voucher.validUntil <= now),
});

export async function listVouchers(db: Db, organiserId: string, eventId: number) {
  await ownedEvent(db, organiserId, eventId);
  const rows = await db
    .select()
    .from(vouchers)
    .where(eq(vouchers.eventId, eventId))
    .orderBy(asc(vouchers.code));
  const now = new Date();
  return rows.map((row) => voucherView(row, now));
}

export async function createVoucher(
  db: Database,
  organiserId: string,
  eventId: number,
  input: VoucherInput,
) {
  return db.transaction(async (tx) => {
    const event = await ownedEvent(tx, organiserId, eventId, { lock: true });
    if (event.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
    if (input.ticket_type_id) {
      const [type] = await tx
        .select({ id: eventTicketTypes.id })
        .from(eventTicketTypes)
        .where(
          and(eq(eventTicketTypes.id, input.ticket_type_id), eq(eventTicketTypes.eventId, eventId)),
        );
      if (!type) throw fieldError("ticket_type_id", "ticket_type_unknown");
    }
    const [taken] = await tx
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(
        and(
          eq(vouchers.eventId, eventId),
          eq(sql`upper(${vouchers.code})`, input.code.toUpperCase()),
        ),
      );
    if (taken)
      throw new HttpError(409, "conflict", "voucher_code_taken", { code: "voucher_code_taken" });
    await refuseBeyond(
      tx,
      vouchers,
      vouchers.eventId,
      eventId,
      vouchersPerEventMax,
      "voucher_limit",
    );
    // Made expired, it could never be used; ending a voucher now is what deactivating does.
    if (input.valid_until && Date.parse(input.valid_until) <= Date.now()) {
      throw fieldError("valid_until", "valid_until_past");
    }
    const [voucher] = await tx
      .insert(vouchers)
      .values({
        eventId,
        code: input.code,
        kind: input.kind,
        value: input.value,
        ticketTypeId: input.ticket_type_id ?? null,
        maxUses: input.max_uses ?? null,
        validFrom: input.valid_from ? new Date(input.valid_from) : null,
        validUntil: input.valid_until ? new Date(input.valid_until) : null,
      })
      .returning();
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId,
      action: "voucher_created",
      details: { voucher_id: voucher!.id, code: input.code, kind: input.kind, value: input.value },
    });
    return voucherView(voucher!);
  });
}

/** Ends a voucher's validity now: buyers get "expired", its uses stay listed. */
export async function deactivateVoucher(db: Database, organiserId: string, voucherId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ voucher: vouchers, status: events.status })
      .from(vouchers)
      .innerJoin(events, eq(events.id, vouchers.eventId))
      .where(and(eq(vouchers.id, voucherId), eq(events.organiserId, organiserId)))
      .for("update", { of: vouchers });
    if (!row) throw notFound();
    if (row.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
    const now = new Date();
    const [voucher] = await tx
      .update(vouchers)
      // One not valid yet ends before it begins: its start moves to now, keeping them in order.
      .set({
        validUntil: now,
        validFrom: notAfter(vouchers.validFrom, now),
      })
      .where(eq(vouchers.id, voucherId))
      .returning();
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId: row.voucher.eventId,
      action: "voucher_deactivated",
      details: { voucher_id: voucherId, code: row.voucher.code },
    });
    return voucherView(voucher!, now);
  });
}

import { randomUUID } from "node:crypto";
import type {
  Locale,
  PanelOrder,
  PanelOrderSummary,
  panelOrdersQuerySchema,
  RefundReason,
} from "@eventwerk/contract";
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { z } from "zod";
import type { Database, Transaction } from "../../db/client.ts";
import {
  doorLinks,
  eventLogs,
  events,
  eventTicketTypes,
  orderItems,
  orders,
  tickets,
  vouchers,
} from "../../db/schema.ts";
import { containsPattern, dateRangeWindow } from "../catalogue.ts";
import {
  hasVisibleStatus,
  notPaidError,
  orderConfirmationJob,
  visibleStatus,
} from "../checkout/orders.ts";
import { completeRefund, refundsHere, requestRefund } from "../checkout/refunds.ts";
import { HttpError, notFound } from "../http-error.ts";
import { t } from "../messages.ts";
import { enqueue } from "../outbox.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { deliverable } from "../users.ts";
import { audit } from "./audit.ts";
import { ownedEvent } from "./events.ts";

type Db = Database | Transaction;
type OrdersQuery = z.output<typeof panelOrdersQuerySchema>;

function filters(db: Db, eventId: number, query: Partial<OrdersQuery>): SQL {
  const where: (SQL | undefined)[] = [
    eq(orders.eventId, eventId),
    // A hold without buyer details is nobody's order yet.
    ne(orders.buyerEmail, ""),
  ];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const number = /^#?(\d{1,9})$/.exec(q);
    where.push(
      or(
        ilike(orders.buyerName, pattern),
        ilike(orders.buyerEmail, pattern),
        number ? eq(orders.id, Number(number[1])) : undefined,
      ),
    );
  }
  // As the list shows it: a decided refund is refunded, a hold that ran out expired.
  if (query.status) where.push(hasVisibleStatus(query.status, new Date()));
  if (query.ticket_type_id) {
    where.push(
      inArray(
        orders.id,
        db
          .select({ id: orderItems.orderId })
          .from(orderItems)
          .where(eq(orderItems.ticketTypeId, query.ticket_type_id)),
      ),
    );
  }
  const window = dateRangeWindow(query.from, query.to);
  if (window.start) where.push(gte(orders.createdAt, window.start));
  if (window.end) where.push(lt(orders.createdAt, window.end));
  return and(...where)!;
}

// Spelled out: inside a select list drizzle leaves column names unqualified, which a correlated
// subquery would read as its own table's.
const ticketCount = sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`;

/**
 * An order's row. Its status as the list shows it (`visibleStatus`): a decided refund is
 * refunded, a hold that ran out expired. The order's own page reads a decided refund's stored
 * status with `refund_requested_at`, to tell a refund still owed from one completed.
 */
const summary = (
  order: typeof orders.$inferSelect,
  count: number,
  status = visibleStatus(order, new Date()),
): PanelOrderSummary => ({
  id: order.id,
  status,
  buyer_name: order.buyerName,
  buyer_email: order.buyerEmail,
  tickets: Number(count),
  total_cents: order.totalCents,
  fee_cents: order.feeCents,
  currency: order.currency,
  created_at: order.createdAt.toISOString(),
  paid_at: order.paidAt?.toISOString() ?? null,
});

/** One page of an event's orders, newest first, with search and filters. */
export async function listEventOrders(
  db: Db,
  organiserId: string,
  eventId: number,
  query: OrdersQuery,
) {
  await ownedEvent(db, organiserId, eventId);
  const where = filters(db, eventId, query);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const rows = await db
    .select({ order: orders, tickets: ticketCount })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: rows.map((row) => summary(row.order, row.tickets)),
    total: Number(total?.n ?? 0),
  };
}

/** The event an order belongs to, when it is the organiser's; else 404. */
async function ownedOrderEvent(db: Db, organiserId: string, orderId: number) {
  const [row] = await db
    .select({ event: events })
    .from(orderItems)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, orderItems.ticketTypeId))
    .innerJoin(events, eq(events.id, eventTicketTypes.eventId))
    .where(and(eq(orderItems.orderId, orderId), eq(events.organiserId, organiserId)))
    .limit(1);
  if (!row) throw notFound();
  return row.event;
}

/** An order with its tickets and their door scans. */
export async function readPanelOrder(
  db: Db,
  provider: PaymentProvider,
  organiserId: string,
  orderId: number,
  locale: Locale,
): Promise<PanelOrder> {
  const event = await ownedOrderEvent(db, organiserId, orderId);
  const [row] = await db
    .select({ order: orders, tickets: ticketCount, voucher: vouchers.code })
    .from(orders)
    .leftJoin(vouchers, eq(vouchers.id, orders.voucherId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound();
  const name = locale === "en" ? eventTicketTypes.nameEn : eventTicketTypes.nameDe;
  const issued = await db
    .select({ ticket: tickets, name })
    .from(tickets)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.id));
  const logs = issued.length
    ? await db
        .select()
        .from(eventLogs)
        .where(
          inArray(
            eventLogs.ticketId,
            issued.map((entry) => entry.ticket.id),
          ),
        )
        .orderBy(asc(eventLogs.createdAt), asc(eventLogs.id))
    : [];
  const owed = row.order.status === "paid" && row.order.refundRequestedAt !== null;
  return {
    ...summary(
      row.order,
      row.tickets,
      row.order.refundRequestedAt ? row.order.status : visibleStatus(row.order, new Date()),
    ),
    event_id: event.id,
    event_title: locale === "en" ? event.titleEn : event.titleDe,
    subtotal_cents: row.order.subtotalCents,
    discount_cents: row.order.discountCents,
    payment_provider: row.order.paymentProvider,
    voucher_code: row.voucher,
    refund_requested_at: owed ? row.order.refundRequestedAt!.toISOString() : null,
    refund_by_operator: owed && !refundsHere(row.order, provider),
    tickets_issued: issued.map(({ ticket, name }) => ({
      id: ticket.id,
      ticket_type_name: name,
      price_cents: ticket.ticketPriceCents - (ticket.discountCents ?? 0),
      check_ins: logs
        .filter((log) => log.ticketId === ticket.id)
        .map((log) => ({ entry_type: log.entryType, created_at: log.createdAt.toISOString() })),
    })),
  };
}

/**
 * Decides a paid order's refund (`requestRefund`, committed before the provider is asked); a paid
 * order already owed one keeps its first reason. Anything but a paid order: 409. With `provider`
 * (the organiser's own choice to refund), an order that provider did not take is refused too
 * (409) and stays valid; a cancelled event's orders are owed their refund all the same.
 */
async function requestPaidRefund(
  db: Database,
  orderId: number,
  reason: RefundReason,
  provider?: PaymentProvider,
) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound();
    if (order.status !== "paid") throw new HttpError(409, "conflict", "order_not_refundable");
    if (provider && !refundsHere(order, provider)) {
      throw new HttpError(409, "conflict", "refund_other_provider");
    }
    await requestRefund(tx, order, reason);
  });
}

/** The organiser cancels and refunds one paid order of theirs. */
export async function refundOrder(
  db: Database,
  provider: PaymentProvider,
  organiserId: string,
  orderId: number,
  site: string,
) {
  await ownedOrderEvent(db, organiserId, orderId);
  await requestPaidRefund(db, orderId, "organiser", provider);
  try {
    await completeRefund(db, provider, orderId, { actorId: organiserId, site });
  } catch (error) {
    // Decided, and committed, before the provider was asked: the reconciliation finishes it.
    throw new HttpError(503, "service_unavailable", "refund_owed", undefined, undefined, error);
  }
}

/**
 * Sends a paid order's confirmation (tickets attached) to its buyer again, through the same
 * outbox job as after payment; each resend is a job of its own and is audited.
 */
export async function resendConfirmation(db: Database, organiserId: string, orderId: number) {
  const event = await ownedOrderEvent(db, organiserId, orderId);
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound();
    // A refund decided voids the tickets: nothing to send again.
    if (order.refundRequestedAt) throw notPaidError("refunded", "conflict");
    if (order.status !== "paid") throw notPaidError(order.status, "conflict");
    // Its buyer deleted their account: there is no address to send it to.
    if (!deliverable(order.buyerEmail)) throw new HttpError(409, "conflict", "buyer_deleted");
    await enqueue(tx, {
      kind: orderConfirmationJob,
      payload: { order_id: orderId },
      dedupKey: `order-confirmation:${orderId}:resend:${randomUUID()}`,
    });
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId: event.id,
      action: "order_confirmation_resent",
      details: { order_id: orderId },
    });
  });
}

/**
 * Cancels an event: no more sales at once, then every paid order is refunded through its
 * provider and its buyer emailed. With sold tickets the organiser must confirm first (409).
 * The paid orders are read under the event's lock: a payment in progress holds the event's row
 * (`sell_seats`), so it is either among them or, arriving after, refused and refunded itself.
 * Open payments of placed orders are closed at the provider. Answers what failed (the
 * reconciliation tries refunds again).
 */
export async function cancelEvent(
  db: Database,
  provider: PaymentProvider,
  organiserId: string,
  eventId: number,
  options: { confirm: boolean; site: string },
) {
  const { paid, open } = await db.transaction(async (tx) => {
    const event = await ownedEvent(tx, organiserId, eventId, { lock: true });
    const paid = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.eventId, eventId), eq(orders.status, "paid")));
    // Placed and not paid yet: the provider's page would still take the money.
    const open = await tx
      .select({ reference: orders.paymentReference })
      .from(orders)
      .where(
        and(
          eq(orders.eventId, eventId),
          inArray(orders.status, ["pending", "expired"]),
          eq(orders.paymentProvider, provider.name),
          isNotNull(orders.paymentReference),
          isNull(orders.paymentClosedAt),
        ),
      );
    if (event.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
    // An event that took place with buyers is not called off: they went (one order can be
    // refunded).
    if (event.endsAt <= new Date() && paid.length > 0) {
      throw new HttpError(409, "conflict", "event_over");
    }
    if (paid.length > 0 && !options.confirm) {
      throw new HttpError(409, "conflict", "confirm_cancel", { confirm: "confirm_cancel" });
    }
    await tx
      .update(events)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(eq(events.id, eventId));
    // Nobody is let in to an event that does not take place: its door links are revoked with it
    // (a scan would otherwise admit a ticket whose refund is not recorded yet).
    await tx
      .update(doorLinks)
      .set({ revokedAt: sql`coalesce(${doorLinks.revokedAt}, now())`, sealedToken: null })
      .where(eq(doorLinks.eventId, eventId));
    await audit(tx, {
      actorId: organiserId,
      organiserId,
      eventId,
      action: "event_cancelled",
      details: { paid_orders: paid.length },
    });
    return { paid, open };
  });
  // The event is cancelled whatever the provider answers: a refund that fails here is tried
  // again by the reconciliation (`refundCancelledEvents`), and a payment made on a page not
  // closed in time is refunded when its report comes (`sell_seats`).
  const failures: unknown[] = [];
  for (const order of open) {
    try {
      await provider.closePayment(db, order.reference!);
    } catch (error) {
      failures.push(error);
    }
  }
  const refunds = await refundCancelled(
    db,
    provider,
    paid.map((order) => ({ id: order.id, organiserId })),
    options.site,
  );
  return [...failures, ...refunds];
}

/**
 * Refunds the paid orders of a cancelled event, each in its own transaction: a provider failing
 * for one order leaves the others refunded. Answers the failures; an order refunded meanwhile by
 * another process is none.
 */
async function refundCancelled(
  db: Database,
  provider: PaymentProvider,
  paid: { id: number; organiserId: string | null }[],
  site: string,
): Promise<unknown[]> {
  const failures: unknown[] = [];
  for (const order of paid) {
    try {
      await requestPaidRefund(db, order.id, "event_cancelled");
      await completeRefund(db, provider, order.id, { actorId: order.organiserId, site });
    } catch (error) {
      const done = error instanceof HttpError && error.messageKey === "order_not_refundable";
      if (!done) failures.push(error);
    }
  }
  return failures;
}

/**
 * Refunds the paid orders that cancellations left: `cancelEvent` refunds after its commit, so a
 * refund the provider refused, or the process ending meanwhile, would leave buyers of a
 * cancelled event charged. Run with the checkout's reconciliation (every
 * RECONCILE_INTERVAL_SECONDS); a refund that fails again is tried at the next run.
 */
export async function refundCancelledEvents(
  db: Database,
  provider: PaymentProvider,
  site: string,
): Promise<void> {
  const left = await db
    .select({ id: orders.id, organiserId: events.organiserId })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    // Those whose refund is owed already are `completeOwedRefunds`' (it runs beside this), which
    // asks the provider at most once a run for each.
    .where(
      and(
        eq(events.status, "cancelled"),
        eq(orders.status, "paid"),
        isNull(orders.refundRequestedAt),
      ),
    )
    // In no fixed order: refunds that keep failing (a payment refunded at the provider by hand,
    // say) must not keep the others from their turn.
    .orderBy(sql`random()`)
    .limit(100);
  const failures = await refundCancelled(db, provider, left, site);
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} refunds of cancelled events failed`);
  }
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // Formula-looking text is quoted with a leading apostrophe so Excel shows it as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The event's orders (with the list's filters) as CSV for German Excel: UTF-8 with BOM, `;` as
 * separator and decimal commas, one row per order.
 */
export async function ordersCsv(
  db: Db,
  organiserId: string,
  eventId: number,
  query: Partial<OrdersQuery>,
  locale: Locale,
): Promise<string> {
  await ownedEvent(db, organiserId, eventId);
  const name = locale === "en" ? eventTicketTypes.nameEn : eventTicketTypes.nameDe;
  const rows = await db
    .select({ order: orders, tickets: ticketCount })
    .from(orders)
    .where(filters(db, eventId, query))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const items = rows.length
    ? await db
        .select({ orderId: orderItems.orderId, quantity: orderItems.quantity, name })
        .from(orderItems)
        .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, orderItems.ticketTypeId))
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.order.id),
          ),
        )
        .orderBy(asc(orderItems.id))
    : [];
  const amount = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
  const date = (value: Date | null) =>
    value
      ? new Intl.DateTimeFormat("de-DE", {
          dateStyle: "medium",
          timeStyle: "short",
          timeZone: "Europe/Berlin",
        }).format(value)
      : "";
  const header = [
    "csv_order",
    "csv_status",
    "csv_name",
    "csv_email",
    "csv_tickets",
    "csv_ticket_types",
    "csv_total",
    "csv_fee",
    "csv_created",
    "csv_paid",
  ] as const;
  const lines = [header.map((key) => csvCell(t(locale, key))).join(";")];
  for (const { order, tickets: count } of rows) {
    lines.push(
      [
        order.id,
        t(locale, `order_status_${visibleStatus(order, new Date())}`),
        order.buyerName,
        order.buyerEmail,
        Number(count),
        items
          .filter((item) => item.orderId === order.id)
          .map((item) => `${item.quantity} × ${item.name}`)
          .join(", "),
        amount(order.totalCents),
        amount(order.feeCents),
        date(order.createdAt),
        date(order.paidAt),
      ]
        .map(csvCell)
        .join(";"),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

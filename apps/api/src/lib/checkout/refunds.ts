import type { Locale, RefundElsewhere, RefundReason } from "@eventwerk/contract";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.ts";
import {
  events,
  eventTicketTypes,
  orderItems,
  orders,
  organiserProfiles,
  vouchers,
} from "../../db/schema.ts";
import { HttpError, notFound } from "../http-error.ts";
import { t } from "../messages.ts";
import { enqueue, enqueueMail } from "../outbox.ts";
import { audit } from "../panel/audit.ts";
import {
  type PaymentChange,
  type PaymentProvider,
  RefundFailedEarlier,
} from "../payments/provider.ts";
import { deliverable } from "../users.ts";
import { money } from "./format.ts";

/*
 * A refund takes three steps, so that money given back is never forgotten:
 * 1. `requestRefund` marks the order (`refund_requested_at`, with its reason) and commits. From
 *    then on the money is owed back and its tickets are void: the door refuses them (`door_scan`,
 *    migration 0035), the buyer reads the order as refunded, its files and confirmation are
 *    refused, and no payment report issues any (`issueTickets`).
 * 2. The provider refunds: once per payment however often it is asked (Stripe refuses to refund
 *    a payment refunded in full, which counts as done; the test provider's row).
 * 3. `completeRefund` records it: the order becomes `refunded`, a paid one gives its seats and
 *    its voucher's use back, and the buyer is emailed.
 * The provider is asked outside any transaction: when the process or its connection dies after
 * it refunded, the mark is still there, and the reconciliation (`completeOwedRefunds`) asks
 * again and records it. Before, the refund was asked inside the transaction that recorded it,
 * and a lost commit left a refunded payment with valid tickets.
 * A refund can still fail at the provider days later (a SEPA account closed since): its money is
 * back in the operator's balance, and the operator gives it back another way and records that
 * (`refundFailedAtProvider`, `recordRefundElsewhere`). The order stays void meanwhile.
 */

export const orderRefundedJob = "order_refunded";

type Order = typeof orders.$inferSelect;

/**
 * Step 1, in the caller's transaction with the order locked; a second keeps the first's reason.
 * Answers the order as it is now.
 */
export async function requestRefund(
  tx: Transaction,
  order: Order,
  reason: RefundReason,
  now = new Date(),
): Promise<Order> {
  const [decided] = await tx
    .update(orders)
    .set({
      refundRequestedAt: order.refundRequestedAt ?? now,
      refundReason: order.refundRequestedAt ? order.refundReason : reason,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return decided!;
}

/**
 * Whether this deployment's provider can give an order's money back: it took it, or none was
 * taken (a free order). Not so after the deployment changed providers.
 */
export function refundsHere(
  order: Pick<Order, "paymentReference" | "paymentProvider">,
  provider: PaymentProvider,
): boolean {
  return !order.paymentReference || order.paymentProvider === provider.name;
}

/** `refundsHere` in SQL: true or false, never null. */
const refundedHere = (provider: PaymentProvider) =>
  sql`(${orders.paymentReference} is null or ${orders.paymentProvider} is not distinct from ${provider.name})`;

/** Decided (step 1) and not recorded yet (step 3). */
const refundOwed = and(isNotNull(orders.refundRequestedAt), ne(orders.status, "refunded"));

/** Owed refunds of money another provider took: only the operator can give it back, there. */
const owedAtOtherProvider = (provider: PaymentProvider) =>
  and(refundOwed, sql`not ${refundedHere(provider)}`);

/** Refunds that failed at the provider, not given back another way yet: the operator's too. */
const failedNotRepaid = and(isNotNull(orders.refundFailedAt), isNull(orders.refundRepaidAt));

/** What only the operator can give back: owed at another provider, or failed at this one. */
const owedElsewhere = (provider: PaymentProvider) =>
  or(owedAtOtherProvider(provider), failedNotRepaid);

/**
 * Steps 2 and 3 for an order whose refund is owed; nothing when none is (any more). `actorId` is
 * who asked, for the audit log of a paid order's refund.
 */
export async function completeRefund(
  db: Database,
  provider: PaymentProvider,
  orderId: number,
  options: RefundActor,
): Promise<void> {
  const [owed] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!owed?.refundRequestedAt || owed.status === "refunded") return;
  if (!refundsHere(owed, provider)) {
    // Only the provider that took the money can give it back: the refund stays owed, and this
    // error (the reconciliation's, at every run) tells the operator, who refunds it there and
    // records it (`recordRefundElsewhere`), rather than the order being recorded as refunded
    // with the money kept.
    throw new Error(
      `order ${owed.id} was paid through ${owed.paymentProvider}, this deployment refunds through ${provider.name}: refund it there, then record it in the panel's refunds`,
    );
  }
  // A refund that failed at the provider is the operator's to give back: not asked again. The
  // provider says so too when its report of the failure has not come (yet).
  if (owed.paymentReference && !owed.refundFailedAt) {
    try {
      await provider.refund(db, owed.paymentReference);
    } catch (error) {
      if (!(error instanceof RefundFailedEarlier)) throw error;
      await refundFailedAtProvider(db, provider, owed.paymentReference, options.site);
    }
  }
  await recordRefund(db, orderId, options);
}

/** The order a provider's payment is for, locked; undefined when it is none of ours. */
async function lockedByPayment(tx: Transaction, provider: PaymentProvider, reference: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentProvider, provider.name), eq(orders.paymentReference, reference)))
    .for("update");
  return order;
}

/**
 * A payment refunded in full at its provider, outside this product (in Stripe's dashboard, by the
 * operator): its order is refunded here too, as the organiser's refund is (its tickets stop
 * working, its seats go back, its buyer is told), asking the provider, which finds it refunded
 * already. So is an order whose payment was not recorded here yet (its report late or lost): the
 * mark stops the report, or the reconciliation, that would issue its tickets. Nothing for a
 * payment of no order of ours, or one whose refund was decided here (the report of our own
 * refund, a late payment's included).
 */
export async function refundedAtProvider(
  db: Database,
  provider: PaymentProvider,
  reference: string,
  site: string,
): Promise<void> {
  await settleIfRefunded(db, provider, reference, site);
  const orderId = await db.transaction(async (tx) => {
    const order = await lockedByPayment(tx, provider, reference);
    if (!order || order.refundRequestedAt || order.status === "refunded") return null;
    await requestRefund(tx, order, "payment_provider");
    // Not sold here yet: its seats and voucher are free now, also while the provider is asked.
    if (order.status !== "paid") {
      await tx
        .update(orders)
        .set({ holdExpiresAt: sql`least(${orders.holdExpiresAt}, now())` })
        .where(eq(orders.id, order.id));
    }
    return order.id;
  });
  if (orderId !== null) {
    await completeRefund(db, provider, orderId, { actorId: null, site, provider: provider.name });
  }
}

/**
 * A refund that had failed, made again at the provider (in Stripe's dashboard) and gone through:
 * its money reached the buyer, so it leaves the operator's list. Only once the provider says so
 * now: a report may be a late one of the refund that failed, or come while the new one is still
 * pending (the reconciliation asks again, `completeOwedRefunds`).
 */
async function settleIfRefunded(
  db: Database,
  provider: PaymentProvider,
  reference: string,
  site: string,
): Promise<void> {
  const [failed] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.paymentProvider, provider.name),
        eq(orders.paymentReference, reference),
        failedNotRepaid,
      ),
    );
  if (!failed || (await provider.refundStanding?.(reference)) !== "refunded") return;
  await db.transaction(async (tx) => {
    const order = await lockedByPayment(tx, provider, reference);
    if (order) await settleFailedRefund(tx, order, "provider", { actorId: null, site });
  });
}

/**
 * The provider reports that its refund of a payment failed: the money is back in the operator's
 * balance and still owed to the buyer, who is told so. The operator gives it back another way and
 * records that (`recordRefundElsewhere`); the order stays void, as its seats may be sold again.
 * Nothing for a payment of no order of ours, one whose refund was not decided here, or a failure
 * reported already (Stripe reports one as two events).
 */
export async function refundFailedAtProvider(
  db: Database,
  provider: PaymentProvider,
  reference: string,
  site: string,
): Promise<void> {
  // The report may be late (a refund made again since is pending or went through) or of a part
  // (a small goodwill refund in the dashboard): the provider is asked where the payment's
  // refunds stand now, and only a failure that leaves the money with the operator counts.
  const standing = await provider.refundStanding?.(reference);
  if (standing && standing !== "failed") return;
  await db.transaction(async (tx) => {
    const order = await lockedByPayment(tx, provider, reference);
    // Not after the bank took the payment back: the buyer has the money.
    if (!order?.refundRequestedAt || order.refundRepaidBy === "chargeback") return;
    // Listed again when a retry the provider made, which settled it, failed too; never after the
    // operator's record, which gave the money back.
    const reopened = order.refundFailedAt !== null && order.refundRepaidBy === "provider";
    if (order.refundFailedAt && !reopened) return;
    const now = new Date();
    await tx
      .update(orders)
      .set({ refundFailedAt: now, refundRepaidAt: null, refundRepaidBy: null, updatedAt: now })
      .where(eq(orders.id, order.id));
    const event = await eventOf(tx, order);
    await mailBuyer(tx, order, event, site, "refund_failed", now);
    await audit(tx, {
      actorId: null,
      organiserId: event?.organiserId ?? null,
      eventId: event?.id ?? null,
      action: "order_refund_failed",
      details: {
        order_id: order.id,
        total_cents: order.totalCents,
        provider: provider.name,
        ...(reopened ? { reopened: true } : {}),
      },
    });
  });
}

/**
 * A payment taken back in full through the buyer's bank (a dispute lost at the provider): the
 * money is back with the buyer already, so it is settled here in one transaction, without the
 * provider (which refuses to refund a charged-back payment):
 * - a paid order is refunded (step 1 and step 3): its tickets stop working, its seats go back,
 *   its buyer is told; a refund decided earlier and still owed (the provider refused it while
 *   the dispute was open) is completed so, with its reason;
 * - an order without tickets is closed as refunded: a late payment's refund still owed, or a
 *   payment not recorded here yet (its report late or lost), whose report then issues none;
 * - a refund that had failed leaves the operator's list: paying it too would pay twice; one
 *   made that may still fail is marked, so that its failure lists nothing.
 * Nothing for a payment of no order of ours, or a part of the amount (as for a partial refund:
 * which tickets would it void?).
 */
export async function chargedBack(
  db: Database,
  provider: PaymentProvider,
  reference: string,
  site: string,
  amountCents?: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedByPayment(tx, provider, reference);
    if (!order || (amountCents !== undefined && amountCents < order.totalCents)) return;
    const now = new Date();
    const actor = { actorId: null, site };
    await settleFailedRefund(tx, order, "chargeback", actor);
    if (order.status === "paid") {
      await returnSale(tx, await requestRefund(tx, order, "chargeback", now), actor, now);
    } else if (order.status !== "refunded") {
      await closeUnpaidRefund(tx, await requestRefund(tx, order, "chargeback", now), actor, now);
    } else if (!order.refundFailedAt) {
      // Our refund may still fail (a SEPA refund, days later): the buyer has the money from the
      // bank, so that failure lists nothing for the operator to pay (`refundFailedAtProvider`).
      await tx
        .update(orders)
        .set({ refundRepaidAt: now, refundRepaidBy: "chargeback", updatedAt: now })
        .where(eq(orders.id, order.id));
    }
  });
}

/**
 * What each change of a paid payment at its provider does here (by the payment's reference; the
 * amount it concerns, where the provider says).
 */
export const paymentChanges = {
  refunded: refundedAtProvider,
  refund_succeeded: settleIfRefunded,
  refund_failed: refundFailedAtProvider,
  charged_back: chargedBack,
} as const satisfies Record<
  PaymentChange,
  (
    db: Database,
    provider: PaymentProvider,
    reference: string,
    site: string,
    amountCents?: number,
  ) => Promise<void>
>;

/** The event an order is for, as its mails and audit entries name it. */
async function eventOf(tx: Transaction, order: Order) {
  const [event] = await tx
    .select({
      id: events.id,
      organiserId: events.organiserId,
      titleDe: events.titleDe,
      titleEn: events.titleEn,
    })
    .from(events)
    .where(eq(events.id, order.eventId ?? 0));
  return event;
}

/** The buyer's email about a failed refund or its money given back another way. */
async function mailBuyer(
  tx: Transaction,
  order: Order,
  event: Awaited<ReturnType<typeof eventOf>>,
  site: string,
  kind: "refund_failed" | "refund_repaid" | "refund_retried",
  at: Date,
) {
  if (!deliverable(order.buyerEmail)) return;
  const locale = order.locale;
  const values = {
    name: order.buyerName,
    order: order.id,
    event: (locale === "en" ? event?.titleEn : event?.titleDe) ?? "—",
    total: money(order.totalCents, order.currency, locale),
    site,
  };
  await enqueueMail(
    tx,
    {
      to: order.buyerEmail,
      subject: t(locale, `${kind}_mail_subject`, values),
      text: t(locale, `${kind}_mail_text`, values),
    },
    // Once per change: a failure reopened after a retry is told again.
    `${kind}:${order.id}:${at.getTime()}`,
  );
}

/** Who completes a refund, for its audit entry; `provider` when the operator refunded it there. */
type RefundActor = { actorId: string | null; site: string; provider?: string };

/** Step 3, once: answers whether this call recorded it (false: not owed, or recorded already). */
async function recordRefund(db: Database, orderId: number, options: RefundActor) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order?.refundRequestedAt || order.status === "refunded") return false;
    const now = new Date();
    if (order.status === "paid") {
      await returnSale(tx, order, options, now);
    } else {
      await closeUnpaidRefund(tx, order, options, now);
    }
    return true;
  });
}

/** Step 3 of a payment that came after its seats or voucher were gone: it never had tickets. */
async function closeUnpaidRefund(tx: Transaction, order: Order, options: RefundActor, now: Date) {
  await tx
    .update(orders)
    .set({ status: "refunded", updatedAt: now })
    .where(eq(orders.id, order.id));
  await enqueue(tx, {
    kind: orderRefundedJob,
    payload: { order_id: order.id, reason: order.refundReason },
    dedupKey: `order-refunded:${order.id}`,
  });
  // The provider's own refund of it is the checkout's, by no one; the operator's is audited.
  if (options.provider) await auditRefund(tx, order, options);
}

/** What the email says happened to a paid order, by why its money went back. */
const paidRefundText = {
  sold_out: "organiser_refund_mail_text",
  voucher_used_up: "organiser_refund_mail_text",
  organiser: "organiser_refund_mail_text",
  event_cancelled: "event_cancelled_mail_text",
  event_over: "organiser_refund_mail_text",
  payment_provider: "provider_refund_mail_text",
  chargeback: "chargeback_mail_text",
} as const satisfies Record<RefundReason, string>;

/**
 * Step 3 of a paid order: it becomes refunded (its tickets stop working at the door and show as
 * cancelled to the buyer), the seats and the voucher's use go back, the buyer is emailed and the
 * refund is audited.
 */
async function returnSale(tx: Transaction, order: Order, options: RefundActor, now: Date) {
  // A code's `max_uses` counts paid uses: this one is not any more. Locked where a payment locks
  // it, after the order and before the ticket types.
  if (order.voucherId !== null) {
    await tx
      .update(vouchers)
      .set({ usesCount: sql`greatest(${vouchers.usesCount} - 1, 0)` })
      .where(eq(vouchers.id, order.voucherId));
  }
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.ticketTypeId));
  // Same lock order and mode as a sale's `take_seats` (ticket type ids ascending, NO KEY UPDATE,
  // all before the first update, after which the kept totals' trigger locks the event row), so
  // the two never wait crosswise.
  await tx
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .where(
      inArray(
        eventTicketTypes.id,
        items.map((item) => item.ticketTypeId),
      ),
    )
    .orderBy(asc(eventTicketTypes.id))
    .for("no key update");
  for (const item of items) {
    await tx
      .update(eventTicketTypes)
      .set({ soldCount: sql`greatest(${eventTicketTypes.soldCount} - ${item.quantity}, 0)` })
      .where(eq(eventTicketTypes.id, item.ticketTypeId));
  }
  await tx
    .update(orders)
    .set({ status: "refunded", updatedAt: now })
    .where(eq(orders.id, order.id));
  const [event] = await tx
    .select({
      titleDe: events.titleDe,
      titleEn: events.titleEn,
      id: events.id,
      organiserId: events.organiserId,
    })
    .from(orderItems)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, orderItems.ticketTypeId))
    .innerJoin(events, eq(events.id, eventTicketTypes.eventId))
    .where(eq(orderItems.orderId, order.id))
    .limit(1);
  const locale = order.locale;
  const values = {
    name: order.buyerName,
    order: order.id,
    event: locale === "en" ? event!.titleEn : event!.titleDe,
    total: money(order.totalCents, order.currency, locale),
    site: options.site,
  };
  // A refund that failed before this step was recorded: the buyer was told the money comes
  // another way, and a mail saying it was refunded would contradict that.
  const failedUnpaid = order.refundFailedAt !== null && order.refundRepaidAt === null;
  if (deliverable(order.buyerEmail) && !failedUnpaid) {
    await enqueueMail(
      tx,
      {
        to: order.buyerEmail,
        subject: t(locale, "organiser_refund_mail_subject", values),
        text: t(locale, paidRefundText[order.refundReason ?? "organiser"], values),
      },
      `panel-refund:${order.id}`,
    );
  }
  await auditRefund(tx, order, options, event);
}

/** The refund in the event's audit log; `event` as the caller read it, else the order's. */
async function auditRefund(
  tx: Transaction,
  order: Order,
  options: RefundActor,
  event?: { id: number; organiserId: string | null },
) {
  const of = event ?? (await eventOf(tx, order));
  await audit(tx, {
    actorId: options.actorId,
    organiserId: of?.organiserId ?? null,
    eventId: of?.id ?? null,
    action: "order_refunded",
    details: {
      order_id: order.id,
      total_cents: order.totalCents,
      ...(options.provider ? { refunded_at: options.provider } : {}),
    },
  });
}

/**
 * The refunds owed for a minute or more (a request in progress finishes its own), finished: run
 * with the checkout's reconciliation. One failing (its provider unreachable) leaves the others
 * their turn, in no fixed order; it is tried again at the next run.
 */
export async function completeOwedRefunds(
  db: Database,
  provider: PaymentProvider,
  site: string,
  now = new Date(),
): Promise<void> {
  const owed = await db
    .select({ id: orders.id, organiserId: events.organiserId })
    .from(orders)
    .leftJoin(events, eq(events.id, orders.eventId))
    .where(
      and(
        refundOwed,
        refundedHere(provider),
        lte(orders.refundRequestedAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .orderBy(sql`random()`)
    .limit(100);
  const failures: unknown[] = [];
  for (const order of owed) {
    try {
      await completeRefund(db, provider, order.id, { actorId: order.organiserId, site });
    } catch (error) {
      failures.push(error);
    }
  }
  // Failed refunds made again at the provider since, whose report was lost, leave the list: of
  // those failed in the last 30 days (a retry comes soon or never), a few a run, in turn.
  if (provider.refundStanding) {
    const failed = await db
      .select({ reference: orders.paymentReference })
      .from(orders)
      .where(
        and(
          failedNotRepaid,
          eq(orders.paymentProvider, provider.name),
          gt(orders.refundFailedAt, new Date(now.getTime() - 30 * 86_400_000)),
        ),
      )
      .orderBy(sql`random()`)
      .limit(20);
    for (const { reference } of failed) {
      try {
        if (reference) await settleIfRefunded(db, provider, reference, site);
      } catch (error) {
        failures.push(error);
      }
    }
  }
  // Those another provider took, and those that failed at this one, wait for the operator
  // (`recordRefundElsewhere`): a line a run says how many, and they never take the turn of
  // refunds this deployment can make.
  const [waiting] = await db
    .select({
      otherProvider: sql<number>`count(*) filter (where ${owedAtOtherProvider(provider)})::int`,
      failed: sql<number>`count(*) filter (where ${failedNotRepaid})::int`,
    })
    .from(orders)
    .where(owedElsewhere(provider));
  if (waiting && waiting.otherProvider > 0) {
    failures.push(
      new Error(
        `${waiting.otherProvider} owed refunds were paid through another provider than ${provider.name}: refund them there, then record them in the panel's refunds`,
      ),
    );
  }
  if (waiting && waiting.failed > 0) {
    failures.push(
      new Error(
        `${waiting.failed} refunds failed at ${provider.name}: give the money back another way, then record it in the panel's refunds`,
      ),
    );
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} owed refunds were not completed`);
  }
}

/** The refunds only the operator can complete (`owedElsewhere`), the longest owed first. */
export async function refundsElsewhere(
  db: Database,
  provider: PaymentProvider,
  query: { page: number; per_page: number },
  locale: Locale,
): Promise<{ data: RefundElsewhere[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        order: orders,
        title: locale === "en" ? events.titleEn : events.titleDe,
        organiser: organiserProfiles.companyName,
      })
      .from(orders)
      .leftJoin(events, eq(events.id, orders.eventId))
      .leftJoin(organiserProfiles, eq(organiserProfiles.userId, events.organiserId))
      .where(owedElsewhere(provider))
      .orderBy(asc(orders.refundRequestedAt), asc(orders.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(owedElsewhere(provider)),
  ]);
  const data = rows.map(({ order, title, organiser }) => ({
    order_id: order.id,
    event_title: title ?? "—",
    organiser_name: organiser ?? "—",
    buyer_name: order.buyerName,
    buyer_email: order.buyerEmail,
    total_cents: order.totalCents,
    currency: order.currency,
    payment_provider: order.paymentProvider ?? "—",
    payment_reference: order.paymentReference ?? "",
    refund_reason: order.refundReason,
    refund_requested_at: order.refundRequestedAt!.toISOString(),
    refund_failed_at: order.refundFailedAt?.toISOString() ?? null,
  }));
  return { data, total: counted?.total ?? 0 };
}

/**
 * The operator gave an owed refund's money back: at the provider that took it, recorded as every
 * refund is (step 3: the seats and the voucher's use back, the buyer emailed, audited with the
 * operator as its actor); or, for a refund that failed at the provider, another way (the buyer
 * emailed, audited). 404 for no such order; 409 `refund_not_elsewhere` for one this deployment
 * refunds by itself or whose refund is not owed (any more: recorded already).
 */
export async function recordRefundElsewhere(
  db: Database,
  provider: PaymentProvider,
  orderId: number,
  options: { actorId: string; site: string },
): Promise<void> {
  const [order] = await db
    .select({
      provider: orders.paymentProvider,
      otherProvider: sql<boolean>`coalesce(${owedAtOtherProvider(provider)}, false)`,
      failed: sql<boolean>`coalesce(${failedNotRepaid}, false)`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound();
  // Checked again under the order's lock: a second operator's click finds it recorded. Its
  // provider and payment never change once it is paid.
  const recorded = order.failed
    ? await recordRepaid(db, orderId, options)
    : order.otherProvider &&
      (await recordRefund(db, orderId, { ...options, provider: order.provider ?? "—" }));
  if (!recorded) throw new HttpError(409, "conflict", "refund_not_elsewhere");
}

/**
 * A failed refund's money given back another way by the operator. A sale not undone yet (the
 * failure came before step 3) is the reconciliation's, which no longer asks the provider.
 */
async function recordRepaid(db: Database, orderId: number, options: RefundActor) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    return order ? settleFailedRefund(tx, order, "operator", options) : false;
  });
}

/**
 * A failed refund's money reached the buyer after all, once, with the order locked: the operator
 * paid it another way, the provider refunded it on a retry (in its dashboard), or the bank took
 * it back (a lost dispute). It leaves the operator's list; the buyer is told (of the bank's, the
 * bank did) and it is audited. Answers whether this call settled it.
 */
async function settleFailedRefund(
  tx: Transaction,
  order: Order,
  by: "operator" | "provider" | "chargeback",
  options: RefundActor,
): Promise<boolean> {
  if (!order.refundFailedAt || order.refundRepaidAt) return false;
  const now = new Date();
  await tx
    .update(orders)
    .set({ refundRepaidAt: now, refundRepaidBy: by, updatedAt: now })
    .where(eq(orders.id, order.id));
  const event = await eventOf(tx, order);
  // The bank told the buyer of a chargeback; the others are told how the money came.
  if (by !== "chargeback") {
    const kind = by === "operator" ? "refund_repaid" : "refund_retried";
    await mailBuyer(tx, order, event, options.site, kind, now);
  }
  await audit(tx, {
    actorId: options.actorId,
    organiserId: event?.organiserId ?? null,
    eventId: event?.id ?? null,
    action: "order_refund_repaid",
    details: { order_id: order.id, total_cents: order.totalCents, by },
  });
  return true;
}

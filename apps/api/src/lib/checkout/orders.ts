import { createHash } from "node:crypto";
import {
  type BillingAddressInput,
  type CheckoutOrder,
  checkoutWebPaths,
  type Locale,
  type OrderStatus,
  type RefundReason,
  vatShares,
} from "@eventwerk/contract";
import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { type Config, PAYMENT_REPORT_MINUTES } from "../../config.ts";
import { type Database, localeColumn, type Transaction } from "../../db/client.ts";
import {
  addresses,
  type BillingAddress,
  cities,
  countries,
  events,
  eventTicketTypes,
  orderItems,
  orders,
  paymentEvents,
  users,
  venues,
  vouchers,
} from "../../db/schema.ts";
import { type AddressInput, keepAddress } from "../addresses.ts";
import { isClosed } from "../catalogue.ts";
import { checkPlace } from "../geo.ts";
import { fieldError, HttpError, notFound } from "../http-error.ts";
import { CHANGE_NOTICE_DELAY_MINUTES, eventChangeNoticeJob } from "../panel/change-notices.ts";
import {
  type PaymentChange,
  type PaymentProvider,
  PaymentUnavailable,
} from "../payments/provider.ts";
import type { TicketSigner } from "../ticket-codes.ts";
import { priceOrder, type VoucherRule } from "./pricing.ts";
import { completeRefund, paymentChanges, requestRefund } from "./refunds.ts";

type Db = Database | Transaction;

export const orderConfirmationJob = "order_confirmation";

/** Whether the database failed with that SQLSTATE, its error bare or wrapped by drizzle. */
const failedWith = (error: unknown, code: string): boolean =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: unknown }).code === code ||
    failedWith((error as { cause?: unknown }).cause, code));
const uniqueViolation = "23505";
/** `hold_seats` (migration 0016) or `sell_seats` (0017) refused: the seats are gone. */
const seatsGone = "EW409";
/** `sell_seats` refused a late payment: another buyer took the voucher's last use meanwhile. */
const voucherGone = "EW410";
/** `sell_seats` (0022) refused a payment: the event was cancelled after the order was placed. */
const eventCancelled = "EW411";
/** `sell_seats` (0045) refused a payment: it was reported after the event ended. */
const eventOver = "EW412";

/** What an order's token is signed for, from the order as the API answers it. */
const signedOrder = (order: Pick<CheckoutOrder, "id" | "created_at">) => ({
  id: order.id,
  createdAt: new Date(order.created_at),
});

/** Why a payment was refunded on arrival: its refund email says which. */
export const lateRefundReasons = [
  "sold_out",
  "voucher_used_up",
  "event_cancelled",
  "event_over",
] as const satisfies readonly RefundReason[];
export type LateRefundReason = (typeof lateRefundReasons)[number];

/**
 * Why the money of an order that never had tickets went back: a late payment's reasons, or a
 * payment refunded at its provider or taken back by the buyer's bank before it was recorded
 * here. Its refund email says which.
 */
export const unsoldRefundReasons = [
  ...lateRefundReasons,
  "payment_provider",
  "chargeback",
] as const satisfies readonly RefundReason[];
export type UnsoldRefundReason = (typeof unsoldRefundReasons)[number];

/**
 * The most one order may cost, in cents (999,999.99 €, Stripe's largest amount): its amounts
 * are 32-bit integers, which end at 21,474,836.47 €, and a price of up to 100,000 € times 100
 * tickets of several types would pass them.
 */
const orderTotalMaxCents = 99_999_999;

const voucherError = (code: VoucherErrorCode) =>
  new HttpError(400, code, code, { voucher_code: code });
type VoucherErrorCode =
  | "voucher_unknown"
  | "voucher_expired"
  | "voucher_not_yet_valid"
  | "voucher_used_up"
  | "voucher_not_applicable";

/** A provider's event about a payment, as its webhook delivered it (recorded once per id). */
export type PaymentReport = {
  provider: string;
  eventId: string;
  type: string;
  reference: string;
  payload: unknown;
};

/** NUL and lone UTF-16 halves (with `u`, the class matches a surrogate pair not at all). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const unstorableText = /[\u0000\uD800-\uDFFF]/gu;

/** Records the report, once per provider and event id: answers its row only the first time. */
export const recordReport = (db: Db, report: PaymentReport) =>
  db
    .insert(paymentEvents)
    .values({
      provider: report.provider,
      providerEventId: report.eventId,
      type: report.type,
      paymentReference: report.reference,
      // PostgreSQL's jsonb holds no NUL and no lone surrogate: a provider's text with one is kept
      // with U+FFFD instead.
      payload: JSON.parse(
        JSON.stringify(report.payload, (_, value) =>
          typeof value === "string" ? value.replace(unstorableText, "\uFFFD") : value,
        ),
      ),
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });

export type CreateOrderInput = {
  eventId: number;
  items: { ticket_type_id: number; quantity: number }[];
  voucherCode?: string;
  idempotencyKey?: string;
  userId: string | null;
  /** Where the request came from (`addressKey`, as the rate limits count it): scopes a guest's key. */
  clientAddress: string;
  locale: Locale;
};

/**
 * The Idempotency-Key as kept with the order. A replay answers the order with its token, so a
 * guest's key counts only from the address that sent it: another guest who knows or guesses the
 * key (a page's form nonce, shared by the guest page cache) gets an order of their own, not the
 * first guest's. A signed-in buyer's key is theirs alone already (`findByIdempotencyKey`).
 */
const keptIdempotencyKey = (input: CreateOrderInput) =>
  input.idempotencyKey === undefined || input.userId !== null
    ? input.idempotencyKey
    : `guest:${createHash("sha256").update(`${input.clientAddress}\n${input.idempotencyKey}`).digest("base64url")}`;

export type UpdateOrderInput = {
  buyerName?: string;
  buyerEmail?: string;
  billingAddress?: BillingAddressInput | null;
  addressId?: number;
  /** Typed into the address book's form: only for the signed-in buyer whose order it is. */
  newAddress?: AddressInput;
  /** Keeps `newAddress` in the caller's address book too (`keepAddress`: once per retry). */
  saveAddress?: boolean;
  /** The signed-in caller, whose address book `newAddress` may go into. */
  callerId?: string | null;
  voucherCode?: string | null;
  /**
   * A buyer who signed in during checkout: a guest's order becomes theirs (its token proved it
   * was theirs to take), keeping its hold.
   */
  claimFor?: string | null;
};

/**
 * The event's voucher of that code, locked, when it may be used now: each failure has its own
 * code. Uses count paid orders and unexpired holds (as seats do), so a code cannot be
 * over-redeemed by buyers racing for its last use.
 */
async function resolveVoucher(
  tx: Db,
  options: { eventId: number; code: string; typeIds: number[]; now: Date; orderId: number | null },
) {
  // Another event's code is unknown here: saying it exists elsewhere would let codes be probed.
  const [match] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.eventId, options.eventId),
        eq(sql`upper(${vouchers.code})`, options.code.toUpperCase()),
      ),
    );
  if (!match) throw voucherError("voucher_unknown");
  const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.id, match.id)).for("update");
  if (!voucher) throw voucherError("voucher_unknown");
  if (voucher.validFrom && voucher.validFrom > options.now) {
    throw voucherError("voucher_not_yet_valid");
  }
  if (voucher.validUntil && voucher.validUntil <= options.now)
    throw voucherError("voucher_expired");
  if (voucher.ticketTypeId !== null && !options.typeIds.includes(voucher.ticketTypeId)) {
    throw voucherError("voucher_not_applicable");
  }
  if (voucher.maxUses !== null) {
    const [holding] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.voucherId, voucher.id),
          eq(orders.status, "pending"),
          gt(orders.holdExpiresAt, options.now),
          options.orderId === null ? undefined : ne(orders.id, options.orderId),
        ),
      );
    if (voucher.usesCount + Number(holding?.n ?? 0) >= voucher.maxUses) {
      throw voucherError("voucher_used_up");
    }
  }
  return voucher;
}

const voucherRule = (voucher: typeof vouchers.$inferSelect | null): VoucherRule | null =>
  voucher && { kind: voucher.kind, value: voucher.value, ticketTypeId: voucher.ticketTypeId };

/**
 * Why an order that is not paid has no tickets to send: it may still be paid, it was refunded,
 * or it ended unpaid. The code stays what each caller answered before (the files'
 * `order_not_paid`, the panel's `conflict`); the message says which.
 */
export const notPaidError = (status: OrderStatus, code: "order_not_paid" | "conflict") =>
  new HttpError(
    409,
    code,
    status === "refunded"
      ? "order_refunded_no_tickets"
      : status === "pending"
        ? "order_not_paid"
        : "order_ended_unpaid",
  );

/**
 * The order's status as the buyer and the organiser should read it: an unplaced hold that ran
 * out is expired, and an order whose refund is decided is refunded (`refunds.ts`): its tickets
 * are void already. `hasVisibleStatus` is the same rule in SQL, for filters.
 */
export function visibleStatus(order: typeof orders.$inferSelect, now: Date): OrderStatus {
  if (order.refundRequestedAt) return "refunded";
  if (
    order.status === "pending" &&
    !order.placedAt &&
    order.holdExpiresAt &&
    order.holdExpiresAt <= now
  ) {
    return "expired";
  }
  return order.status;
}

export function hasVisibleStatus(status: OrderStatus, now: Date): SQL {
  const refundDecided = isNotNull(orders.refundRequestedAt);
  // As `visibleStatus`: a hold without an end (none is made so) has not run out.
  const ranOut = and(
    eq(orders.status, "pending"),
    isNull(orders.placedAt),
    isNotNull(orders.holdExpiresAt),
    lte(orders.holdExpiresAt, now),
  )!;
  if (status === "refunded") return or(eq(orders.status, "refunded"), refundDecided)!;
  const rest = and(not(refundDecided), status === "pending" ? not(ranOut) : undefined);
  if (status === "expired") return and(or(eq(orders.status, "expired"), ranOut), rest)!;
  return and(eq(orders.status, status), rest)!;
}

export type CheckoutDeps = {
  db: Database;
  config: Config;
  signer: TicketSigner;
  provider: PaymentProvider;
};

export type Checkout = ReturnType<typeof createCheckout>;

/** The purchase: holds, orders, payment and ticket issue. */
export function createCheckout({ db, config, signer, provider }: CheckoutDeps) {
  const fee = { percent: config.SERVICE_FEE_PERCENT, fixedCents: config.SERVICE_FEE_FIXED_CENTS };

  const returnUrl = (order: { id: number; createdAt: Date }, locale: Locale) => {
    const url = new URL(checkoutWebPaths.buyStatus[locale], config.PUBLIC_URL);
    url.searchParams.set("order", String(order.id));
    url.searchParams.set("token", signer.orderToken(order));
    return url.href;
  };

  /** The event with those of the ticket types that are its own: the first read of every hold. */
  const eventWithTypes = db
    .select({ event: events, type: eventTicketTypes })
    .from(events)
    .leftJoin(
      eventTicketTypes,
      and(
        eq(eventTicketTypes.eventId, events.id),
        sql`${eventTicketTypes.id} = any(${sql.placeholder("typeIds")}::int[])`,
      ),
    )
    .where(eq(events.id, sql.placeholder("eventId")))
    .prepare("hold_event_types");

  async function findByIdempotencyKey(key: string, userId: string | null) {
    const [existing] = await db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    if (!existing) return null;
    if (existing.userId !== userId) throw new HttpError(409, "idempotency_key_reused");
    return existing.id;
  }

  /** The order an earlier hold with the same Idempotency-Key made, or null. */
  async function orderOfKey(input: CreateOrderInput): Promise<number | null> {
    const idempotencyKey = keptIdempotencyKey(input);
    return idempotencyKey ? findByIdempotencyKey(idempotencyKey, input.userId) : null;
  }

  /**
   * Holds the chosen seats for HOLD_MINUTES as a pending order, in one transaction with the
   * ticket types locked: never more than the capacity is sold or held. Answers the order id, and
   * whether this call held the seats (not when a hold with the same key came first).
   */
  async function createOrder(
    input: CreateOrderInput,
    now = new Date(),
  ): Promise<{ id: number; created: boolean }> {
    const idempotencyKey = keptIdempotencyKey(input);
    const earlier = await orderOfKey(input);
    if (earlier !== null) return { id: earlier, created: false };
    const ids = input.items.map((item) => item.ticket_type_id);
    // Read unlocked, before anything is written: only the seat count needs the lock.
    const [rows, [buyer]] = await Promise.all([
      eventWithTypes.execute({ eventId: input.eventId, typeIds: ids }),
      input.userId ? db.select().from(users).where(eq(users.id, input.userId)) : [],
    ]);
    const event = rows[0]?.event;
    if (!event || event.status === "draft") throw notFound();
    if (isClosed(event, now)) throw new HttpError(409, "not_on_sale");
    const types = rows.flatMap((row) => (row.type ? [row.type] : []));
    const typeOf = (id: number) => types.find((row) => row.id === id);
    input.items.forEach((item, index) => {
      const type = typeOf(item.ticket_type_id);
      if (!type) throw fieldError(`items.${index}.ticket_type_id`, "ticket_type_unknown");
      if (item.quantity > type.maxPerOrder) {
        throw fieldError(`items.${index}.quantity`, "quantity_over_max");
      }
      if ((type.salesStart && type.salesStart > now) || (type.salesEnd && type.salesEnd <= now)) {
        throw new HttpError(409, "not_on_sale");
      }
    });

    /**
     * The order, its items and the seat check in one statement (`hold_seats`, migration 0016,
     * fails it when the seats are gone, which writes nothing). Without a voucher it is the whole
     * transaction: the ticket types stay locked from the check to the commit inside the server,
     * for no round trip to this process, and every hold of an on-sale rush waits for that lock.
     */
    const hold = async (conn: Db, voucher: typeof vouchers.$inferSelect | null) => {
      const priced = priceOrder(
        input.items.map((item) => ({
          type: typeOf(item.ticket_type_id)!,
          quantity: item.quantity,
        })),
        voucherRule(voucher),
        fee,
      );
      if (priced.totalCents > orderTotalMaxCents)
        throw fieldError("items", "order_total_too_large");
      const newOrder = conn
        .insert(orders)
        .values({
          userId: input.userId,
          buyerName: buyer ? `${buyer.name} ${buyer.surname}` : "",
          buyerEmail: buyer?.email ?? "",
          eventId: event.id,
          status: "pending",
          subtotalCents: priced.subtotalCents,
          discountCents: priced.discountCents,
          feeCents: priced.feeCents,
          totalCents: priced.totalCents,
          locale: input.locale,
          voucherId: voucher?.id ?? null,
          holdExpiresAt: new Date(now.getTime() + config.HOLD_MINUTES * 60_000),
          idempotencyKey: idempotencyKey ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id, holdExpiresAt: orders.holdExpiresAt });
      const column = <T>(pick: (line: (typeof priced.lines)[number]) => T) =>
        sql.param(priced.lines.map(pick));
      const typeIds = column((line) => line.ticketTypeId);
      const quantities = column((line) => line.quantity);
      // On a PostgreSQL server the hold's commit does not wait for the disk. Our process dying
      // loses nothing there; the server crashing may lose a hold, which is a buyer choosing
      // again, nothing paid (every later step of the order commits durably, which writes the
      // hold to disk first). The embedded database dies with our process: there it waits.
      const asyncCommit = config.DATABASE_URL
        ? sql`, set_config('synchronous_commit', 'off', true)`
        : sql``;
      const result = (await conn.execute(sql`
        with new_order as (${newOrder.getSQL()}),
        new_items as (
          insert into order_items (order_id, held_until, ticket_type_id, quantity,
            unit_price_cents, discount_cents, sale_price_cents, vat_percent)
          select new_order.id, new_order.hold_expires_at, line.* from new_order, unnest(${typeIds}::int[],
            ${quantities}::int[], ${column((line) => line.unitPriceCents)}::int[],
            ${column((line) => line.discountCents)}::int[],
            ${column((line) => line.salePriceCents)}::int[],
            ${column((line) => typeOf(line.ticketTypeId)!.vatPercent)}::numeric[]) as line)
        select hold_seats(${typeIds}::int[], ${quantities}::int[], ${now.toISOString()}::timestamptz,
          new_order.id) as id ${asyncCommit}
        from new_order`)) as unknown as { rows: { id: number }[] };
      return { id: result.rows[0]!.id, created: true };
    };

    try {
      if (!input.voucherCode) return await hold(db, null);
      const code = input.voucherCode;
      // The voucher stays locked with its count of uses until the hold is committed.
      return await db.transaction(async (tx) =>
        hold(
          tx,
          await resolveVoucher(tx, { eventId: event.id, code, typeIds: ids, now, orderId: null }),
        ),
      );
    } catch (error) {
      if (failedWith(error, seatsGone)) throw new HttpError(409, "sold_out");
      // Two retries with one key raced: the other one's order is the answer.
      if (idempotencyKey && failedWith(error, uniqueViolation)) {
        const existing = await findByIdempotencyKey(idempotencyKey, input.userId);
        if (existing !== null) return { id: existing, created: false };
      }
      throw error;
    }
  }

  /** The order, when it may still be changed or placed: pending, unplaced, hold running. */
  function assertOpen(order: typeof orders.$inferSelect, now: Date) {
    if (order.status !== "pending" || order.placedAt) throw new HttpError(409, "order_closed");
    if (!order.holdExpiresAt || order.holdExpiresAt <= now)
      throw new HttpError(409, "hold_expired");
    return order;
  }

  /** The order locked, when it is open (`assertOpen`). */
  async function lockOpenOrder(tx: Db, orderId: number, now: Date) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound();
    return assertOpen(order, now);
  }

  /** The billing snapshot of an address typed into the address book's form (place names). */
  async function placeSnapshot(
    tx: Db,
    address: AddressInput,
    locale: Locale,
  ): Promise<BillingAddress> {
    const [place] = await tx
      .select({
        city: locale === "en" ? cities.nameEn : cities.nameDe,
        country: locale === "en" ? countries.nameEn : countries.nameDe,
      })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(and(eq(cities.id, address.city_id), eq(countries.id, address.country_id)));
    if (!place) throw fieldError("new_address.city_id", "unknown_city");
    return {
      recipient: address.recipient,
      line: address.line,
      postal_code: address.postal_code,
      city: place.city,
      country: place.country,
    };
  }

  async function addressSnapshot(
    tx: Db,
    userId: string | null,
    addressId: number,
    locale: Locale,
  ): Promise<BillingAddress> {
    const [row] = userId
      ? await tx
          .select({
            address: addresses,
            city: locale === "en" ? cities.nameEn : cities.nameDe,
            country: locale === "en" ? countries.nameEn : countries.nameDe,
          })
          .from(addresses)
          .innerJoin(cities, eq(cities.id, addresses.cityId))
          .innerJoin(countries, eq(countries.id, addresses.countryId))
          .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      : [];
    if (!row) throw fieldError("address_id", "not_found");
    return {
      recipient: row.address.recipient,
      line: row.address.line,
      postal_code: row.address.postalCode,
      city: row.city,
      country: row.country,
    };
  }

  /** Buyer details, billing address and voucher of an open order; prices are computed again. */
  async function updateOrder(orderId: number, input: UpdateOrderInput, now = new Date()) {
    if (
      input.addressId === undefined &&
      input.newAddress === undefined &&
      input.voucherCode === undefined
    ) {
      // Nothing here depends on the order's row but its being open (`assertOpen`, in SQL): one
      // conditional update instead of a transaction; the row is read only to say why not.
      const [updated] = await db
        .update(orders)
        .set({
          updatedAt: now,
          buyerName: input.buyerName,
          buyerEmail: input.buyerEmail,
          billingAddress: input.billingAddress,
          userId: input.claimFor ? sql`coalesce(${orders.userId}, ${input.claimFor})` : undefined,
        })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.status, "pending"),
            isNull(orders.placedAt),
            gt(orders.holdExpiresAt, now),
          ),
        )
        .returning({ id: orders.id });
      if (updated) return;
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound();
      assertOpen(order, now);
      throw new HttpError(409, "order_closed");
    }
    await db.transaction(async (tx) => {
      const order = await lockOpenOrder(tx, orderId, now);
      const changes: Partial<typeof orders.$inferInsert> = { updatedAt: now };
      if (input.claimFor && order.userId === null) {
        changes.userId = input.claimFor;
        order.userId = input.claimFor;
      }
      if (input.buyerName !== undefined) changes.buyerName = input.buyerName;
      if (input.buyerEmail !== undefined) changes.buyerEmail = input.buyerEmail;
      if (input.billingAddress !== undefined) changes.billingAddress = input.billingAddress;
      if (input.addressId !== undefined) {
        // Only from the caller's own address book: the order's token alone opens no one's.
        const owner = input.callerId && order.userId === input.callerId ? input.callerId : null;
        changes.billingAddress = await addressSnapshot(tx, owner, input.addressId, order.locale);
      }
      if (input.newAddress !== undefined) {
        // Only the buyer's own address book, and only when the caller is that buyer.
        if (!input.callerId || order.userId !== input.callerId) {
          throw fieldError("new_address", "address_book_sign_in");
        }
        await checkPlace(tx, input.newAddress, "new_address.");
        changes.billingAddress = await placeSnapshot(tx, input.newAddress, order.locale);
        if (input.saveAddress) await keepAddress(tx, input.callerId, input.newAddress);
      }
      if (input.voucherCode !== undefined) {
        const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
        const voucher = input.voucherCode
          ? await resolveVoucher(tx, {
              eventId: order.eventId!,
              code: input.voucherCode,
              typeIds: items.map((item) => item.ticketTypeId),
              now,
              orderId,
            })
          : null;
        // Reckoned from the prices held, as the total shown so far: the organiser changing a
        // type's price during the hold does not change this order. Items without a held sale
        // price (written by a process from before migration 0023, during a rolling deploy) are
        // reckoned as they were then, from the type's prices of the moment.
        const unheld = items.filter((item) => item.salePriceCents === null);
        const current = unheld.length
          ? await tx
              .select()
              .from(eventTicketTypes)
              .where(
                inArray(
                  eventTicketTypes.id,
                  unheld.map((item) => item.ticketTypeId),
                ),
              )
          : [];
        const priced = priceOrder(
          items.map((item) => ({
            type:
              item.salePriceCents === null
                ? current.find((type) => type.id === item.ticketTypeId)!
                : {
                    id: item.ticketTypeId,
                    priceCents: item.unitPriceCents,
                    discountPriceCents: item.salePriceCents,
                  },
            quantity: item.quantity,
          })),
          voucherRule(voucher),
          fee,
        );
        for (const line of priced.lines) {
          await tx
            .update(orderItems)
            .set({ unitPriceCents: line.unitPriceCents, discountCents: line.discountCents })
            .where(
              and(eq(orderItems.orderId, orderId), eq(orderItems.ticketTypeId, line.ticketTypeId)),
            );
        }
        Object.assign(changes, {
          voucherId: voucher?.id ?? null,
          subtotalCents: priced.subtotalCents,
          discountCents: priced.discountCents,
          feeCents: priced.feeCents,
          totalCents: priced.totalCents,
        });
      }
      await tx.update(orders).set(changes).where(eq(orders.id, orderId));
    });
  }

  /** The order with its event (one round trip), locked for the transaction when asked. */
  async function withEvent(tx: Db, orderId: number, options: { lock?: boolean } = {}) {
    const query = tx
      .select({
        order: orders,
        event: {
          status: events.status,
          endsAt: events.endsAt,
          startsAt: events.startsAt,
          venueId: events.venueId,
        },
      })
      .from(orders)
      .leftJoin(events, eq(events.id, orders.eventId))
      .where(eq(orders.id, orderId));
    const [row] = options.lock ? await query.for("update", { of: orders }) : await query;
    if (!row) throw notFound();
    return row;
  }

  /**
   * Places the order: a free one is paid at once; otherwise a payment is created with the
   * provider and the buyer is sent to its page. Placing again answers the same payment. The
   * provider is asked with no transaction open: in an on-sale rush a slow provider would
   * otherwise keep a pooled connection per place, and the holds and pages behind them would
   * wait. The order is checked before and placed after, under its lock each time.
   */
  async function placeOrder(orderId: number, now = new Date()): Promise<string | null> {
    const ready = await db.transaction(async (tx) => {
      const row = await withEvent(tx, orderId, { lock: true });
      const current = row.order;
      if (current.status === "paid") return { order: null, placed: null };
      if (current.status === "pending" && current.placedAt && current.paymentReference) {
        const placed = { reference: current.paymentReference, locale: current.locale };
        return { order: null, placed };
      }
      const order = assertOpen(current, now);
      // Cancelled, over or unpublished since the hold: nothing to pay for. A cancellation after
      // the order is placed is caught when the payment arrives (`sell_seats`), and refunded.
      if (!row.event || isClosed(row.event, now)) throw new HttpError(409, "not_on_sale");
      const missing: Record<string, "field_required"> = {};
      if (!order.buyerName.trim()) missing.buyer_name = "field_required";
      if (!order.buyerEmail.trim()) missing.buyer_email = "field_required";
      if (Object.keys(missing).length) {
        throw new HttpError(400, "validation_failed", "validation_failed", missing);
      }
      if (order.totalCents === 0) {
        await tx
          .update(orders)
          .set({
            paymentProvider: "free",
            placedAt: now,
            updatedAt: now,
            toldStartsAt: row.event.startsAt,
            toldVenueId: row.event.venueId,
          })
          .where(eq(orders.id, orderId));
        await issueTickets(tx, eq(orders.id, orderId), now, null);
        return { order: null, placed: null };
      }
      return { order, placed: null };
    });
    const { order } = ready;
    if (!order)
      return ready.placed && provider.paymentUrl(db, ready.placed.reference, ready.placed.locale);
    // The provider would refuse it (a cheap ticket, or a voucher that leaves a few cents).
    if (order.totalCents < provider.minimumCents) {
      throw new HttpError(409, "conflict", "payment_below_minimum");
    }
    // The seats are the buyer's while the provider's page takes payment, and for the time its
    // report may take: a payment made in time is never refunded for seats sold meanwhile.
    const expiresAt = new Date(now.getTime() + config.PAYMENT_MINUTES * 60_000);
    const { reference } = await provider
      .createPayment(db, {
        orderId,
        amountCents: order.totalCents,
        currency: order.currency,
        locale: order.locale,
        returnUrl: returnUrl(order, order.locale),
        expiresAt,
      })
      .catch((error: unknown) => {
        // Unreachable for now: the order stays open and unplaced, and the buyer may try again.
        if (!(error instanceof PaymentUnavailable)) throw error;
        throw new HttpError(
          503,
          "service_unavailable",
          "payment_unavailable",
          undefined,
          {
            "retry-after": "5",
          },
          error,
        );
      });
    // Placed in one statement, committed inside the server (decision 011), if the order is as
    // it was read: open, at this payment's amount, its event on sale, and its hold running at
    // this instant (`now` was taken before the provider's answer, and a hold that ran out
    // meanwhile may have lost its seats to another buyer; moving it on would count them twice).
    const reportDue = new Date(expiresAt.getTime() + PAYMENT_REPORT_MINUTES * 60_000);
    const [done] = await db
      .update(orders)
      .set({
        paymentProvider: provider.name,
        paymentReference: reference,
        placedAt: now,
        updatedAt: now,
        // What the buyer decided on: a start or venue changed before the payment arrives is told
        // to them then (`issueTickets`).
        toldStartsAt: sql`(select starts_at from events where id = ${orders.eventId})`,
        toldVenueId: sql`(select venue_id from events where id = ${orders.eventId})`,
        holdExpiresAt: sql`greatest(${orders.holdExpiresAt}, ${reportDue.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, "pending"),
          isNull(orders.placedAt),
          eq(orders.totalCents, order.totalCents),
          eq(orders.currency, order.currency),
          gt(orders.holdExpiresAt, sql`clock_timestamp()`),
          sql`exists (select from events e where e.id = ${orders.eventId}
            and e.status = 'published' and e.ends_at >= ${now.toISOString()}::timestamptz)`,
        ),
      )
      .returning({ id: orders.id });
    if (done) return provider.paymentUrl(db, reference, order.locale);
    // Not placed: why, from the order as it is now.
    const row = await withEvent(db, orderId);
    const current = row.order;
    // Nobody is sent to this payment's page: closed, it cannot take money that would only be
    // refunded (two places of the order at once each made one). Should the provider not answer,
    // the page still takes nothing without its address, and expires at its time.
    if (current.paymentReference !== reference) {
      await provider.closePayment(db, reference).catch(() => {});
    }
    // Another place of the same order came first: its payment is the order's.
    if (current.status === "pending" && current.placedAt && current.paymentReference) {
      return provider.paymentUrl(db, current.paymentReference, current.locale);
    }
    assertOpen(current, now);
    if (!row.event || isClosed(row.event, now)) throw new HttpError(409, "not_on_sale");
    // The buyer changed the order (a voucher) while the provider was asked: that payment is not
    // for this amount.
    if (current.totalCents !== order.totalCents || current.currency !== order.currency) {
      throw new HttpError(409, "conflict", "order_changed_while_placing");
    }
    throw new HttpError(409, "hold_expired");
  }

  /** The buyer gives the seats back before paying. */
  async function cancelOrder(orderId: number, now = new Date()) {
    await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order) throw notFound();
      if (order.status !== "pending" || order.placedAt) throw new HttpError(409, "order_closed");
      await tx
        .update(orders)
        .set({ status: "cancelled", updatedAt: now })
        .where(eq(orders.id, orderId));
    });
  }

  /**
   * The payment succeeded: issues one signed ticket per seat and queues the confirmation email,
   * once. A payment that comes after its hold ran out still gets its tickets if the seats are
   * there; otherwise the money goes back and the buyer is told. `report` is the provider's event
   * that says so: recorded in the same statement, so that a second delivery changes nothing.
   */
  async function issueTickets(
    conn: Db,
    which: SQL | undefined,
    now: Date,
    report: PaymentReport | null,
  ): Promise<void> {
    // Unlocked: the order's items with the ids of their tickets, drawn here because the signed
    // code names its ticket. Whether the order may still be paid is decided under its lock below.
    const items = await conn
      .select({
        orderId: orderItems.orderId,
        id: orderItems.id,
        ticketTypeId: orderItems.ticketTypeId,
        quantity: orderItems.quantity,
        unitPriceCents: orderItems.unitPriceCents,
        discountCents: orderItems.discountCents,
        eventId: eventTicketTypes.eventId,
        ticketIds: sql<number[]>`array(select nextval(pg_get_serial_sequence('tickets', 'id'))::int
          from generate_series(1, ${orderItems.quantity}))`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, orderItems.ticketTypeId))
      .where(which)
      .orderBy(asc(orderItems.id));
    const orderId = items[0]?.orderId;
    const recorded = report ? recordReport(conn, report).getSQL() : sql`select 1`;
    if (orderId === undefined) {
      // No such order: the report is kept all the same.
      await conn.execute(sql`with recorded as (${recorded}) select 1`);
      return;
    }
    const lines = items.flatMap((item) =>
      item.ticketIds.map((id) => ({
        id,
        code: signer.sign({ tid: id, eid: item.eventId, ttid: item.ticketTypeId }),
        item,
      })),
    );
    const column = <T>(pick: (line: (typeof lines)[number]) => T) => sql.param(lines.map(pick));
    // Crash tests (config.ts): die here, with the tickets signed and nothing written.
    if (config.FAULT_KILL_BEFORE_TICKET_ISSUE) process.kill(process.pid, "SIGKILL");
    // One statement, committed inside the server when the caller has no transaction: the report,
    // the order locked (a second report for it waits, then finds it paid), its voucher locked
    // before the seats (a hold with that voucher locks them in this order too: the other way
    // round the two would deadlock), the seats taken last (`sell_seats`, which every hold and
    // payment of the event waits for) and the tickets, the voucher's use, the order paid and its
    // confirmation queued. Seats or voucher gone: `sell_seats` fails the statement, nothing of
    // it is written, and the refund below records the report instead.
    const statement = sql`
      with recorded as (${recorded}),
      paying as (
        select id, user_id, voucher_id from orders
        where id = ${orderId} and status not in ('paid', 'refunded') and refund_requested_at is null
          and exists (select from recorded)
        for update),
      voucher as materialized (
        select id from vouchers where id = (select voucher_id from paying) for no key update),
      seats as (
        select sell_seats(${sql.param(items.map((item) => item.ticketTypeId))}::int[],
          ${sql.param(items.map((item) => item.quantity))}::int[], ${now.toISOString()}::timestamptz,
          paying.id, voucher.id) as fits
        from paying left join voucher on true),
      issued as (
        insert into tickets (id, code, order_id, order_item_id, ticket_type_id, user_id,
          ticket_price_cents, discount_cents, created_at)
        select line.id, line.code, paying.id, line.item, line.type, paying.user_id, line.price,
          line.discount, ${now.toISOString()}::timestamptz
        from paying, unnest(${column((line) => line.id)}::int[], ${column((line) => line.code)}::text[],
          ${column((line) => line.item.id)}::int[], ${column((line) => line.item.ticketTypeId)}::int[],
          ${column((line) => line.item.unitPriceCents)}::int[],
          ${column((line) => line.item.discountCents)}::int[])
          as line(id, code, item, type, price, discount)
        where (select fits from seats)),
      used as (
        update vouchers set uses_count = uses_count + 1
        where id = (select voucher_id from paying) and (select fits from seats)),
      paid as (
        update orders set status = 'paid', paid_at = ${now.toISOString()}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz,
          -- What the buyer was told when placing (an order from before: the event as it is).
          told_starts_at = coalesce(told_starts_at, (select starts_at from events where id = orders.event_id)),
          told_venue_id = coalesce(told_venue_id, (select venue_id from events where id = orders.event_id))
        where id = ${orderId} and (select fits from seats)
        returning id, event_id, told_starts_at, told_venue_id),
      -- The start or venue changed since: the buyer is told, as the others were, and not before
      -- the change's own notice is due (change-notices.ts).
      noticed as (
        insert into outbox_jobs (kind, payload, dedup_key, next_attempt_at)
        select ${eventChangeNoticeJob}, jsonb_build_object('event_id', e.id,
            'changed_at', to_char(e.schedule_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
          'event-change-paid:' || paid.id,
          greatest(${now.toISOString()}::timestamptz,
            e.schedule_changed_at + make_interval(mins => ${CHANGE_NOTICE_DELAY_MINUTES}))
        from paid join events e on e.id = paid.event_id
        where e.schedule_changed_at is not null
          and (date_trunc('minute', paid.told_starts_at) <> date_trunc('minute', e.starts_at)
            or paid.told_venue_id <> e.venue_id)
        on conflict (dedup_key) do nothing),
      queued as (
        insert into outbox_jobs (kind, payload, dedup_key, next_attempt_at)
        select ${orderConfirmationJob}, ${JSON.stringify({ order_id: orderId })}::jsonb,
          ${`order-confirmation:${orderId}`}, ${now.toISOString()}::timestamptz
        where (select fits from seats)
        on conflict (dedup_key) do nothing)
      select 1`;
    try {
      // Reported before, already paid or refunded, or paid now.
      await conn.execute(statement);
    } catch (error) {
      const reason: LateRefundReason | null = failedWith(error, seatsGone)
        ? "sold_out"
        : failedWith(error, voucherGone)
          ? "voucher_used_up"
          : failedWith(error, eventCancelled)
            ? "event_cancelled"
            : failedWith(error, eventOver)
              ? "event_over"
              : null;
      if (!reason) throw error;
      // A free order inside its caller's transaction: that transaction is undone.
      if (conn !== db) {
        if (reason === "voucher_used_up") throw voucherError(reason);
        throw new HttpError(409, reason === "sold_out" ? reason : "not_on_sale");
      }
      await refundLate(orderId, report, reason, now);
    }
  }

  /**
   * A payment whose seats or voucher were gone: the money goes back. The refund is decided with
   * the report recorded, then asked of the provider (`refunds.ts`); should that fail, the
   * reconciliation asks again, and a second delivery of the report changes nothing.
   */
  async function refundLate(
    orderId: number,
    report: PaymentReport | null,
    reason: LateRefundReason,
    now: Date,
  ) {
    const owed = await db.transaction(async (tx) => {
      if (report && (await recordReport(tx, report)).length === 0) return false;
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order || order.status === "paid" || order.status === "refunded") return false;
      await requestRefund(tx, order, reason, now);
      return true;
    });
    if (owed)
      await completeRefund(db, provider, orderId, { actorId: null, site: config.SITE_NAME });
  }

  /** The payment failed, was cancelled or ran out: only an order still waiting for it closes. */
  async function closeUnpaid(
    tx: Db,
    orderId: number,
    status: "failed" | "cancelled" | "expired",
    now: Date,
  ) {
    await tx
      .update(orders)
      .set({ status, updatedAt: now, paymentClosedAt: now })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ["pending", "expired"])));
  }

  /**
   * Applies what a provider reports about a payment (its webhook, with `report`, applied once per
   * event; or the reconciliation's question).
   */
  async function applyPaymentState(
    reference: string,
    state: "succeeded" | "failed" | "cancelled" | "expired",
    report: PaymentReport | null,
    now = new Date(),
  ) {
    const byReference = and(
      eq(orders.paymentProvider, provider.name),
      eq(orders.paymentReference, reference),
    );
    if (state === "succeeded") return issueTickets(db, byReference, now, report);
    await db.transaction(async (tx) => {
      if (report) {
        const fresh = await recordReport(tx, report);
        // Delivered before: already applied.
        if (fresh.length === 0) return;
      }
      const [order] = await tx.select().from(orders).where(byReference).for("update");
      if (order) await closeUnpaid(tx, order.id, state, now);
    });
  }

  /**
   * Closes holds that ran out, and asks the provider about placed orders still open (their
   * webhook may have been lost, or the process died between payment and ticket issue). An order
   * is asked at most once per `askEverySeconds` (RECONCILE_INTERVAL_SECONDS) across all server
   * processes, and not in its first: its webhook usually comes within seconds, and the provider's
   * rate limit is shared with the checkout's own calls, which an on-sale rush needs.
   */
  async function reconcile(now = new Date(), askEverySeconds = config.RECONCILE_INTERVAL_SECONDS) {
    // Each answer is applied at the time it came (`now` moved on by the run's time so far): a
    // run asks one order after another, and a hold that ran out meanwhile holds no seats.
    const started = Date.now();
    await db
      .update(orders)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(orders.status, "pending"), lte(orders.holdExpiresAt, now)));
    // A few seconds' slack: the next tick of a 60 s timer comes 59.99 s after the last one's
    // stamp as often as 60.01 s, and must find its orders due.
    const due = new Date(now.getTime() - Math.max(0, askEverySeconds - 5) * 1000);
    // Claimed by stamping them, in one statement: another process's run at the same time skips
    // these rows (locked) or finds them asked just now, and takes others or none.
    const open = await db
      .update(orders)
      .set({ paymentCheckedAt: now })
      .where(
        inArray(
          orders.id,
          db
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(
                inArray(orders.status, ["pending", "expired"]),
                eq(orders.paymentProvider, provider.name),
                isNotNull(orders.paymentReference),
                // The provider said it can no longer be paid: asking again only costs its rate
                // limit.
                isNull(orders.paymentClosedAt),
                // Its refund is owed: `completeOwedRefunds` finishes it, no report pays it.
                isNull(orders.refundRequestedAt),
                // A delayed payment (SEPA Direct Debit) is decided up to 14 business days after
                // its session completed, and Stripe retries a webhook for 3 days: 30 days cover
                // both, so no payment made is left without its tickets or refund.
                gt(orders.placedAt, new Date(now.getTime() - 30 * 86_400_000)),
                lte(sql`coalesce(${orders.paymentCheckedAt}, ${orders.placedAt})`, due),
                // Asked less often as it ages (a hundredth of its age: every 15 minutes after a
                // day, every 7 hours after a month), so a payment still being processed costs
                // about 700 questions in those 30 days, not one per interval; all at start.
                askEverySeconds > 0
                  ? sql`coalesce(${orders.paymentCheckedAt}, ${orders.placedAt}) <= ${now.toISOString()}::timestamptz - (${now.toISOString()}::timestamptz - ${orders.placedAt}) / 100`
                  : undefined,
              ),
            )
            // Longest waiting first, asked or placed: however many checkouts are placed or were
            // abandoned since, an order whose webhook was lost gets its turn.
            .orderBy(sql`coalesce(${orders.paymentCheckedAt}, ${orders.placedAt})`)
            .limit(500)
            .for("update", { skipLocked: true }),
        ),
      )
      .returning({
        id: orders.id,
        reference: orders.paymentReference,
        holdExpiresAt: orders.holdExpiresAt,
      });
    let completed = 0;
    const failures: unknown[] = [];
    for (const order of open) {
      // One order failing (its provider unreachable, a late payment's refund refused) must not
      // keep the others from their turn.
      try {
        const state = await provider.state(db, order.reference!);
        // Paid, then refunded in full at the provider (or on its way back, as Stripe's own report
        // of a refund counts it), and both reports lost: the session still reads paid, and no
        // tickets follow, as after the refund's report. Asked only once the report is overdue
        // (the order's hold has run out): a report merely late in a rush costs no more questions.
        const overdue = order.holdExpiresAt === null || order.holdExpiresAt <= now;
        const refunds =
          state === "succeeded" && overdue
            ? await provider.refundStanding?.(order.reference!)
            : undefined;
        if (refunds === "refunded" || refunds === "pending") {
          await paymentChanges.refunded(db, provider, order.reference!, config.SITE_NAME);
          continue;
        }
        if (
          state === "succeeded" ||
          state === "failed" ||
          state === "cancelled" ||
          state === "expired"
        ) {
          const answeredAt = new Date(now.getTime() + Date.now() - started);
          await applyPaymentState(order.reference!, state, null, answeredAt);
          if (state === "succeeded") completed++;
        }
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) {
      throw new AggregateError(failures, `${failures.length} open orders were not reconciled`);
    }
    return { completed };
  }

  /** Who may read an order: its signed-in owner, or whoever holds its token. */
  async function authorize(
    orderId: number,
    caller: { userId: string | null; token: string | undefined },
  ) {
    const signed =
      caller.token === undefined ? null : signer.verifyOrderToken(orderId, caller.token);
    const [order] = await db
      .select({ userId: orders.userId, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw notFound();
    // A token is this order's when it was signed for its id and creation instant: an order that
    // got the id of one the database lost is not the first buyer's. Tokens from before the
    // instant was signed name the id alone.
    if (signed === "id-only" || signed === order.createdAt.getTime()) return;
    // Someone else's order is answered like one that does not exist.
    if (caller.userId === null || order.userId !== caller.userId) throw notFound();
  }

  /**
   * One order with its event, items and tickets (as JSON): one round trip per read. Prepared once
   * per language: the server plans it once per connection, not on each of an order's four reads.
   */
  const orderQuery = (locale: Locale) => {
    const name = localeColumn("tt.name", locale);
    return db
      .select({
        order: orders,
        event: events,
        venue: venues.name,
        voucher: vouchers.code,
        items: sql<CheckoutOrder["items"]>`(select coalesce(json_agg(json_build_object(
            'ticket_type_id', oi.ticket_type_id, 'ticket_type_name', ${name},
            'quantity', oi.quantity, 'unit_price_cents', oi.unit_price_cents,
            'discount_cents', coalesce(oi.discount_cents, 0),
            'price_cents', oi.unit_price_cents - coalesce(oi.discount_cents, 0),
            'vat_percent', oi.vat_percent) order by oi.id), '[]')
          from order_items oi join event_ticket_types tt on tt.id = oi.ticket_type_id
          where oi.order_id = ${orders.id})`,
        tickets: sql<CheckoutOrder["tickets"]>`(select coalesce(json_agg(json_build_object(
            'id', t.id, 'ticket_type_id', t.ticket_type_id, 'ticket_type_name', ${name},
            'code', t.code, 'price_cents', t.ticket_price_cents,
            'discount_cents', coalesce(t.discount_cents, 0)) order by t.id), '[]')
          from tickets t join event_ticket_types tt on tt.id = t.ticket_type_id
          where t.order_id = ${orders.id})`,
      })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(venues, eq(venues.id, events.venueId))
      .leftJoin(vouchers, eq(vouchers.id, orders.voucherId))
      .where(eq(orders.id, sql.placeholder("id")))
      .prepare(`read_order_${locale}`);
  };
  const orderQueries = { de: orderQuery("de"), en: orderQuery("en") } satisfies Record<
    Locale,
    unknown
  >;

  async function readOrder(
    orderId: number,
    locale: Locale,
    now = new Date(),
  ): Promise<CheckoutOrder> {
    const [row] = await orderQueries[locale].execute({ id: orderId });
    if (!row) throw notFound();
    const { order, event, items: lines } = row;
    const status = visibleStatus(order, now);
    const open = status === "pending";
    return {
      id: order.id,
      status,
      event: {
        id: event.id,
        title: locale === "en" ? event.titleEn : event.titleDe,
        slug: locale === "en" ? event.slugEn : event.slugDe,
        starts_at: event.startsAt.toISOString(),
        venue_name: row.venue,
      },
      items: lines,
      subtotal_cents: order.subtotalCents,
      discount_cents: order.discountCents,
      fee_cents: order.feeCents,
      total_cents: order.totalCents,
      vat: vatShares(lines, order.feeCents),
      currency: order.currency,
      voucher_code: row.voucher,
      buyer_name: order.buyerName,
      buyer_email: order.buyerEmail,
      billing_address: order.billingAddress ?? null,
      hold_expires_at: open && order.holdExpiresAt ? order.holdExpiresAt.toISOString() : null,
      payment_provider: order.paymentProvider,
      payment_url:
        open && order.paymentReference && order.paymentProvider === provider.name
          ? await provider.paymentUrl(db, order.paymentReference, locale)
          : null,
      test_mode: provider.testMode,
      tickets: row.tickets,
      created_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      refund_reason: status === "refunded" ? order.refundReason : null,
      refund_failed: order.refundFailedAt !== null && order.refundRepaidAt === null,
    };
  }

  return {
    orderOfKey,
    createOrder,
    updateOrder,
    placeOrder,
    cancelOrder,
    applyPaymentState,
    /**
     * A payment of the provider's own (a Stripe payment intent) changed there, outside this
     * product: refunded in full (its order is refunded here too), its refund failed (the operator
     * owes the money another way) or charged back (its order refunded without the provider).
     * Answers the payment's reference, null when it is none of ours.
     */
    async paymentChangedAtProvider(
      paymentId: string,
      change: PaymentChange,
      amountCents?: number,
    ): Promise<string | null> {
      const reference = (await provider.referenceOfPayment?.(paymentId)) ?? null;
      if (reference) {
        await paymentChanges[change](db, provider, reference, config.SITE_NAME, amountCents);
      }
      return reference;
    },
    reconcile,
    authorize,
    readOrder,
    /** The token of an order as the API answers it. */
    orderToken: (order: CheckoutOrder) => signer.orderToken(signedOrder(order)),
    providerName: provider.name,
    /** The return page of an order, with the token that lets a guest read it. */
    statusUrl: (order: Pick<CheckoutOrder, "id" | "created_at">, locale: Locale) =>
      returnUrl(signedOrder(order), locale),
  };
}

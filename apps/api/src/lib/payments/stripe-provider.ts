import { createHash, randomUUID } from "node:crypto";
import Stripe from "stripe";
import { HttpError } from "../http-error.ts";
import {
  type PaymentChange,
  type PaymentProvider,
  type PaymentState,
  PaymentUnavailable,
  RefundFailedEarlier,
  type RefundStanding,
} from "./provider.ts";

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Another API address than Stripe's (a local fake in tests); its host, port and protocol. */
  apiBase?: string;
  siteName: string;
};

export function stripeClient(options: Pick<StripeOptions, "secretKey" | "apiBase">): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** What a Checkout Session says about its payment. */
export function sessionState(session: Stripe.Checkout.Session): PaymentState {
  if (session.status === "expired") return "expired";
  if (session.status === "complete") {
    return session.payment_status === "unpaid" ? "pending" : "succeeded";
  }
  return "open";
}

const intentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;

/**
 * Stripe Checkout Sessions through the official SDK, paid on Stripe's hosted page; the webhook
 * (`stripeOutcome`) and the reconciliation job (`state`) report the outcome. The order's
 * reference is kept only when its place commits, which answers a placed order's session again.
 */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = stripeClient(options);
  const closeSession = async (reference: string) => {
    try {
      await stripe.checkout.sessions.expire(reference);
    } catch (error) {
      // Only an open session can be expired: one paid or expired meanwhile is left as it is.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw error;
    }
  };
  // By amounts, whoever made the refunds (this product, or the operator in the dashboard): a small
  // goodwill refund that failed leaves the rest refundable, a full one that failed does not.
  const standingOf = async (session: Stripe.Checkout.Session): Promise<RefundStanding> => {
    const intent = intentOf(session);
    const amount = session.amount_total;
    if (!intent || !amount) return "none";
    const refunds = await stripe.refunds
      .list({ payment_intent: intent, limit: 100 })
      .autoPagingToArray({ limit: 10_000 });
    const sum = (statuses: readonly string[]) =>
      refunds.reduce(
        (total, row) => total + (statuses.includes(row.status ?? "") ? row.amount : 0),
        0,
      );
    const through = sum(["succeeded"]);
    const coming = through + sum(["pending", "requires_action"]);
    if (through >= amount) return "refunded";
    if (coming >= amount) return "pending";
    return sum(["failed", "canceled"]) >= amount - coming ? "failed" : "none";
  };
  return {
    name: "stripe",
    testMode: options.secretKey.startsWith("sk_test_"),
    // Stripe's minimum charge in euros (every order here is in EUR).
    minimumCents: 50,
    createPayment: async (_db, request) => {
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountCents,
              product_data: { name: `${options.siteName} #${request.orderId}` },
            },
          },
        ],
        client_reference_id: String(request.orderId),
        metadata: { order_id: String(request.orderId) },
        locale: request.locale,
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      };
      // Stripe refuses a key used again with other parameters, and the expiry moves with the
      // clock: a key of the order and its parameters lets the SDK's retries of this call answer
      // one session, and a place retried after its transaction failed (nobody got that session's
      // address) make a new one instead of failing until the hold runs out.
      const hash = createHash("sha256").update(JSON.stringify(params)).digest("base64url");
      const session = await stripe.checkout.sessions
        .create(params, {
          idempotencyKey: `eventwerk-order-${request.orderId}-${hash.slice(0, 16)}`,
        })
        .catch((error: unknown) => {
          // After the SDK's own retries: away, failing on its side, or too busy.
          if (
            error instanceof Stripe.errors.StripeConnectionError ||
            error instanceof Stripe.errors.StripeAPIError ||
            error instanceof Stripe.errors.StripeRateLimitError
          ) {
            throw new PaymentUnavailable(error.message, { cause: error });
          }
          throw error;
        });
      return { reference: session.id };
    },
    paymentUrl: async (_db, reference) => {
      const session = await stripe.checkout.sessions.retrieve(reference);
      return session.status === "open" ? session.url : null;
    },
    state: async (_db, reference) =>
      sessionState(await stripe.checkout.sessions.retrieve(reference)),
    refund: async (_db, reference) => {
      let session = await stripe.checkout.sessions.retrieve(reference);
      // Not paid yet: closed first, so that no payment can follow a refund recorded as done (a
      // payment made in the meantime has its intent when asked again).
      if (session.status === "open") {
        await closeSession(reference);
        session = await stripe.checkout.sessions.retrieve(reference);
      }
      const intent = intentOf(session);
      // Never paid: there is nothing to give back.
      if (!intent) return;
      // A refund that failed (its report may be late, or lost) is the operator's to give back: a
      // new one could pay the buyer twice. One made again in the dashboard lets a full refund be
      // asked (refused when it is full already).
      if ((await standingOf(session)) === "failed") {
        throw new RefundFailedEarlier(`a refund of ${intent} failed`);
      }
      try {
        // A key per call, which the SDK's retries of it share: Stripe keeps a key's first answer
        // for a day, errors included, so one key per payment would answer a failed first try to
        // every reconciliation until then. A second call refunds nothing twice: Stripe refuses a
        // payment refunded in full.
        await stripe.refunds.create(
          { payment_intent: intent, reason: "requested_by_customer" },
          { idempotencyKey: `eventwerk-refund-${reference}-${randomUUID()}` },
        );
      } catch (error) {
        // Refunded already (an earlier call whose answer was lost, or by hand in Stripe's
        // dashboard): the money is back, which is all a refund owes.
        if (
          error instanceof Stripe.errors.StripeError &&
          error.code === "charge_already_refunded"
        ) {
          return;
        }
        throw error;
      }
    },
    refundStanding: async (reference) =>
      standingOf(await stripe.checkout.sessions.retrieve(reference)),
    closePayment: (_db, reference) => closeSession(reference),
    referenceOfPayment: async (paymentIntent) => {
      const sessions = await stripe.checkout.sessions.list({
        payment_intent: paymentIntent,
        limit: 1,
      });
      return sessions.data[0]?.id ?? null;
    },
  };
}

/**
 * What a verified webhook event means for an order's payment, if anything: a state of a Checkout
 * Session's payment, or a change of a paid payment at Stripe (by its payment intent).
 */
export type StripeOutcome =
  | { reference: string; state: "succeeded" | "failed" | "expired" }
  | { payment: string; change: PaymentChange; amountCents?: number };

/**
 * A webhook's event, verified with the SDK's signature check (400 `invalid_signature` when it
 * fails). Its shape is the route's body schema's to check.
 */
export function verifiedStripeEvent(
  webhookSecret: string,
  rawBody: string,
  signature: string | undefined,
): Stripe.Event {
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret);
  } catch {
    throw new HttpError(400, "invalid_signature");
  }
}

/** A payment intent's id, given or expanded; null for none (or a signed body of another shape). */
const intentId = (intent: string | { id: string } | null | undefined): string | null =>
  typeof intent === "string" ? intent : typeof intent?.id === "string" ? intent.id : null;

/**
 * A verified event's outcome: a completed, paid session or a delayed payment that succeeded; a
 * delayed payment that failed; a session that expired; a charge refunded in full; a refund that
 * failed; a dispute lost. Other events change nothing.
 */
export function stripeOutcome(event: Stripe.Event): StripeOutcome | null {
  const changed = (
    intent: Parameters<typeof intentId>[0],
    happened: unknown,
    change: PaymentChange,
    amountCents?: unknown,
  ) => {
    const payment = intentId(intent);
    if (!happened || !payment) return null;
    return typeof amountCents === "number" ? { payment, change, amountCents } : { payment, change };
  };
  switch (event.type) {
    // A partial refund leaves the tickets valid: which of them would it void?
    case "charge.refunded":
      return changed(event.data.object.payment_intent, event.data.object.refunded, "refunded");
    // Stripe reports a failed refund (days later, for a SEPA debit) as `refund.failed`, and to
    // older endpoints as an update of the refund: either may come, or both. A refund cancelled
    // before it was made (it waited for an action) leaves the money with the operator as well.
    // A refund that was pending (a retry made in the dashboard) reports going through only so.
    case "refund.failed":
    case "refund.updated":
    case "charge.refund.updated":
      if (event.data.object.status === "succeeded") {
        return changed(event.data.object.payment_intent, true, "refund_succeeded");
      }
      return changed(
        event.data.object.payment_intent,
        event.data.object.status === "failed" || event.data.object.status === "canceled",
        "refund_failed",
      );
    // A dispute is decided weeks later; until then the payment counts, as the bank may return it.
    // Its amount may be a part of the payment's.
    case "charge.dispute.closed":
      return changed(
        event.data.object.payment_intent,
        event.data.object.status === "lost",
        "charged_back",
        event.data.object.amount,
      );
    case "checkout.session.completed":
      return event.data.object.payment_status === "unpaid"
        ? null
        : { reference: event.data.object.id, state: "succeeded" };
    case "checkout.session.async_payment_succeeded":
      return { reference: event.data.object.id, state: "succeeded" };
    case "checkout.session.async_payment_failed":
      return { reference: event.data.object.id, state: "failed" };
    case "checkout.session.expired":
      return { reference: event.data.object.id, state: "expired" };
    default:
      return null;
  }
}

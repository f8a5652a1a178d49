import type { Locale } from "@eventwerk/contract";
import type { Database, Transaction } from "../../db/client.ts";

export type Db = Database | Transaction;

/**
 * What happened to a paid payment at its provider, outside this product: refunded in full (in
 * Stripe's dashboard), its refund failed, or taken back through the buyer's bank (a dispute
 * lost).
 */
export type PaymentChange = "refunded" | "refund_succeeded" | "refund_failed" | "charged_back";

/** What a provider knows about one payment. */
export type PaymentState =
  | "open"
  | "pending"
  | "succeeded"
  | "failed"
  | "cancelled"
  | "expired"
  | "refunded";

export type PaymentRequest = {
  orderId: number;
  amountCents: number;
  currency: string;
  locale: Locale;
  /** Where the provider's page sends the buyer back to. */
  returnUrl: string;
  /** After this the provider's page takes no payment; the seats are reserved until then. */
  expiresAt: Date;
};

/**
 * One payment provider. Creating a payment twice for one order answers the same payment (a
 * double click pays once); `state` lets the reconciliation job complete orders whose webhook
 * never arrived.
 */
/**
 * The provider could not be reached, or failed on its side (Stripe's connection, 5xx and rate
 * limit errors): asking again shortly may work. Any other failure is ours or a refusal, which
 * asking again would not change.
 */
export class PaymentUnavailable extends Error {
  override name = "PaymentUnavailable";
}

/**
 * The provider refuses a refund because an earlier refund of the payment failed there: its money
 * is with the operator, who gives it back another way. A second refund could pay the buyer twice.
 */
export class RefundFailedEarlier extends Error {
  override name = "RefundFailedEarlier";
}

/**
 * Where a payment's refunds at its provider stand now: `refunded` when refunds that went through
 * cover the payment, `pending` when refunds on their way cover it, `failed` when what failed covers
 * the rest (a refund of the whole, or of what was left, failed), `none` otherwise.
 */
export type RefundStanding = "refunded" | "pending" | "failed" | "none";

export type PaymentProvider = {
  name: string;
  /** Nothing is charged: every page of the flow says so. */
  testMode: boolean;
  /** The smallest amount it takes, in cents (Stripe's for EUR: 50); a smaller order is refused. */
  minimumCents: number;
  createPayment: (db: Db, request: PaymentRequest) => Promise<{ reference: string }>;
  /**
   * The provider's page where the buyer pays, while it still takes the payment (null once paid,
   * settled or expired there: the buyer then waits for its outcome instead).
   */
  paymentUrl: (db: Db, reference: string, locale: Locale) => Promise<string | null>;
  state: (db: Db, reference: string) => Promise<PaymentState | null>;
  /**
   * Gives the money back (a payment arrived after its seats were sold to others); throws
   * `RefundFailedEarlier` when an earlier refund of it failed.
   */
  refund: (db: Db, reference: string) => Promise<void>;
  /**
   * Where the provider's refunds of a payment stand now: its reports come late and more than once,
   * so they are checked against it. Without it, a provider's refunds never fail.
   */
  refundStanding?: (reference: string) => Promise<RefundStanding>;
  /**
   * Stops the provider's page taking the payment (its event was cancelled), so nobody is charged
   * only to be refunded; a payment made already is left to its report.
   */
  closePayment: (db: Db, reference: string) => Promise<void>;
  /**
   * The reference of the payment that a payment of the provider's own belongs to (a Checkout
   * Session's, of a Stripe payment intent), null when none of ours does: its refunds made at the
   * provider, outside this product, are reported by that id.
   */
  referenceOfPayment?: (paymentId: string) => Promise<string | null>;
};

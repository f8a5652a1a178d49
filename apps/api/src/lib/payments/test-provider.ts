import { createHmac, timingSafeEqual } from "node:crypto";
import {
  checkoutWebPaths,
  fillPath,
  type TestPayment,
  type TestWebhookEvent,
} from "@eventwerk/contract";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { testPayments } from "../../db/schema.ts";
import { HttpError, notFound } from "../http-error.ts";
import { enqueue } from "../outbox.ts";
import type { Db, PaymentProvider } from "./provider.ts";

/** How long the "pending" button makes the bank take. */
export const PENDING_CONFIRM_SECONDS = 30;
/** Signatures older (or newer) than this are refused: a replayed webhook is useless. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export const testWebhookJob = "test_payment_webhook";
export const testConfirmJob = "test_payment_confirm";

/**
 * The `test` provider: a payment session of our own, paid on our hosted test page; nothing is
 * charged. Its webhooks are signed and delivered through the outbox, so they can arrive twice or
 * late, like a real provider's.
 */
export function createTestProvider(publicUrl: string): PaymentProvider {
  return {
    name: "test",
    testMode: true,
    // As Stripe's, so that the demo and the tests meet the limit a real deployment has.
    minimumCents: 50,
    createPayment: async (db, request) => {
      // One payment per order and amount, never changed once made: a place asked again (after
      // a failure, or two at once) answers the same one; another amount (the buyer took a
      // voucher meanwhile) gets its own, so the payment an order was placed with keeps its
      // amount whatever a later place asks. A cancelled one is not answered: a new one is made.
      const [created] = await db
        .insert(testPayments)
        .values({
          orderId: request.orderId,
          amountCents: request.amountCents,
          currency: request.currency,
          returnUrl: request.returnUrl,
          expiresAt: request.expiresAt,
        })
        .onConflictDoNothing({
          target: [testPayments.orderId, testPayments.amountCents, testPayments.currency],
          where: ne(testPayments.status, "cancelled"),
        })
        .returning({ id: testPayments.id });
      if (created) return { reference: created.id };
      const [payment] = await db
        .select({ id: testPayments.id })
        .from(testPayments)
        .where(
          and(
            eq(testPayments.orderId, request.orderId),
            eq(testPayments.amountCents, request.amountCents),
            eq(testPayments.currency, request.currency),
            ne(testPayments.status, "cancelled"),
          ),
        );
      return { reference: payment!.id };
    },
    paymentUrl: async (db, reference, locale) => {
      if ((await statusOf(db, reference)) !== "open") return null;
      return new URL(fillPath(checkoutWebPaths.testPayment[locale], { id: reference }), publicUrl)
        .href;
    },
    state: statusOf,
    refund: async (db, reference) => {
      await db
        .update(testPayments)
        .set({ status: "refunded", updatedAt: new Date() })
        .where(eq(testPayments.id, reference));
    },
    // As the buyer's "cancel" on the page: an open payment only, and its webhook follows.
    closePayment: async (db, reference) => {
      const [closed] = await db
        .update(testPayments)
        .set({ status: "cancelled", updatedAt: new Date() })
        .where(and(eq(testPayments.id, reference), eq(testPayments.status, "open")))
        .returning({ id: testPayments.id });
      if (closed) await queueWebhook(db, reference, "payment.cancelled");
    },
  };
}

type TestPaymentRow = typeof testPayments.$inferSelect;

/**
 * An open payment whose window has ended is expired, as a Stripe session is: its page takes no
 * payment, and the reconciliation closes its order. Worked out when read, not stored, so nothing
 * has to run at the window's end. A pending payment was started in time and still completes.
 */
const statusAt = (row: Pick<TestPaymentRow, "status" | "expiresAt">, now = new Date()) =>
  row.status === "open" && row.expiresAt <= now ? "expired" : row.status;

async function statusOf(db: Db, reference: string) {
  const [payment] = await db
    .select({ status: testPayments.status, expiresAt: testPayments.expiresAt })
    .from(testPayments)
    .where(eq(testPayments.id, reference));
  return payment ? statusAt(payment) : null;
}

const toTestPayment = (row: TestPaymentRow): TestPayment => ({
  id: row.id,
  order_id: row.orderId,
  amount_cents: row.amountCents,
  currency: row.currency,
  status: statusAt(row),
  expires_at: row.expiresAt.toISOString(),
  return_url: row.returnUrl,
});

export async function findTestPayment(db: Db, id: string): Promise<TestPayment> {
  const [row] = await db.select().from(testPayments).where(eq(testPayments.id, id));
  if (!row) throw notFound();
  return toTestPayment(row);
}

const outcomes = {
  success: { status: "succeeded", type: "payment.succeeded" },
  failure: { status: "failed", type: "payment.failed" },
  cancel: { status: "cancelled", type: "payment.cancelled" },
} as const;

/** The provider's webhook about a payment's outcome, queued for delivery. */
async function queueWebhook(db: Db, paymentId: string, type: TestWebhookEvent["type"]) {
  const event: TestWebhookEvent = {
    // One event per outcome: a second click on the page sends nothing new.
    id: `evt_${paymentId}_${type}`,
    type,
    payment_id: paymentId,
    created: Math.floor(Date.now() / 1000),
  };
  await enqueue(db, { kind: testWebhookJob, payload: event, dedupKey: `test-webhook:${event.id}` });
}

/**
 * A button on the hosted test page. `pending` confirms the payment 30 seconds later; the others
 * settle it at once. A settled or expired payment stays as it is (409).
 */
export async function actOnTestPayment(
  db: Database,
  id: string,
  action: "success" | "failure" | "cancel" | "pending",
): Promise<TestPayment> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(testPayments).where(eq(testPayments.id, id)).for("update");
    if (!row) throw notFound();
    const now = new Date();
    const status = statusAt(row, now);
    if (status !== "open" && status !== "pending") throw new HttpError(409, "order_closed");
    if (action === "pending") {
      if (status === "open") {
        await tx
          .update(testPayments)
          .set({ status: "pending", updatedAt: now })
          .where(eq(testPayments.id, id));
        await enqueue(tx, {
          kind: testConfirmJob,
          payload: { payment_id: id },
          dedupKey: `test-confirm:${id}`,
          runAt: new Date(now.getTime() + PENDING_CONFIRM_SECONDS * 1000),
        });
      }
    } else {
      const outcome = outcomes[action];
      await tx
        .update(testPayments)
        .set({ status: outcome.status, updatedAt: now })
        .where(eq(testPayments.id, id));
      await queueWebhook(tx, id, outcome.type);
    }
    return findTestPayment(tx, id);
  });
}

/** The bank confirms a pending test payment (an outbox job, due 30 s after the click). */
export async function confirmPendingTestPayment(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(testPayments).where(eq(testPayments.id, id)).for("update");
    if (row?.status !== "pending") return;
    await tx
      .update(testPayments)
      .set({ status: "succeeded", updatedAt: new Date() })
      .where(eq(testPayments.id, id));
    await queueWebhook(tx, id, "payment.succeeded");
  });
}

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, signed at each delivery. */
export function signTestWebhook(secret: string, body: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Refuses (400 invalid_signature) a body whose signature is wrong, missing or stale. */
export function verifyTestWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  now = new Date(),
): void {
  const parts = Object.fromEntries(
    (header ?? "").split(",").map((part) => part.trim().split("=", 2) as [string, string]),
  );
  const timestamp = Number(parts.t);
  const given = Buffer.from(parts.v1 ?? "", "hex");
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  const fresh =
    Number.isInteger(timestamp) &&
    Math.abs(now.getTime() / 1000 - timestamp) <= SIGNATURE_TOLERANCE_SECONDS;
  if (!fresh || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new HttpError(400, "invalid_signature");
  }
}

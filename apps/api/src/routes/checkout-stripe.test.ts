import { randomUUID } from "node:crypto";
import {
  type CheckoutOrder,
  checkoutPaths,
  type ErrorBody,
  fillPath,
  panelPaths,
  type RefundElsewhere,
} from "@eventwerk/contract";
import { count, eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../app.ts";
import * as s from "../db/schema.ts";
import { completeOwedRefunds } from "../lib/checkout/refunds.ts";
import { cancelEvent, refundOrder } from "../lib/panel/orders.ts";
import { PaymentUnavailable } from "../lib/payments/provider.ts";
import { createStripeProvider } from "../lib/payments/stripe-provider.ts";
import { call, createTestApp, type TestApp } from "../testing/app.ts";
import {
  type CreatedOrder,
  createSaleEvent,
  holdTickets,
  onOrder,
  recordPaymentQuestions,
  sendTestWebhook,
} from "../testing/checkout-fixtures.ts";
import { type FakeSession, type FakeStripe, startFakeStripe } from "../testing/fake-stripe.ts";
import { loginAdmin } from "../testing/panel-fixtures.ts";
import { checkoutServices } from "./checkout.ts";

const webhookSecret = "whsec_checkout_stripe_test";
let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret });
  t = await createTestApp({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_fake_key",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: fake.url,
    OUTBOX_POLL_MS: "0",
    RECONCILE_INTERVAL_SECONDS: "0",
  });
  // Starting an app (PGlite, migrations, demo data) is slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;
const readOrder = async (order: CreatedOrder) =>
  (await onOrder(t.app, order, "GET")).json<{ data: CheckoutOrder }>().data;
const eventCount = async () => (await t.ctx.db.select({ n: count() }).from(s.paymentEvents))[0]!.n;

/** A webhook as Stripe delivers it: the exact bytes and their signature. */
const deliver = (signed: { body: string; signature?: string }) =>
  t.app.inject({
    method: "POST",
    url: checkoutPaths.stripeWebhook,
    payload: signed.body,
    headers: {
      "content-type": "application/json",
      ...(signed.signature === undefined ? {} : { "stripe-signature": signed.signature }),
    },
  });

/** Any body, signed as Stripe signs a webhook (the fake's `signedEvent` signs a session's). */
const signedBody = (body: string) => ({
  body,
  signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }),
});

/** A signed Stripe event about `object` (a charge, a refund, a dispute). */
const stripeEvent = (type: string, object: Record<string, unknown>) =>
  signedBody(
    JSON.stringify({ id: `evt_${randomUUID()}`, object: "event", type, data: { object } }),
  );

/** Stripe's report about a 30 € refund of a payment intent, in `status`. */
const refundReport = (type: string, paymentIntent: unknown, status: string) =>
  stripeEvent(type, {
    id: `re_${randomUUID()}`,
    object: "refund",
    amount: 3000,
    payment_intent: paymentIntent,
    status,
  });

/** Stripe's report of a 30 € charge of which `refundedCents` went back (all of it unless said). */
const chargeRefunded = (paymentIntent: unknown, refundedCents = 3000) =>
  stripeEvent("charge.refunded", {
    id: `ch_${randomUUID()}`,
    object: "charge",
    payment_intent: paymentIntent,
    amount: 3000,
    amount_refunded: refundedCents,
    refunded: refundedCents === 3000,
  });

/** Stripe's report about a dispute of a 30 € payment (`amount` of it): closed and lost, unless said. */
const disputeReport = (
  paymentIntent: unknown,
  { type = "charge.dispute.closed", status = "lost", amount = 3000 } = {},
) =>
  stripeEvent(type, {
    id: `dp_${randomUUID()}`,
    object: "dispute",
    amount,
    charge: `ch_${randomUUID()}`,
    payment_intent: paymentIntent,
    reason: "fraudulent",
    status,
  });

const orderRow = async (orderId: number) =>
  (await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, orderId)))[0]!;

const soldOf = async (typeId: number) =>
  (
    await t.ctx.db
      .select({ sold: s.eventTicketTypes.soldCount })
      .from(s.eventTicketTypes)
      .where(eq(s.eventTicketTypes.id, typeId))
  )[0]!.sold;

/** Holds an order and fills in its buyer; `place` places it. */
async function readyToPlace(capacity = 10, quantity = 1) {
  const { event, types } = await createSaleEvent(t.ctx.db, [{ price: 3000, capacity }]);
  const payload = { event_id: event.id, items: [{ ticket_type_id: types[0]!.id, quantity }] };
  const held = await holdTickets(t.app, payload);
  expect(held.statusCode, held.body).toBe(201);
  const order = held.json<CreatedOrder>();
  await onOrder(t.app, order, "PATCH", checkoutPaths.order, {
    buyer_name: "Stripe Käuferin",
    buyer_email: "stripe@example.com",
  });
  const place = () =>
    onOrder(t.app, order, "POST", checkoutPaths.placeOrder, { accept_terms: true });
  return { order, place, payload, types, event };
}

/** Holds and places an order; answers it with its Checkout Session. */
async function placed(capacity = 10, quantity = 1) {
  const ready = await readyToPlace(capacity, quantity);
  const response = await ready.place();
  expect(response.statusCode, response.body).toBe(200);
  const { redirect_url } = response.json<{ redirect_url: string }>();
  const session = fake.sessions.get(redirect_url.split("/").at(-1)!)!;
  return { ...ready, session };
}

/** An order placed and paid at Stripe, its webhook delivered. */
async function paidOrder() {
  const paid = await placed();
  await fake.pay(paid.session.id, { webhook: false });
  await deliver(fake.signedEvent("checkout.session.completed", paid.session));
  expect((await readOrder(paid.order)).status).toBe("paid");
  return paid;
}

describe("paying with Stripe (against the local fake)", () => {
  it("place → Checkout Session → signed webhook → tickets once, even when delivered twice", async () => {
    const { order, session } = await placed(10, 2);
    expect(session.amount_total).toBe(6000);
    expect(session.metadata.order_id).toBe(String(order.data.id));
    expect(session.success_url).toContain(`/ticket-buy-status?order=${order.data.id}&token=`);
    const pending = await readOrder(order);
    expect(pending).toMatchObject({ status: "pending", payment_provider: "stripe" });
    expect(pending.payment_url).toBe(session.url);
    expect(pending.test_mode).toBe(true);
    // A double click answers the same session.
    const again = await onOrder(t.app, order, "POST", checkoutPaths.placeOrder, {
      accept_terms: true,
    });
    expect(again.json<{ redirect_url: string }>().redirect_url).toBe(session.url);
    expect([...fake.sessions.values()].filter((row) => row.id === session.id)).toHaveLength(1);

    await fake.pay(session.id, { webhook: false });
    const completed = fake.signedEvent("checkout.session.completed", session);
    expect((await deliver(completed)).statusCode).toBe(200);
    expect((await deliver(completed)).statusCode).toBe(200);
    const paid = await readOrder(order);
    expect(paid.status).toBe("paid");
    expect(paid.tickets).toHaveLength(2);
    expect(paid.payment_url).toBeNull();
    // A late expiry event changes nothing.
    const expired = fake.signedEvent("checkout.session.expired", { ...session, status: "expired" });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await readOrder(order)).status).toBe("paid");
    const mails = (await t.outbox()).filter((mail) => mail.includes(`Bestellung ${order.data.id}`));
    expect(mails).toHaveLength(1);
  });

  it("Stripe out of reach is PaymentUnavailable (the buyer may try again); its refusal is not", async () => {
    const request = {
      orderId: 1,
      amountCents: 2500,
      currency: "EUR",
      locale: "de" as const,
      returnUrl: "http://localhost:3000/ticket-kauf-status",
      expiresAt: new Date(Date.now() + 30 * 60_000),
    };
    const options = {
      secretKey: "sk_test_x",
      webhookSecret: "whsec_xxxxxxxx",
      siteName: "Eventwerk",
    };
    // Nothing listens on port 9 (discard): the connection is refused, after the SDK's retries.
    const away = createStripeProvider({ ...options, apiBase: "http://127.0.0.1:9" });
    await expect(away.createPayment(t.ctx.db, request)).rejects.toBeInstanceOf(PaymentUnavailable);
    // The fake refuses an amount below Stripe's smallest, as Stripe does (400): not "try again".
    const refusing = createStripeProvider({ ...options, apiBase: fake.url });
    const refused = refusing.createPayment(t.ctx.db, { ...request, amountCents: 49 });
    await expect(refused).rejects.not.toBeInstanceOf(PaymentUnavailable);
  }, 60_000);

  it("a place that failed after Stripe made its session can be placed again later", async () => {
    const { order, place } = await readyToPlace(5);
    // Stripe made the session; then the order's transaction failed, and nobody got its address.
    const { provider } = checkoutServices.get(t.ctx)!;
    const create = provider.createPayment;
    provider.createPayment = async (db, request) => {
      await create(db, request);
      throw new Error("the database went away");
    };
    try {
      expect((await place()).statusCode).toBe(500);
    } finally {
      provider.createPayment = create;
    }
    const sessions = () =>
      [...fake.sessions.values()].filter((row) => row.metadata.order_id === String(order.data.id));
    expect(sessions()).toHaveLength(1);
    // The buyer tries again a few seconds later: the session's expiry is another one now.
    vi.useFakeTimers({ now: Date.now() + 5_000, toFake: ["Date"] });
    try {
      const again = await place();
      expect(again.statusCode, again.body).toBe(200);
      const url = again.json<{ redirect_url: string }>().redirect_url;
      expect(sessions().map((row) => row.url)).toContain(url);
    } finally {
      vi.useRealTimers();
    }
  });

  it("two places of one order at once send the buyer to one session and close the other", async () => {
    const { order, place } = await readyToPlace(5);
    // The first place asks Stripe only once the second has placed the order with its own session.
    const { provider } = checkoutServices.get(t.ctx)!;
    const create = provider.createPayment;
    let firstAsked!: () => void;
    const asked = new Promise<void>((resolve) => {
      firstAsked = resolve;
    });
    let secondPlaced!: () => void;
    const placedBySecond = new Promise<void>((resolve) => {
      secondPlaced = resolve;
    });
    let calls = 0;
    provider.createPayment = async (db, request) => {
      calls += 1;
      if (calls === 1) {
        firstAsked();
        await placedBySecond;
      }
      return create(db, request);
    };
    try {
      const first = place();
      await asked;
      // Seconds later: another session (Stripe's idempotency key covers the expiry).
      vi.useFakeTimers({ now: Date.now() + 5_000, toFake: ["Date"] });
      const second = await place();
      vi.useRealTimers();
      secondPlaced();
      const firstAnswer = await first;
      expect(second.statusCode, second.body).toBe(200);
      expect(firstAnswer.statusCode, firstAnswer.body).toBe(200);
      const url = second.json<{ redirect_url: string }>().redirect_url;
      expect(firstAnswer.json<{ redirect_url: string }>().redirect_url).toBe(url);
      const sessions = [...fake.sessions.values()].filter(
        (row) => row.metadata.order_id === String(order.data.id),
      );
      expect(sessions).toHaveLength(2);
      expect(sessions.find((row) => row.url === url)?.status).toBe("open");
      expect(sessions.filter((row) => row.status === "expired")).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      provider.createPayment = create;
    }
  });

  it("refuses a forged, missing or stale signature with 400 and writes nothing", async () => {
    const { order, session } = await placed();
    await fake.pay(session.id, { webhook: false });
    const before = await eventCount();
    const good = fake.signedEvent("checkout.session.completed", session);
    for (const signed of [
      fake.signedEvent("checkout.session.completed", session, { secret: "whsec_someone_else" }),
      { body: good.body },
      { body: good.body, signature: "t=1,v1=deadbeef" },
      { body: good.body.replace('"paid"', '"paid" '), signature: good.signature },
      fake.signedEvent("checkout.session.completed", session, {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    ]) {
      const response = await deliver(signed);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("invalid_signature");
    }
    expect(await eventCount()).toBe(before);
    const read = await readOrder(order);
    expect(read.status).toBe("pending");
    expect(read.tickets).toHaveLength(0);
  });

  it("refuses a signed body of another shape with 400 and writes nothing; records other events; a NUL in its text is kept as U+FFFD", async () => {
    const before = await eventCount();
    for (const body of [
      '{"id":"evt_a","type":"checkout.session.completed"}',
      '{"id":"evt_b","type":"customer.created"}',
      '{"id":"evt_c","type":"checkout.session.expired","data":{"object":{}}}',
      '{"id":"evt_\\u0000","type":"customer.created","data":{"object":{"id":"cus_1"}}}',
      "null",
      "[]",
    ]) {
      const response = await deliver(signedBody(body));
      expect(response.statusCode, body).toBe(400);
      expect(errorOf(response).code, body).toBe("validation_failed");
    }
    expect(await eventCount()).toBe(before);
    // An event about an object without an id (a balance) is Stripe's too: recorded, 200.
    const balance = await deliver(
      signedBody(
        '{"id":"evt_balance","type":"balance.available","data":{"object":{"object":"balance"}}}',
      ),
    );
    expect(balance.statusCode, balance.body).toBe(200);
    expect(await eventCount()).toBe(before + 1);

    // Stripe's text may carry what PostgreSQL's jsonb cannot: the payment is applied all the same.
    const { order, session } = await placed();
    await fake.pay(session.id, { webhook: false });
    const completed = JSON.parse(fake.signedEvent("checkout.session.completed", session).body);
    completed.data.object.customer_details = { name: "Nul\u0000Byte", city: "lone \ud800" };
    const response = await deliver(signedBody(JSON.stringify(completed)));
    expect(response.statusCode, response.body).toBe(200);
    expect((await readOrder(order)).status).toBe("paid");
    const [kept] = await t.ctx.db
      .select()
      .from(s.paymentEvents)
      .where(eq(s.paymentEvents.providerEventId, completed.id));
    expect(kept!.payload).toMatchObject({
      data: { object: { customer_details: { name: "Nul\uFFFDByte", city: "lone \uFFFD" } } },
    });
  });

  it("closes the test provider's page and webhook: 404, nothing written", async () => {
    const before = await eventCount();
    const webhook = await sendTestWebhook(t.app, t.ctx.config.TEST_PAYMENT_WEBHOOK_SECRET, {
      id: "evt_forged",
      type: "payment.succeeded",
      payment_id: randomUUID(),
      created: Math.floor(Date.now() / 1000),
    });
    expect(webhook.statusCode).toBe(404);
    expect(errorOf(webhook).code).toBe("not_found");
    const path = checkoutPaths.testPayment.replace(":id", randomUUID());
    expect((await t.app.inject({ method: "GET", url: path })).statusCode).toBe(404);
    const pay = await t.app.inject({ method: "POST", url: path, payload: { action: "success" } });
    expect(pay.statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it("cancel on the hosted page returns to the shop with the hold kept; an expired session expires the order", async () => {
    const { order, session, payload } = await placed(1);
    const cancel = await fetch(`${fake.url}/pay/${session.id}/cancel`, {
      method: "POST",
      redirect: "manual",
    });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe(session.cancel_url);
    expect((await readOrder(order)).status).toBe("pending");
    // The one seat is still held.
    expect((await holdTickets(t.app, payload)).statusCode).toBe(409);

    await fake.expire(session.id, { webhook: false });
    expect((await deliver(fake.signedEvent("checkout.session.expired", session))).statusCode).toBe(
      200,
    );
    const read = await readOrder(order);
    expect(read.status).toBe("expired");
    expect(read.tickets).toHaveLength(0);
    expect((await holdTickets(t.app, payload)).statusCode).toBe(201);
  });

  it("applies out-of-order events once: a delayed payment's success before the session's completion", async () => {
    const { order, session } = await placed();
    const unpaid: FakeSession = { ...session, status: "complete", payment_status: "unpaid" };
    await fake.pay(session.id, { webhook: false });
    expect(
      (await deliver(fake.signedEvent("checkout.session.async_payment_succeeded", session)))
        .statusCode,
    ).toBe(200);
    expect((await deliver(fake.signedEvent("checkout.session.completed", unpaid))).statusCode).toBe(
      200,
    );
    expect(
      (await deliver(fake.signedEvent("checkout.session.async_payment_failed", session)))
        .statusCode,
    ).toBe(200);
    const read = await readOrder(order);
    expect(read.status).toBe("paid");
    expect(read.tickets).toHaveLength(1);
  });

  it("the session takes payment for PAYMENT_MINUTES, and the seats stay the buyer's until its report is due", async () => {
    const before = Date.now();
    const { order, session, payload } = await placed(1);
    expect(session.expires_at * 1000).toBeGreaterThanOrEqual(before + 31 * 60_000 - 1000);
    expect(session.expires_at * 1000).toBeLessThanOrEqual(Date.now() + 31 * 60_000);
    const [row] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, order.data.id));
    const reportMinutes = (row!.holdExpiresAt!.getTime() - session.expires_at * 1000) / 60_000;
    expect(reportMinutes).toBeGreaterThanOrEqual(5);
    expect(reportMinutes).toBeLessThan(5 + 1 / 60);
    // The seat is not for sale while the session may still be paid.
    const other = await holdTickets(t.app, payload);
    expect(other.statusCode, other.body).toBe(409);
    expect(errorOf(other).code).toBe("sold_out");
  });

  it("a payment after the hold expired gets tickets while seats remain, else it is refunded at Stripe and the buyer told", async () => {
    const expire = (id: number) =>
      t.ctx.db
        .update(s.orders)
        .set({ holdExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(s.orders.id, id));

    const lucky = await placed(1);
    await expire(lucky.order.data.id);
    await fake.pay(lucky.session.id, { webhook: false });
    await deliver(fake.signedEvent("checkout.session.completed", lucky.session));
    expect((await readOrder(lucky.order)).status).toBe("paid");

    const late = await placed(1);
    await expire(late.order.data.id);
    // Someone else buys the seat meanwhile.
    await t.ctx.db
      .update(s.eventTicketTypes)
      .set({ soldCount: 1 })
      .where(eq(s.eventTicketTypes.id, late.types[0]!.id));
    await fake.pay(late.session.id, { webhook: false });
    await deliver(fake.signedEvent("checkout.session.completed", late.session));
    const read = await readOrder(late.order);
    expect(read.status).toBe("refunded");
    expect(read.tickets).toHaveLength(0);
    expect(fake.refunds).toContain(late.session.payment_intent);
    const mails = await t.outbox();
    expect(
      mails.some(
        (mail) => mail.includes(`Bestellung ${late.order.data.id}`) && mail.includes("erstattet"),
      ),
    ).toBe(true);
  });

  it("a refund Stripe made but the process never recorded: no later report issues tickets, the reconciliation records it", async () => {
    const services = checkoutServices.get(t.ctx)!;
    const { provider } = services;
    /** Stripe refunds; then the process dies (or its connection ends) before writing it down. */
    const dyingAfterRefund = async <T>(run: () => Promise<T>) => {
      const refund = provider.refund;
      provider.refund = async (db, reference) => {
        await refund(db, reference);
        throw new Error("the process died after Stripe refunded");
      };
      try {
        return await run();
      } finally {
        provider.refund = refund;
      }
    };
    const soldCount = (late: Awaited<ReturnType<typeof placed>>, sold: number) =>
      t.ctx.db
        .update(s.eventTicketTypes)
        .set({ soldCount: sold })
        .where(eq(s.eventTicketTypes.id, late.types[0]!.id));

    // A late payment whose seat another buyer held: refunded at Stripe, not recorded.
    const late = await placed(1);
    await t.ctx.db
      .update(s.orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.orders.id, late.order.data.id));
    await soldCount(late, 1);
    await fake.pay(late.session.id, { webhook: false });
    const completed = fake.signedEvent("checkout.session.completed", late.session);
    expect((await dyingAfterRefund(() => deliver(completed))).statusCode).toBe(500);
    expect(fake.refunds).toContain(late.session.payment_intent);
    // The other buyer gives the seat up; Stripe delivers again, and the reconciliation asks.
    await soldCount(late, 0);
    expect((await deliver(completed)).statusCode).toBe(200);
    await services.checkout.reconcile(new Date(Date.now() + 3_600_000), 0);
    expect((await readOrder(late.order)).tickets).toHaveLength(0);
    expect((await readOrder(late.order)).status).not.toBe("paid");

    // An organiser's refund of a paid order, lost the same way.
    const paid = await placed();
    await fake.pay(paid.session.id, { webhook: false });
    await deliver(fake.signedEvent("checkout.session.completed", paid.session));
    expect((await readOrder(paid.order)).status).toBe("paid");
    await expect(
      dyingAfterRefund(() =>
        refundOrder(t.ctx.db, provider, paid.event.organiserId!, paid.order.data.id, "X"),
      ),
    ).rejects.toMatchObject({ statusCode: 503, messageKey: "refund_owed" });
    expect(fake.refunds).toContain(paid.session.payment_intent);

    // A minute later the reconciliation asks Stripe again (it answers the same refund) and
    // records both.
    await t.ctx.db
      .update(s.orders)
      .set({ refundRequestedAt: new Date(Date.now() - 120_000) })
      .where(inArray(s.orders.id, [late.order.data.id, paid.order.data.id]));
    await services.reconcile(0);
    expect(await readOrder(late.order)).toMatchObject({
      status: "refunded",
      refund_reason: "sold_out",
      tickets: [],
    });
    expect(await readOrder(paid.order)).toMatchObject({
      status: "refunded",
      refund_reason: "organiser",
    });
    const [type] = await t.ctx.db
      .select()
      .from(s.eventTicketTypes)
      .where(eq(s.eventTicketTypes.id, paid.types[0]!.id));
    expect(type!.soldCount).toBe(0);
    const mails = await t.outbox();
    for (const order of [late, paid]) {
      expect(
        mails.filter(
          (mail) =>
            mail.includes(`Bestellung ${order.order.data.id}`) && mail.includes("erstattet"),
        ),
      ).toHaveLength(1);
    }
  });

  it("a payment refunded by hand in Stripe's dashboard: the organiser's refund records it", async () => {
    const paid = await placed();
    await fake.pay(paid.session.id, { webhook: false });
    await deliver(fake.signedEvent("checkout.session.completed", paid.session));
    const byHand = await fetch(`${fake.url}/v1/refunds`, {
      method: "POST",
      headers: {
        authorization: "Bearer sk_test_fake_key",
        "content-type": "application/x-www-form-urlencoded",
        "idempotency-key": "dashboard",
      },
      body: new URLSearchParams({ payment_intent: paid.session.payment_intent! }),
    });
    expect(byHand.status).toBe(200);
    const { provider } = checkoutServices.get(t.ctx)!;
    await refundOrder(t.ctx.db, provider, paid.event.organiserId!, paid.order.data.id, "X");
    expect((await readOrder(paid.order)).status).toBe("refunded");
  });

  it("a refund of a session not paid yet closes it: nothing to give back, and nothing can be paid after", async () => {
    const { session } = await placed();
    const { provider } = checkoutServices.get(t.ctx)!;
    const refundsBefore = fake.refunds.length;
    await provider.refund(t.ctx.db, session.id);
    expect(session.status).toBe("expired");
    expect(fake.refunds).toHaveLength(refundsBefore);
    // The buyer's page can no longer take the payment.
    expect((await fake.pay(session.id, { webhook: false })).payment_intent).toBeNull();
    // Paid before the refund's question: the payment is given back.
    const paid = await placed();
    await fake.pay(paid.session.id, { webhook: false });
    await provider.refund(t.ctx.db, paid.session.id);
    expect(fake.refunds).toContain(paid.session.payment_intent);
  });

  it("a payment refunded in full in Stripe's dashboard refunds its order here too, once; a partial refund or our own changes nothing", async () => {
    const mailsOf = async (orderId: number) =>
      (await t.outbox()).filter((mail) => mail.includes(`Bestellung ${orderId} erstattet`));

    // Refunded in part: the tickets stay valid.
    const partly = await paidOrder();
    const partial = chargeRefunded(partly.session.payment_intent, 1000);
    expect((await deliver(partial)).statusCode).toBe(200);
    expect((await readOrder(partly.order)).status).toBe("paid");

    // Refunded in full by the operator: the order is refunded, its seat back, the buyer told.
    const byHand = await paidOrder();
    expect(await soldOf(byHand.types[0]!.id)).toBe(1);
    const full = chargeRefunded(byHand.session.payment_intent, 3000);
    expect((await deliver(full)).statusCode).toBe(200);
    expect(await readOrder(byHand.order)).toMatchObject({
      status: "refunded",
      refund_reason: "payment_provider",
    });
    expect(await soldOf(byHand.types[0]!.id)).toBe(0);
    // Stripe asked to refund again (it refuses: refunded already), nothing refunded twice.
    expect(fake.refunds.filter((intent) => intent === byHand.session.payment_intent)).toHaveLength(
      1,
    );
    const mails = await mailsOf(byHand.order.data.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("über den Zahlungsanbieter vollständig erstattet");
    // Delivered again: the same.
    expect((await deliver(full)).statusCode).toBe(200);
    expect(await mailsOf(byHand.order.data.id)).toHaveLength(1);

    // The report of the organiser's own refund keeps its reason.
    const organisers = await paidOrder();
    const { provider } = checkoutServices.get(t.ctx)!;
    await refundOrder(
      t.ctx.db,
      provider,
      organisers.event.organiserId!,
      organisers.order.data.id,
      "X",
    );
    const own = chargeRefunded(organisers.session.payment_intent, 3000);
    expect((await deliver(own)).statusCode).toBe(200);
    expect((await readOrder(organisers.order)).refund_reason).toBe("organiser");
    // A payment of no order of ours: recorded, nothing else.
    const before = await eventCount();
    expect((await deliver(chargeRefunded("pi_elsewhere", 3000))).statusCode).toBe(200);
    expect(await eventCount()).toBe(before + 1);
  });

  it("a refund that fails at Stripe goes on the operator's list, once, until the operator records the money given back another way", async () => {
    const mailsOf = async (orderId: number, text: string) =>
      (await t.outbox()).filter(
        (mail) => mail.includes(`Bestellung ${orderId} `) && mail.includes(text),
      );
    const auditOf = (orderId: number, action: string) =>
      t.ctx.db
        .select()
        .from(s.auditLog)
        .where(eq(s.auditLog.action, action))
        .then((rows) => rows.filter((entry) => entry.details?.order_id === orderId));
    const { provider } = checkoutServices.get(t.ctx)!;
    const admin = await loginAdmin(t.app);
    const operatorsList = async () =>
      (await call(t.app, { method: "GET", url: panelPaths.refundsElsewhere, token: admin })).json<{
        data: RefundElsewhere[];
      }>().data;

    // The organiser refunds; Stripe accepts the refund, and fails it days later.
    const paid = await paidOrder();
    const orderId = paid.order.data.id;
    const intent = paid.session.payment_intent!;
    await refundOrder(t.ctx.db, provider, paid.event.organiserId!, orderId, "X");
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded", refundFailedAt: null });
    expect(fake.refunds).toContain(intent);
    // Pending, or succeeded: nothing to do.
    for (const status of ["pending", "succeeded"]) {
      expect((await deliver(refundReport("refund.updated", intent, status))).statusCode).toBe(200);
    }
    expect((await orderRow(orderId)).refundFailedAt).toBeNull();
    fake.failRefund(intent);
    const failed = refundReport("refund.failed", intent, "failed");
    expect((await deliver(failed)).statusCode).toBe(200);
    const marked = await orderRow(orderId);
    expect(marked.refundFailedAt).not.toBeNull();
    expect(marked).toMatchObject({ status: "refunded", refundRepaidAt: null });
    // The buyer reads that the money is still to come.
    expect(await readOrder(paid.order)).toMatchObject({ status: "refunded", refund_failed: true });
    // Stripe reports it twice (as `refund.failed` and as the refund's update), and may retry:
    // the buyer is told once, the failure recorded once, Stripe not asked again.
    expect((await deliver(failed)).statusCode).toBe(200);
    const updated = refundReport("charge.refund.updated", intent, "failed");
    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await orderRow(orderId)).refundFailedAt).toEqual(marked.refundFailedAt);
    expect(await mailsOf(orderId, "fehlgeschlagen")).toHaveLength(1);
    expect((await mailsOf(orderId, "fehlgeschlagen"))[0]).toContain("Das Geld ist nicht verloren");
    expect(await auditOf(orderId, "order_refund_failed")).toHaveLength(1);
    // The seat went back once, with the refund, and stays back.
    expect(await soldOf(paid.types[0]!.id)).toBe(0);

    // The operator's list has it, and the reconciliation says so at every run.
    const listed = (await operatorsList()).find((entry) => entry.order_id === orderId);
    expect(listed).toMatchObject({
      payment_provider: "stripe",
      payment_reference: paid.session.id,
      refund_reason: "organiser",
      refund_failed_at: marked.refundFailedAt!.toISOString(),
    });
    const run = await completeOwedRefunds(t.ctx.db, provider, "X").then(
      () => [],
      (error: AggregateError) => error.errors.map((inner: Error) => inner.message),
    );
    expect(run).toContainEqual(expect.stringMatching(/^\d+ refunds failed at stripe/));

    // Recorded once, by the operator only.
    const record = (token: string) =>
      call(t.app, {
        method: "POST",
        url: fillPath(panelPaths.recordRefundElsewhere, { id: orderId }),
        token,
      });
    expect((await record(paid.order.token)).statusCode).toBe(401);
    const recorded = await record(admin);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((await orderRow(orderId)).refundRepaidAt).not.toBeNull();
    expect((await readOrder(paid.order)).refund_failed).toBe(false);
    const again = await record(admin);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toContain("nichts zu erfassen");
    expect((await operatorsList()).map((entry) => entry.order_id)).not.toContain(orderId);
    const repaid = await mailsOf(orderId, "Damit ist die Erstattung abgeschlossen");
    expect(repaid).toHaveLength(1);
    const [entry] = await auditOf(orderId, "order_refund_repaid");
    expect(entry!.actorId).not.toBeNull();
    // A later report of the old failure puts nothing back on the list.
    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await operatorsList()).map((entry) => entry.order_id)).not.toContain(orderId);
  });

  it("a failed refund that reached the buyer after all (a retry in Stripe's dashboard, a lost dispute) leaves the operator's list", async () => {
    const { provider } = checkoutServices.get(t.ctx)!;
    const failedRefund = async (status: "failed" | "canceled") => {
      const paid = await paidOrder();
      await refundOrder(t.ctx.db, provider, paid.event.organiserId!, paid.order.data.id, "X");
      fake.failRefund(paid.session.payment_intent!);
      const report = refundReport("refund.updated", paid.session.payment_intent, status);
      expect((await deliver(report)).statusCode).toBe(200);
      expect((await orderRow(paid.order.data.id)).refundFailedAt).not.toBeNull();
      return paid;
    };
    const settledBy = async (orderId: number) =>
      (await t.ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, "order_refund_repaid")))
        .filter((entry) => entry.details?.order_id === orderId)
        .map((entry) => entry.details?.by);
    const repaidMails = async (orderId: number) =>
      (await t.outbox()).filter(
        (mail) =>
          mail.includes(`Bestellung ${orderId} `) &&
          mail.includes("Damit ist die Erstattung abgeschlossen"),
      );

    // The operator refunds again in Stripe's dashboard, and it goes through this time.
    const retried = await failedRefund("canceled");
    fake.refunds.push(retried.session.payment_intent!);
    const refunded = chargeRefunded(retried.session.payment_intent);
    expect((await deliver(refunded)).statusCode).toBe(200);
    expect((await orderRow(retried.order.data.id)).refundRepaidAt).not.toBeNull();
    expect(await settledBy(retried.order.data.id)).toEqual(["provider"]);
    // Told that the provider made it after all, not that it came another way.
    const [told] = await repaidMails(retried.order.data.id);
    expect(told).toContain("nun doch ausgeführt");
    expect(told).not.toContain("auf anderem Weg");
    expect((await deliver(refunded)).statusCode).toBe(200);
    expect(await settledBy(retried.order.data.id)).toEqual(["provider"]);

    // The buyer disputes the payment, and the bank gives the money back: the operator must not.
    const disputed = await failedRefund("failed");
    const lost = disputeReport(disputed.session.payment_intent);
    expect((await deliver(lost)).statusCode).toBe(200);
    const row = await orderRow(disputed.order.data.id);
    expect(row.refundRepaidAt).not.toBeNull();
    expect(row).toMatchObject({ status: "refunded", refundReason: "organiser" });
    expect(await settledBy(disputed.order.data.id)).toEqual(["chargeback"]);
    // The bank told the buyer; no mail says the marketplace paid.
    expect(await repaidMails(disputed.order.data.id)).toHaveLength(0);
    const admin = await loginAdmin(t.app);
    const list = await call(t.app, {
      method: "GET",
      url: panelPaths.refundsElsewhere,
      token: admin,
    });
    const listed = list.json<{ data: RefundElsewhere[] }>().data.map((entry) => entry.order_id);
    expect(listed).not.toContain(retried.order.data.id);
    expect(listed).not.toContain(disputed.order.data.id);
    expect(fake.refunds).not.toContain(disputed.session.payment_intent);
  });

  it("late or repeated reports are checked against Stripe's refunds now: an old report settles no failure, a pending retry neither until it goes through, and one that fails later lists the order again; a late failure after a retry lists nothing; a failed part blocks no refund; a dashboard refund that fails is listed, and a lost report is found", async () => {
    const { provider } = checkoutServices.get(t.ctx)!;
    const admin = await loginAdmin(t.app);
    const listed = async () =>
      (await call(t.app, { method: "GET", url: panelPaths.refundsElsewhere, token: admin }))
        .json<{ data: RefundElsewhere[] }>()
        .data.map((entry) => entry.order_id);
    const mailsAbout = async (orderId: number, text: string) =>
      (await t.outbox()).filter(
        (mail) => mail.includes(`Bestellung ${orderId} `) && mail.includes(text),
      );
    const reconcile = () => completeOwedRefunds(t.ctx.db, provider, "X").catch(() => undefined);

    // Our refund is reported as made, then fails. The report of it being made comes again (a
    // second delivery, or a first one that had failed before): it does not say the money
    // reached the buyer, who is still owed it.
    const paid = await paidOrder();
    const orderId = paid.order.data.id;
    const intent = paid.session.payment_intent!;
    await refundOrder(t.ctx.db, provider, paid.event.organiserId!, orderId, "X");
    const made = chargeRefunded(intent);
    expect((await deliver(made)).statusCode).toBe(200);
    fake.failRefund(intent);
    expect((await deliver(refundReport("refund.failed", intent, "failed"))).statusCode).toBe(200);
    expect((await orderRow(orderId)).refundFailedAt).not.toBeNull();
    expect((await deliver(made)).statusCode).toBe(200);
    expect((await deliver(chargeRefunded(intent))).statusCode).toBe(200);
    expect((await orderRow(orderId)).refundRepaidAt).toBeNull();
    expect(await listed()).toContain(orderId);

    // The operator refunds again in the dashboard; the refund is pending (SEPA takes days), its
    // report comes at once: still listed, at every reconciliation, until it goes through, which
    // Stripe reports as the refund's update.
    const retry = { payment_intent: intent, amount: paid.session.amount_total!, status: "pending" };
    fake.dashboardRefunds.push(retry);
    expect((await deliver(chargeRefunded(intent))).statusCode).toBe(200);
    await reconcile();
    expect((await orderRow(orderId)).refundRepaidAt).toBeNull();
    expect(await listed()).toContain(orderId);
    retry.status = "succeeded";
    const through = refundReport("refund.updated", intent, "succeeded");
    expect((await deliver(through)).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ refundRepaidBy: "provider" });
    expect(await listed()).not.toContain(orderId);
    expect(await mailsAbout(orderId, "nun doch ausgeführt")).toHaveLength(1);

    // That retry fails too, days later (the account is closed): the order is listed again, and
    // the buyer told again that the money is still to come.
    retry.status = "failed";
    expect((await deliver(refundReport("refund.failed", intent, "failed"))).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ refundRepaidAt: null, refundRepaidBy: null });
    expect(await listed()).toContain(orderId);
    expect(await mailsAbout(orderId, "fehlgeschlagen")).toHaveLength(2);

    // Our refund fails, its report is late; meanwhile the operator refunded again in the
    // dashboard, and that went through. The late failure lists nothing and tells the buyer
    // nothing: the money is back with them.
    const late = await paidOrder();
    const lateIntent = late.session.payment_intent!;
    await refundOrder(t.ctx.db, provider, late.event.organiserId!, late.order.data.id, "X");
    fake.failRefund(lateIntent);
    fake.refunds.push(lateIntent);
    expect((await deliver(chargeRefunded(lateIntent))).statusCode).toBe(200);
    const failure = refundReport("refund.failed", lateIntent, "failed");
    expect((await deliver(failure)).statusCode).toBe(200);
    expect((await orderRow(late.order.data.id)).refundFailedAt).toBeNull();
    expect(await listed()).not.toContain(late.order.data.id);
    expect(await mailsAbout(late.order.data.id, "fehlgeschlagen")).toHaveLength(0);

    // A small goodwill refund that failed in the dashboard keeps no refund of the rest from being
    // made: the organiser's goes to Stripe.
    const other = await paidOrder();
    const otherIntent = other.session.payment_intent!;
    fake.dashboardRefunds.push({ payment_intent: otherIntent, amount: 500, status: "failed" });
    await refundOrder(t.ctx.db, provider, other.event.organiserId!, other.order.data.id, "X");
    expect(fake.refunds).toContain(otherIntent);
    expect(await orderRow(other.order.data.id)).toMatchObject({
      status: "refunded",
      refundFailedAt: null,
    });

    // The buyer disputes a payment whose refund of ours is on its way, and the bank gives the
    // money back; then our refund fails. The buyer has the money: nothing is listed, nobody told.
    const disputed = await paidOrder();
    const disputedIntent = disputed.session.payment_intent!;
    await refundOrder(t.ctx.db, provider, disputed.event.organiserId!, disputed.order.data.id, "X");
    const lost = disputeReport(disputedIntent);
    expect((await deliver(lost)).statusCode).toBe(200);
    fake.failRefund(disputedIntent);
    const afterDispute = refundReport("refund.failed", disputedIntent, "failed");
    expect((await deliver(afterDispute)).statusCode).toBe(200);
    expect(await orderRow(disputed.order.data.id)).toMatchObject({
      refundFailedAt: null,
      refundRepaidBy: "chargeback",
    });
    expect(await listed()).not.toContain(disputed.order.data.id);
    expect(await mailsAbout(disputed.order.data.id, "fehlgeschlagen")).toHaveLength(0);

    // The operator refunds in full in the dashboard, the order here with it; that refund fails
    // days later: the money is with the operator again, and the order goes on the list.
    const byHand = await paidOrder();
    const byHandIntent = byHand.session.payment_intent!;
    fake.refunds.push(byHandIntent);
    expect((await deliver(chargeRefunded(byHandIntent))).statusCode).toBe(200);
    expect(await orderRow(byHand.order.data.id)).toMatchObject({
      status: "refunded",
      refundReason: "payment_provider",
    });
    fake.failRefund(byHandIntent);
    const byHandFailed = refundReport("refund.failed", byHandIntent, "failed");
    expect((await deliver(byHandFailed)).statusCode).toBe(200);
    expect((await orderRow(byHand.order.data.id)).refundFailedAt).not.toBeNull();
    expect(await listed()).toContain(byHand.order.data.id);
    // The operator refunds once more in the dashboard, it goes through, and its report is lost:
    // the reconciliation finds it, and the order leaves the list.
    fake.dashboardRefunds.push({
      payment_intent: byHandIntent,
      amount: byHand.session.amount_total!,
      status: "succeeded",
    });
    await reconcile();
    expect(await orderRow(byHand.order.data.id)).toMatchObject({ refundRepaidBy: "provider" });
    expect(await listed()).not.toContain(byHand.order.data.id);
  });

  it("a refund failing before its order was recorded as refunded: the reconciliation records it without asking Stripe again", async () => {
    const paid = await paidOrder();
    const orderId = paid.order.data.id;
    const intent = paid.session.payment_intent!;
    const { provider } = checkoutServices.get(t.ctx)!;
    // Step 1 and 2 done, then the process died: the refund is owed, Stripe has it.
    await t.ctx.db
      .update(s.orders)
      .set({ refundRequestedAt: new Date(Date.now() - 5 * 60_000), refundReason: "organiser" })
      .where(eq(s.orders.id, orderId));
    await provider.refund(t.ctx.db, paid.session.id);
    fake.failRefund(intent);
    expect((await deliver(refundReport("refund.failed", intent, "failed"))).statusCode).toBe(200);
    await completeOwedRefunds(t.ctx.db, provider, "X").catch(() => undefined);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "refunded" });
    expect(order.refundFailedAt).not.toBeNull();
    expect(fake.refunds).not.toContain(intent);
    // It stays the operator's to give back.
    const admin = await loginAdmin(t.app);
    const recorded = await call(t.app, {
      method: "POST",
      url: fillPath(panelPaths.recordRefundElsewhere, { id: orderId }),
      token: admin,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
  });

  it("a refund that failed at Stripe, its report not come: the reconciliation finds the failure and asks no second refund", async () => {
    const paid = await paidOrder();
    const orderId = paid.order.data.id;
    const intent = paid.session.payment_intent!;
    const { provider } = checkoutServices.get(t.ctx)!;
    // Steps 1 and 2, then the process died; the refund fails at Stripe and its report is lost.
    await t.ctx.db
      .update(s.orders)
      .set({ refundRequestedAt: new Date(Date.now() - 5 * 60_000), refundReason: "organiser" })
      .where(eq(s.orders.id, orderId));
    await provider.refund(t.ctx.db, paid.session.id);
    fake.failRefund(intent);
    await completeOwedRefunds(t.ctx.db, provider, "X").catch(() => undefined);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "refunded" });
    expect(order.refundFailedAt).not.toBeNull();
    // Stripe would have refunded again (the failed amount is refundable once more): not asked.
    expect(fake.refunds).not.toContain(intent);
    const mails = (await t.outbox()).filter((mail) => mail.includes(`Bestellung ${orderId} `));
    expect(mails.filter((mail) => mail.includes("fehlgeschlagen"))).toHaveLength(1);
    // And no mail says it was refunded: the money is still to come.
    expect(mails.filter((mail) => mail.includes("vollständig erstattet"))).toHaveLength(0);
    // Its late report changes nothing more.
    expect((await deliver(refundReport("refund.failed", intent, "failed"))).statusCode).toBe(200);
    expect((await orderRow(orderId)).refundFailedAt).toEqual(order.refundFailedAt);
  });

  it("a payment refunded in Stripe's dashboard, or taken back by the bank, before its own report came: no report or reconciliation issues tickets (also when both reports are lost), the order closes as refunded and the buyer is told once", async () => {
    /** A paid session whose completion report has not come (Stripe retries it, or it was lost). */
    const paidUnreported = async () => {
      const unreported = await placed();
      await fake.pay(unreported.session.id, { webhook: false });
      expect((await readOrder(unreported.order)).status).toBe("pending");
      return unreported;
    };
    const refundInDashboard = async (paymentIntent: string) => {
      const made = await fetch(`${fake.url}/v1/refunds`, {
        method: "POST",
        headers: {
          authorization: "Bearer sk_test_fake_key",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ payment_intent: paymentIntent }),
      });
      expect(made.status).toBe(200);
      return chargeRefunded(paymentIntent);
    };
    const mailsOf = async (orderId: number, text: string) =>
      (await t.outbox()).filter(
        (mail) => mail.includes(`Bestellung ${orderId} `) && mail.includes(text),
      );
    const closedWithoutTickets = async (
      { order, types }: Awaited<ReturnType<typeof placed>>,
      reason: string,
    ) => {
      expect(await readOrder(order)).toMatchObject({
        status: "refunded",
        refund_reason: reason,
        tickets: [],
      });
      expect(await soldOf(types[0]!.id)).toBe(0);
    };

    // Refunded in the dashboard, then the completion reported: no tickets.
    const reported = await paidUnreported();
    const intent = reported.session.payment_intent!;
    const refunded = await refundInDashboard(intent);
    expect((await deliver(refunded)).statusCode).toBe(200);
    await closedWithoutTickets(reported, "payment_provider");
    const completed = fake.signedEvent("checkout.session.completed", reported.session);
    expect((await deliver(completed)).statusCode).toBe(200);
    await closedWithoutTickets(reported, "payment_provider");
    // Stripe was asked once more (the dashboard's refund and ours) and refused: refunded already.
    expect(fake.refundsAsked.filter((asked) => asked === intent)).toHaveLength(2);
    expect(fake.refunds.filter((refund) => refund === intent)).toHaveLength(1);
    const told = "über den Zahlungsanbieter vollständig erstattet, bevor die Bestellung";
    expect(await mailsOf(reported.order.data.id, told)).toHaveLength(1);
    // The refund's report delivered again: nothing more.
    expect((await deliver(refunded)).statusCode).toBe(200);
    expect(await mailsOf(reported.order.data.id, told)).toHaveLength(1);

    // Refunded in the dashboard, the completion never reported: the reconciliation, which finds
    // the session paid, issues no tickets either.
    const reconciled = await paidUnreported();
    expect(
      (await deliver(await refundInDashboard(reconciled.session.payment_intent!))).statusCode,
    ).toBe(200);
    await checkoutServices.get(t.ctx)!.checkout.reconcile(new Date(Date.now() + 120_000), 0);
    await closedWithoutTickets(reconciled, "payment_provider");

    // Stripe out of reach when asked to refund it too: the order stays marked (the
    // reconciliation completes it), and its seat is free for another buyer meanwhile.
    const lastSeat = await placed(1);
    await fake.pay(lastSeat.session.id, { webhook: false });
    const { provider } = checkoutServices.get(t.ctx)!;
    const away = vi.spyOn(provider, "refund").mockRejectedValueOnce(new Error("Stripe away"));
    const unanswered = await deliver(await refundInDashboard(lastSeat.session.payment_intent!));
    away.mockRestore();
    expect(unanswered.statusCode).toBe(500);
    expect(await orderRow(lastSeat.order.data.id)).toMatchObject({
      status: "pending",
      refundReason: "payment_provider",
    });
    const another = await holdTickets(t.app, lastSeat.payload);
    expect(another.statusCode, another.body).toBe(201);
    // It also reports the failed refunds other tests left for the operator: not this order's.
    await completeOwedRefunds(t.ctx.db, provider, "X").catch(() => undefined);
    await closedWithoutTickets(lastSeat, "payment_provider");

    // Refunded in the dashboard (gone through, or still on its way), neither report ever came:
    // the reconciliation asks Stripe about the refunds once the report is overdue (the hold ran
    // out), and issues no tickets.
    const overdue = () => new Date(Date.now() + 2 * 3_600_000);
    const unheard = await paidUnreported();
    await refundInDashboard(unheard.session.payment_intent!);
    const pending = await paidUnreported();
    fake.dashboardRefunds.push({
      payment_intent: pending.session.payment_intent!,
      amount: 3000,
      status: "pending",
    });
    // Paid without a refund, overdue or not: its tickets.
    const kept = await paidUnreported();
    await checkoutServices.get(t.ctx)!.checkout.reconcile(overdue(), 0);
    await closedWithoutTickets(unheard, "payment_provider");
    await closedWithoutTickets(pending, "payment_provider");
    expect(await readOrder(kept.order)).toMatchObject({ status: "paid", tickets: [{}] });
    expect(fake.refundListsAsked).toContain(kept.session.payment_intent);
    // A report merely late (the hold still runs) costs no question about refunds.
    const early = await paidUnreported();
    await checkoutServices.get(t.ctx)!.checkout.reconcile(new Date(Date.now() + 120_000), 0);
    expect(await readOrder(early.order)).toMatchObject({ status: "paid", tickets: [{}] });
    expect(fake.refundListsAsked).not.toContain(early.session.payment_intent);

    // Taken back by the bank before the completion was reported: closed without asking Stripe.
    const disputed = await paidUnreported();
    const disputedIntent = disputed.session.payment_intent!;
    expect((await deliver(disputeReport(disputedIntent))).statusCode).toBe(200);
    await closedWithoutTickets(disputed, "chargeback");
    expect(
      (await deliver(fake.signedEvent("checkout.session.completed", disputed.session))).statusCode,
    ).toBe(200);
    await closedWithoutTickets(disputed, "chargeback");
    expect(fake.refunds).not.toContain(disputedIntent);
    expect(
      await mailsOf(
        disputed.order.data.id,
        "zurückgebucht, bevor die Bestellung abgeschlossen war",
      ),
    ).toHaveLength(1);
  });

  it("refund reports that are not ours, or of no refund decided here, change nothing", async () => {
    const paid = await paidOrder();
    const before = await eventCount();
    const intents = [
      // A refund made by hand in Stripe's dashboard and failed: the order was never refunded.
      paid.session.payment_intent,
      "pi_elsewhere",
      null,
      undefined,
      12,
      { id: 12 },
    ];
    for (const intent of intents) {
      const answer = await deliver(refundReport("refund.failed", intent, "failed"));
      expect(answer.statusCode, JSON.stringify(intent)).toBe(200);
    }
    expect(await eventCount()).toBe(before + intents.length);
    expect(await orderRow(paid.order.data.id)).toMatchObject({
      status: "paid",
      refundRequestedAt: null,
      refundFailedAt: null,
    });
  });

  it("a dispute lost at Stripe refunds its paid order here without asking Stripe; an open or won one changes nothing", async () => {
    const mailsOf = async (orderId: number) =>
      (await t.outbox()).filter(
        (mail) => mail.includes(`Bestellung ${orderId} (`) && mail.includes("zurückgebucht"),
      );

    const paid = await paidOrder();
    const orderId = paid.order.data.id;
    const intent = paid.session.payment_intent!;
    for (const [type, status] of [
      ["charge.dispute.created", "needs_response"],
      ["charge.dispute.funds_withdrawn", "under_review"],
      ["charge.dispute.closed", "won"],
      ["charge.dispute.closed", "warning_closed"],
    ]) {
      expect(
        (await deliver(disputeReport(intent, { type: type!, status: status! }))).statusCode,
      ).toBe(200);
    }
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", refundRequestedAt: null });

    const lost = disputeReport(intent);
    expect((await deliver(lost)).statusCode).toBe(200);
    expect(await readOrder(paid.order)).toMatchObject({
      status: "refunded",
      refund_reason: "chargeback",
    });
    expect(await soldOf(paid.types[0]!.id)).toBe(0);
    // The bank gave the money back: Stripe is not asked to refund it once more.
    expect(fake.refunds).not.toContain(intent);
    expect(await mailsOf(orderId)).toHaveLength(1);
    // Delivered again: nothing more.
    expect((await deliver(lost)).statusCode).toBe(200);
    expect(await mailsOf(orderId)).toHaveLength(1);
    expect(await soldOf(paid.types[0]!.id)).toBe(0);

    // A refund the organiser decided while the dispute was open (Stripe refuses to refund a
    // disputed payment, so it stayed owed) is completed by the lost dispute, with its reason.
    const owed = await paidOrder();
    await t.ctx.db
      .update(s.orders)
      .set({ refundRequestedAt: new Date(), refundReason: "organiser" })
      .where(eq(s.orders.id, owed.order.data.id));
    expect((await deliver(disputeReport(owed.session.payment_intent))).statusCode).toBe(200);
    expect(await orderRow(owed.order.data.id)).toMatchObject({
      status: "refunded",
      refundReason: "organiser",
    });
    expect(fake.refunds).not.toContain(owed.session.payment_intent);

    // A part of the payment disputed and lost: which tickets would it void? Nothing changes.
    const partly = await paidOrder();
    const partial = disputeReport(partly.session.payment_intent, { amount: 1000 });
    expect((await deliver(partial)).statusCode).toBe(200);
    expect(await orderRow(partly.order.data.id)).toMatchObject({
      status: "paid",
      refundRequestedAt: null,
    });

    // A late payment's refund still owed (its seats were gone; Stripe refused the refund while
    // the dispute was open): the bank's return completes it, and Stripe is not asked.
    const late = await placed();
    await fake.pay(late.session.id, { webhook: false });
    await t.ctx.db
      .update(s.orders)
      .set({ status: "expired", refundRequestedAt: new Date(), refundReason: "sold_out" })
      .where(eq(s.orders.id, late.order.data.id));
    expect((await deliver(disputeReport(late.session.payment_intent))).statusCode).toBe(200);
    expect(await orderRow(late.order.data.id)).toMatchObject({
      status: "refunded",
      refundReason: "sold_out",
    });
    expect(fake.refunds).not.toContain(late.session.payment_intent);

    // Refunded already, or no payment of ours, or no payment named: recorded, nothing else.
    const before = await eventCount();
    const mailsBefore = (await t.outbox()).length;
    for (const paymentIntent of [intent, "pi_elsewhere", null, 7]) {
      const answer = await deliver(disputeReport(paymentIntent));
      expect(answer.statusCode, String(paymentIntent)).toBe(200);
    }
    expect(await eventCount()).toBe(before + 4);
    expect((await t.outbox()).length).toBe(mailsBefore);
  });

  it("an event's cancellation expires the Checkout Sessions of its placed orders", async () => {
    const open = await placed();
    const { provider } = checkoutServices.get(t.ctx)!;
    expect(
      await cancelEvent(t.ctx.db, provider, open.event.organiserId!, open.event.id, {
        confirm: true,
        site: "X",
      }),
    ).toEqual([]);
    expect(fake.sessions.get(open.session.id)!.status).toBe("expired");
    // A session paid meanwhile is Stripe's to report: expiring it fails, and is let be.
    const paidMeanwhile = await placed();
    await fake.pay(paidMeanwhile.session.id, { webhook: false });
    expect(
      await cancelEvent(
        t.ctx.db,
        provider,
        paidMeanwhile.event.organiserId!,
        paidMeanwhile.event.id,
        {
          confirm: true,
          site: "X",
        },
      ),
    ).toEqual([]);
    expect(fake.sessions.get(paidMeanwhile.session.id)!.status).toBe("complete");
  });

  it("reconciliation completes an order paid at Stripe whose webhook never came", async () => {
    const { order, session } = await placed();
    await fake.pay(session.id, { webhook: false });
    expect((await readOrder(order)).status).toBe("pending");
    await checkoutServices.get(t.ctx)!.checkout.reconcile();
    const read = await readOrder(order);
    expect(read.status).toBe("paid");
    expect(read.tickets).toHaveLength(1);
  });

  it("an order whose session expired at Stripe is asked about once, not on every run for a week", async () => {
    const { order, session } = await placed();
    const webhookOrder = await placed();
    const { checkout, provider } = checkoutServices.get(t.ctx)!;
    const questions = recordPaymentQuestions(provider);
    try {
      // The buyer left Stripe's page; the session expired and its webhook was lost.
      await fake.expire(session.id, { webhook: false });
      await checkout.reconcile();
      expect(await readOrder(order)).toMatchObject({ status: "expired", tickets: [] });
      // The other's expiry came by webhook.
      await fake.expire(webhookOrder.session.id, { webhook: false });
      const expired = { ...webhookOrder.session, status: "expired" as const };
      expect(
        (await deliver(fake.signedEvent("checkout.session.expired", expired))).statusCode,
      ).toBe(200);
      await checkout.reconcile();
      await checkout.reconcile();
    } finally {
      questions.restore();
    }
    expect(questions.times(session.id)).toBe(1);
    // Asked by the first run, while it was still open; never after Stripe said it expired.
    expect(questions.times(webhookOrder.session.id)).toBe(1);
  });

  it("a payment decided weeks after its order (SEPA) is still completed, asked less often as it ages", async () => {
    const { order, session } = await placed();
    const { checkout, provider } = checkoutServices.get(t.ctx)!;
    // Placed three weeks ago; its bank only now confirmed, and the webhook was lost.
    const age = (placed: number, checked: number) =>
      t.ctx.db
        .update(s.orders)
        .set({
          placedAt: new Date(Date.now() - placed),
          paymentCheckedAt: new Date(Date.now() - checked),
        })
        .where(eq(s.orders.id, order.data.id));
    const hour = 3_600_000;
    await age(21 * 24 * hour, hour);
    await fake.pay(session.id, { webhook: false });
    const questions = recordPaymentQuestions(provider);
    try {
      // Asked an hour ago: at three weeks it is due every five hours (a hundredth of its age).
      await checkout.reconcile(new Date(), 60);
      expect(questions.times(session.id)).toBe(0);
      await age(21 * 24 * hour, 6 * hour);
      await checkout.reconcile(new Date(), 60);
      expect(questions.times(session.id)).toBe(1);
    } finally {
      questions.restore();
    }
    const read = await readOrder(order);
    expect(read.status).toBe("paid");
    expect(read.tickets).toHaveLength(1);

    // At start every open order is asked, however recently; past 30 days none is.
    const other = await placed();
    await t.ctx.db
      .update(s.orders)
      .set({ placedAt: new Date(Date.now() - 31 * 24 * hour) })
      .where(eq(s.orders.id, other.order.data.id));
    await fake.pay(other.session.id, { webhook: false });
    await checkout.reconcile(new Date(), 0);
    expect((await readOrder(other.order)).status).toBe("pending");
  });

  it("PAYMENT_PROVIDER=stripe without its keys stops the start with the variables' names", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(
      /STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() =>
      loadConfig({
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "pk_live_wrong_kind",
        STRIPE_WEBHOOK_SECRET: webhookSecret,
      }),
    ).toThrow(/STRIPE_SECRET_KEY/);
  });
});

/**
 * A local fake of the few Stripe API endpoints the `stripe` provider uses, for tests (there is
 * no network here): Checkout Sessions (create with an idempotency key, retrieve, list by payment
 * intent, expire), refunds (create, list, and their failure),
 * and a hosted page with "pay" and "cancel" that redirects like Stripe's and sends the webhook,
 * signed with the SDK's test-header helper. Never part of the production server.
 *
 * In vitest: `await startFakeStripe({ webhookUrl, webhookSecret })`. As a process (for a browser
 * test): `node --import tsx apps/api/src/testing/fake-stripe.ts --port 12111 \
 *   --webhook-url http://127.0.0.1:3600/api/v1/payments/stripe/webhook --webhook-secret whsec_…`,
 * and the server with `STRIPE_API_BASE=http://127.0.0.1:12111`.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import Stripe from "stripe";

export type FakeSession = {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  url: string | null;
  mode: "payment";
};

export type FakeStripe = {
  url: string;
  sessions: Map<string, FakeSession>;
  /** Payment intents refunded, in order. */
  refunds: string[];
  /** Payment intents of every refund asked for (`POST /v1/refunds`), refused or not, in order. */
  refundsAsked: string[];
  /** Payment intents whose refunds were listed (`GET /v1/refunds`), in order. */
  refundListsAsked: string[];
  /**
   * Fails a payment's refund, as a SEPA refund to a closed account does days later: as at
   * Stripe, its money can be refunded again (and the intent leaves `refunds`).
   */
  failRefund: (paymentIntent: string) => void;
  /**
   * Refunds made in Stripe's dashboard besides the full ones in `refunds` (a part, a pending
   * one): listed with the payment's refunds, its status changed in place.
   */
  dashboardRefunds: { payment_intent: string; amount: number; status: string }[];
  /** Pays a session as the hosted page would (and sends the webhook unless told not to). */
  pay: (id: string, options?: { webhook?: boolean }) => Promise<FakeSession>;
  expire: (id: string, options?: { webhook?: boolean }) => Promise<FakeSession>;
  /** A webhook event about a session, as Stripe would send it: its body and signature. */
  signedEvent: (
    type: string,
    session: FakeSession,
    options?: { id?: string; secret?: string; timestamp?: number },
  ) => { body: string; signature: string };
  /** Sends a webhook event about a session to the webhook URL; answers its HTTP status. */
  sendWebhook: (type: string, session: FakeSession) => Promise<number>;
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const stripeError = (message: string, type = "invalid_request_error", code?: string) => ({
  error: { type, message, ...(code ? { code } : {}) },
});

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startFakeStripe(options: {
  port?: number;
  webhookUrl?: string;
  webhookSecret: string;
}): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  /** A key's session, and the parameters it was first used with. */
  const byIdempotencyKey = new Map<string, { sessionId: string; params: string }>();
  const refunds: string[] = [];
  const refundsAsked: string[] = [];
  const refundListsAsked: string[] = [];
  /** Payment intents whose refund failed (`failRefund`). */
  const failedRefunds: string[] = [];
  const refundKeys = new Set<string>();
  const dashboardRefunds: FakeStripe["dashboardRefunds"] = [];
  let base = "";

  const signedEvent: FakeStripe["signedEvent"] = (type, session, eventOptions = {}) => {
    const body = JSON.stringify({
      id: eventOptions.id ?? id("evt"),
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: eventOptions.secret ?? options.webhookSecret,
      timestamp: eventOptions.timestamp,
    });
    return { body, signature };
  };

  const sendWebhook: FakeStripe["sendWebhook"] = async (type, session) => {
    if (!options.webhookUrl) return 0;
    const { body, signature } = signedEvent(type, session);
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    });
    return response.status;
  };

  const find = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return session;
  };

  const pay: FakeStripe["pay"] = async (sessionId, payOptions = {}) => {
    const session = find(sessionId);
    if (session.status === "open") {
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        payment_intent: id("pi"),
        url: null,
      });
      if (payOptions.webhook !== false) await sendWebhook("checkout.session.completed", session);
    }
    return session;
  };

  const expire: FakeStripe["expire"] = async (sessionId, expireOptions = {}) => {
    const session = find(sessionId);
    if (session.status === "open") {
      Object.assign(session, { status: "expired", url: null });
      if (expireOptions.webhook !== false) await sendWebhook("checkout.session.expired", session);
    }
    return session;
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", base);
    const parts = url.pathname.split("/").filter(Boolean);
    const body = request.method === "POST" ? new URLSearchParams(await readBody(request)) : null;

    // The hosted page: what the buyer sees.
    if (parts[0] === "pay" && parts[1]) {
      const session = sessions.get(parts[1]);
      if (!session) return send(response, 404, stripeError("No such checkout session"));
      if (request.method === "GET") {
        const amount = (session.amount_total / 100).toFixed(2);
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Fake Stripe Checkout</title></head><body><main>
<h1>Fake Stripe Checkout</h1>
<p>Amount: ${escapeHtml(amount)} ${escapeHtml(session.currency.toUpperCase())}</p>
<p>Status: ${escapeHtml(session.status)}</p>
<form method="post" action="/pay/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`);
        return;
      }
      if (parts[2] === "pay") {
        await pay(session.id);
        response.writeHead(303, {
          location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id),
        });
        return response.end();
      }
      // Cancelling leaves the session open (as Stripe does) and goes back to the shop.
      response.writeHead(303, { location: session.cancel_url });
      return response.end();
    }

    if (!request.headers.authorization?.startsWith("Bearer sk_")) {
      return send(response, 401, stripeError("Invalid API key provided"));
    }
    if (parts[0] !== "v1") return send(response, 404, stripeError("Unrecognized request URL"));

    if (parts[1] === "checkout" && parts[2] === "sessions") {
      if (request.method === "GET" && parts.length === 3) {
        // As Stripe's list: the session of a payment intent, or none.
        const intent = url.searchParams.get("payment_intent");
        const found = [...sessions.values()].filter(
          (row) => intent !== null && row.payment_intent === intent,
        );
        return send(response, 200, {
          object: "list",
          data: found.slice(0, 1),
          has_more: false,
          url: "/v1/checkout/sessions",
        });
      }
      if (request.method === "POST" && parts.length === 3) {
        const key = request.headers["idempotency-key"];
        const earlier = typeof key === "string" ? byIdempotencyKey.get(key) : undefined;
        // As Stripe: a key used again answers its first result, with the same parameters only.
        if (earlier && earlier.params !== body!.toString()) {
          return send(
            response,
            400,
            stripeError(
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              "idempotency_error",
            ),
          );
        }
        if (earlier) return send(response, 200, find(earlier.sessionId));
        const unit = Number(body!.get("line_items[0][price_data][unit_amount]"));
        const quantity = Number(body!.get("line_items[0][quantity]") ?? 1);
        const successUrl = body!.get("success_url");
        if (!Number.isInteger(unit) || unit < 0 || !successUrl) {
          return send(response, 400, stripeError("Missing required param"));
        }
        // As Stripe: a charge in euros is at least 0.50 €.
        if (unit * quantity < 50) {
          return send(
            response,
            400,
            stripeError(
              "The Checkout Session's total amount due must add up to at least €0.50 eur",
              "invalid_request_error",
              "amount_too_small",
            ),
          );
        }
        // As Stripe: a session lives 30 minutes to 24 hours from its creation.
        const expiresAt = Number(body!.get("expires_at") ?? Math.floor(Date.now() / 1000) + 86_400);
        const lifetime = expiresAt - Date.now() / 1000;
        if (!(lifetime >= 30 * 60 && lifetime <= 86_400)) {
          return send(
            response,
            400,
            stripeError(
              "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
            ),
          );
        }
        const sessionId = id("cs");
        const metadata: Record<string, string> = {};
        for (const [name, value] of body!) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match) metadata[match[1]!] = value;
        }
        const session: FakeSession = {
          id: sessionId,
          object: "checkout.session",
          status: "open",
          payment_status: "unpaid",
          payment_intent: null,
          amount_total: unit * quantity,
          currency: body!.get("line_items[0][price_data][currency]") ?? "eur",
          client_reference_id: body!.get("client_reference_id"),
          metadata,
          success_url: successUrl,
          cancel_url: body!.get("cancel_url") ?? successUrl,
          expires_at: expiresAt,
          url: `${base}/pay/${sessionId}`,
          mode: "payment",
        };
        sessions.set(sessionId, session);
        if (typeof key === "string") {
          byIdempotencyKey.set(key, { sessionId, params: body!.toString() });
        }
        return send(response, 200, session);
      }
      const session = parts[3] ? sessions.get(parts[3]) : undefined;
      if (!session) return send(response, 404, stripeError("No such checkout session"));
      if (request.method === "GET") return send(response, 200, session);
      if (request.method === "POST" && parts[4] === "expire") {
        // As Stripe: only an open session can be expired.
        if (session.status !== "open") {
          return send(
            response,
            400,
            stripeError('Only Checkout Sessions with a status in ["open"] can be expired.'),
          );
        }
        return send(response, 200, await expire(session.id, { webhook: false }));
      }
    }

    if (parts[1] === "refunds" && request.method === "GET") {
      // As Stripe's list of a payment intent's refunds: the one made, and those that failed.
      const intent = url.searchParams.get("payment_intent");
      if (intent) refundListsAsked.push(intent);
      const session = [...sessions.values()].find((row) => row.payment_intent === intent);
      // Those of `refunds` and `failRefund` in full; the dashboard's as they were made.
      const refund = (status: string, amount = session?.amount_total ?? 0) => ({
        id: id("re"),
        object: "refund",
        amount,
        payment_intent: intent,
        status,
      });
      return send(response, 200, {
        object: "list",
        data: [
          ...failedRefunds.filter((row) => row === intent).map(() => refund("failed")),
          ...refunds.filter((row) => row === intent).map(() => refund("succeeded")),
          ...dashboardRefunds
            .filter((row) => row.payment_intent === intent)
            .map((row) => refund(row.status, row.amount)),
        ],
        has_more: false,
        url: "/v1/refunds",
      });
    }
    if (parts[1] === "refunds" && request.method === "POST") {
      const intent = body!.get("payment_intent");
      if (intent) refundsAsked.push(intent);
      const session = [...sessions.values()].find((row) => row.payment_intent === intent);
      if (!intent || !session) return send(response, 400, stripeError("No such payment_intent"));
      const key = request.headers["idempotency-key"];
      const refundId = `re_${typeof key === "string" ? key : id("re")}`;
      // As Stripe: a key seen before answers its first refund again; a refund of a payment
      // refunded already (by hand in the dashboard, with another key) is refused.
      if (refunds.includes(intent) && !refundKeys.has(refundId)) {
        return send(
          response,
          400,
          stripeError(
            `Charge for ${intent} has already been refunded.`,
            "invalid_request_error",
            "charge_already_refunded",
          ),
        );
      }
      refundKeys.add(refundId);
      if (!refunds.includes(intent)) refunds.push(intent);
      return send(response, 200, {
        id: refundId,
        object: "refund",
        amount: session.amount_total,
        payment_intent: intent,
        status: "succeeded",
      });
    }
    return send(response, 404, stripeError("Unrecognized request URL"));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, stripeError(error instanceof Error ? error.message : String(error))),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    sessions,
    refunds,
    refundsAsked,
    refundListsAsked,
    failRefund: (paymentIntent) => {
      const at = refunds.indexOf(paymentIntent);
      if (at >= 0) refunds.splice(at, 1);
      failedRefunds.push(paymentIntent);
    },
    dashboardRefunds,
    pay,
    expire,
    signedEvent,
    sendWebhook,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Started as a process: `--port`, `--webhook-url`, `--webhook-secret`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "12111" },
      "webhook-url": { type: "string" },
      "webhook-secret": { type: "string", default: "whsec_fake_stripe_secret" },
    },
  });
  const fake = await startFakeStripe({
    port: Number(values.port),
    webhookUrl: values["webhook-url"],
    webhookSecret: values["webhook-secret"]!,
  });
  console.log(`fake Stripe listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

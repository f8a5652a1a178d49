import {
  checkoutPaths,
  dataOf,
  errorBodySchema,
  stripeWebhookEventSchema,
  testPaymentActionSchema,
  testPaymentParamsSchema,
  testPaymentSchema,
  testWebhookEventSchema,
  testWebhookSignatureHeader,
  webhookReceivedSchema,
} from "@eventwerk/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextOptions } from "../context.ts";
import { type Checkout, recordReport } from "../lib/checkout/orders.ts";
import { HttpError, notFound } from "../lib/http-error.ts";
import type { Outbox } from "../lib/outbox.ts";
import { stripeOutcome, verifiedStripeEvent } from "../lib/payments/stripe-provider.ts";
import {
  actOnTestPayment,
  findTestPayment,
  verifyTestWebhook,
} from "../lib/payments/test-provider.ts";

const states = {
  "payment.succeeded": "succeeded",
  "payment.failed": "failed",
  "payment.cancelled": "cancelled",
} as const;

/**
 * The `test` provider: the API of its hosted payment page (the web app draws it) and the webhook
 * it calls, signed with TEST_PAYMENT_WEBHOOK_SECRET. Nothing is ever charged.
 */
export const paymentRoutes: FastifyPluginAsync<
  ContextOptions & { checkout: Checkout; outbox: Outbox }
> = async (app, { ctx, checkout, outbox }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The signature covers the exact bytes sent, so this plugin keeps them beside the parsed body.
  const rawBodies = new WeakMap<FastifyRequest, string>();
  const stripeEvents = new WeakMap<FastifyRequest, ReturnType<typeof verifiedStripeEvent>>();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    rawBodies.set(request, body as string);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, "malformed_request"), undefined);
    }
  });

  // Only the configured provider's routes are open: on a site that takes payments at Stripe, the
  // test provider's page and webhook (whose secret has a published default) answer 404.
  const onlyWithTestProvider = async () => {
    if (checkout.providerName !== "test") throw notFound();
  };

  api.get(
    checkoutPaths.testPayment,
    {
      preValidation: onlyWithTestProvider,
      schema: {
        tags: ["payments"],
        summary: "The test provider's payment session, for its hosted page",
        params: testPaymentParamsSchema,
        response: { 200: dataOf(testPaymentSchema), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { data: await findTestPayment(ctx.db, request.params.id) };
    },
  );

  api.post(
    checkoutPaths.testPayment,
    {
      preValidation: onlyWithTestProvider,
      schema: {
        tags: ["payments"],
        summary: "A button of the hosted test page: success, failure, cancel, or pending",
        description:
          "Settles the test payment and queues the signed webhook, as a real provider would; `pending` confirms it 30 seconds later. A settled payment, or an open one whose payment window has ended (`expires_at`), answers 409 `order_closed`.",
        params: testPaymentParamsSchema,
        body: testPaymentActionSchema,
        response: {
          200: dataOf(testPaymentSchema),
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const payment = await actOnTestPayment(ctx.db, request.params.id, request.body.action);
      outbox.wake();
      reply.header("cache-control", "private, no-store");
      return { data: payment };
    },
  );

  api.post(
    checkoutPaths.stripeWebhook,
    {
      schema: {
        tags: ["payments"],
        summary: "Stripe's webhook (PAYMENT_PROVIDER=stripe; may come twice, late or out of order)",
        description:
          "Verified with the Stripe SDK's signature check (`Stripe-Signature`, STRIPE_WEBHOOK_SECRET); otherwise 400 `invalid_signature` and nothing is written; a signed body that is no event (or a Checkout Session's without its id), 400 `validation_failed`. `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded` complete the order, `checkout.session.async_payment_failed` fails it, `checkout.session.expired` expires it, `charge.refunded` (in full, in Stripe's dashboard) refunds its paid order; `refund.failed` (or `refund.updated` / `charge.refund.updated` with the status `failed` or `canceled`) puts a failed refund on the operator's list of refunds to give back another way and tells the buyer; `charge.dispute.closed` as `lost` over the full amount refunds its paid order without asking Stripe (the bank gave the money back); each event id is applied once, and a late failure or expiry never undoes a payment; other events are recorded and change nothing.",
        body: stripeWebhookEventSchema,
        response: { 200: webhookReceivedSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
      preValidation: async (request) => {
        if (checkout.providerName !== "stripe") throw notFound();
        const signature = request.headers["stripe-signature"];
        stripeEvents.set(
          request,
          verifiedStripeEvent(
            ctx.config.STRIPE_WEBHOOK_SECRET ?? "",
            rawBodies.get(request) ?? "",
            typeof signature === "string" ? signature : undefined,
          ),
        );
      },
    },
    async (request) => {
      // Signed, and of the shape the body schema checked: its outcome can be read.
      const event = stripeEvents.get(request)!;
      const outcome = stripeOutcome(event);
      if (outcome && "state" in outcome) {
        await checkout.applyPaymentState(outcome.reference, outcome.state, {
          provider: "stripe",
          eventId: event.id,
          type: event.type,
          reference: outcome.reference,
          payload: event,
        });
      } else {
        // A payment's change at Stripe (refunded in its dashboard, a refund failed, a dispute
        // lost) is applied before its report is kept (Stripe's retry after a failure applies it
        // again, which changes nothing once it is applied); any other event is only kept.
        const reference = outcome
          ? await checkout.paymentChangedAtProvider(
              outcome.payment,
              outcome.change,
              outcome.amountCents,
            )
          : null;
        await recordReport(ctx.db, {
          provider: "stripe",
          eventId: event.id,
          type: event.type,
          reference: reference ?? "",
          payload: event,
        });
      }
      outbox.wake();
      return { received: true as const };
    },
  );

  api.post(
    checkoutPaths.testPaymentWebhook,
    {
      schema: {
        tags: ["payments"],
        summary:
          "The test provider's webhook (PAYMENT_PROVIDER=test; signed; may come twice, late or out of order)",
        description:
          '`Eventwerk-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with TEST_PAYMENT_WEBHOOK_SECRET, at most 5 minutes old; otherwise 400 `invalid_signature` and nothing is written. Each event id is applied once; a failure after a success changes nothing.',
        body: testWebhookEventSchema,
        response: { 200: webhookReceivedSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
      preValidation: async (request) => {
        await onlyWithTestProvider();
        const signature = request.headers[testWebhookSignatureHeader];
        verifyTestWebhook(
          ctx.config.TEST_PAYMENT_WEBHOOK_SECRET,
          rawBodies.get(request) ?? "",
          typeof signature === "string" ? signature : undefined,
        );
      },
    },
    async (request) => {
      const event = request.body;
      await checkout.applyPaymentState(event.payment_id, states[event.type], {
        provider: "test",
        eventId: event.id,
        type: event.type,
        reference: event.payment_id,
        payload: event,
      });
      outbox.wake();
      return { received: true as const };
    },
  );
};

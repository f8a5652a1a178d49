import {
  checkoutOrderResponseSchema,
  checkoutPaths,
  createdOrderSchema,
  createOrderSchema,
  errorBodySchema,
  idempotencyKeyHeader,
  localeSchema,
  orderParamsSchema,
  orderTokenHeader,
  orderTokenQuerySchema,
  placedOrderSchema,
  placeOrderSchema,
  ticketKeysSchema,
  updateOrderSchema,
} from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context, ContextOptions } from "../context.ts";
import { orders } from "../db/schema.ts";
import { optionalUser } from "../lib/auth.ts";
import { orderConfirmationMail, orderRefundedMail } from "../lib/checkout/mails.ts";
import {
  type Checkout,
  createCheckout,
  orderConfirmationJob,
  orderRefundedJob,
} from "../lib/checkout/orders.ts";
import { createOutbox, mailJob, type Outbox } from "../lib/outbox.ts";
import type { PaymentProvider } from "../lib/payments/provider.ts";
import {
  confirmPendingTestPayment,
  createTestProvider,
  signTestWebhook,
  testConfirmJob,
  testWebhookJob,
} from "../lib/payments/test-provider.ts";
import { createTicketSigner } from "../lib/ticket-codes.ts";
import { signUnsignedTicketCodes } from "../seed/tickets.ts";
import { paymentRoutes } from "./payments.ts";

export type CheckoutServices = { checkout: Checkout; outbox: Outbox; provider: PaymentProvider };

/** The checkout of each running instance, for its tests and jobs. */
export const checkoutServices = new WeakMap<Context, CheckoutServices>();

const orderJobSchema = z.object({ order_id: z.number().int() });
const confirmJobSchema = z.object({ payment_id: z.string() });
const mailJobSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });

const orderErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const orderHeaders = z.looseObject({ [orderTokenHeader]: z.string().max(200).optional() });

/**
 * Buying tickets: holds as pending orders, buyer details and voucher, placing (payment or, when
 * free, tickets at once), the signed-code keys, and the jobs that finish what payments start.
 */
export const checkoutRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signer = await createTicketSigner(ctx.config);
  const provider = createTestProvider(ctx.config.PUBLIC_URL);
  const checkout = createCheckout({ db: ctx.db, config: ctx.config, signer, provider });

  const orderLocale = async (orderId: number) => {
    const [row] = await ctx.db
      .select({ locale: orders.locale })
      .from(orders)
      .where(eq(orders.id, orderId));
    return localeSchema.parse(row?.locale ?? "de");
  };
  const outbox = createOutbox(
    ctx.db,
    {
      [orderConfirmationJob]: async (job) => {
        const { order_id } = orderJobSchema.parse(job.payload);
        const locale = await orderLocale(order_id);
        const order = await checkout.readOrder(order_id, locale);
        await ctx.mailer.send(
          orderConfirmationMail(
            order,
            locale,
            ctx.config.SITE_NAME,
            checkout.statusUrl(order_id, locale),
          ),
        );
      },
      [orderRefundedJob]: async (job) => {
        const { order_id } = orderJobSchema.parse(job.payload);
        const locale = await orderLocale(order_id);
        const order = await checkout.readOrder(order_id, locale);
        await ctx.mailer.send(orderRefundedMail(order, locale, ctx.config.SITE_NAME));
      },
      // Emails of the panel and the operator (approvals, refunds), rendered when queued.
      [mailJob]: async (job) => {
        await ctx.mailer.send(mailJobSchema.parse(job.payload));
      },
      [testConfirmJob]: async (job) => {
        await confirmPendingTestPayment(ctx.db, confirmJobSchema.parse(job.payload).payment_id);
      },
      // The test provider delivers its webhook like a real one: a signed POST to the endpoint,
      // through the whole HTTP pipeline, signed anew at each attempt.
      [testWebhookJob]: async (job) => {
        const body = JSON.stringify(job.payload);
        const response = await app.inject({
          method: "POST",
          url: checkoutPaths.testPaymentWebhook,
          payload: body,
          headers: {
            "content-type": "application/json",
            "eventwerk-signature": signTestWebhook(ctx.config.TEST_PAYMENT_WEBHOOK_SECRET, body),
          },
        });
        if (response.statusCode >= 300) {
          throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
        }
      },
    },
    (message, error) => app.log.warn({ err: error }, message),
  );
  checkoutServices.set(ctx, { checkout, outbox, provider });

  let reconcileTimer: NodeJS.Timeout | null = null;
  const reconcile = () =>
    checkout.reconcile().catch((error) => app.log.error({ err: error }, "reconciliation failed"));
  app.addHook("onReady", async () => {
    const signed = await signUnsignedTicketCodes(ctx.db, signer);
    if (signed) app.log.info(`${signed} tickets got signed codes`);
    const seconds = ctx.config.RECONCILE_INTERVAL_SECONDS;
    if (seconds > 0) {
      await reconcile();
      reconcileTimer = setInterval(reconcile, seconds * 1000);
      reconcileTimer.unref();
    }
    outbox.start(ctx.config.OUTBOX_POLL_MS);
  });
  app.addHook("onClose", async () => {
    if (reconcileTimer) clearInterval(reconcileTimer);
    await outbox.stop();
  });

  const caller = async (request: FastifyRequest, token: string | undefined) => ({
    userId: (await optionalUser(ctx, request))?.userId ?? null,
    token,
  });
  const tokenOf = (request: { headers: Record<string, unknown>; query: { token?: string } }) => {
    const header = request.headers[orderTokenHeader];
    return typeof header === "string" ? header : request.query.token;
  };

  api.post(
    checkoutPaths.orders,
    {
      schema: {
        tags: ["checkout"],
        summary: "Hold tickets: a pending order for HOLD_MINUTES",
        description:
          "Reserves the seats in one transaction (never more than the capacity is sold or held; expired holds never count). Prices, discounts and the service fee are the server's; fields such as prices or totals are refused. Guests may order: the answer's `token` lets them read the order again. A retry with the same `Idempotency-Key` header (or `idempotency_key` field) answers the same order. Sold out: 409 `sold_out`.",
        body: createOrderSchema,
        headers: z.looseObject({ [idempotencyKeyHeader]: z.string().min(8).max(100).optional() }),
        response: { 201: createdOrderSchema, ...orderErrors },
      },
    },
    async (request, reply) => {
      const user = await optionalUser(ctx, request);
      const { event_id, items, voucher_code, idempotency_key } = request.body;
      const orderId = await checkout.createOrder({
        eventId: event_id,
        items,
        voucherCode: voucher_code,
        idempotencyKey: request.headers[idempotencyKeyHeader] ?? idempotency_key,
        userId: user?.userId ?? null,
        locale: request.locale,
      });
      reply.code(201).header("cache-control", "private, no-store");
      return {
        data: await checkout.readOrder(orderId, request.locale),
        token: checkout.orderToken(orderId),
      };
    },
  );

  const readSchema = {
    params: orderParamsSchema,
    querystring: orderTokenQuerySchema,
    headers: orderHeaders,
  };

  api.get(
    checkoutPaths.order,
    {
      schema: {
        tags: ["checkout"],
        summary: "An order with its status, and its tickets once paid (the return page polls this)",
        description:
          "Its signed-in buyer, or anyone with its token (`X-Order-Token` header or `token` query). Another buyer's order answers 404.",
        ...readSchema,
        response: { 200: checkoutOrderResponseSchema, ...orderErrors },
      },
    },
    async (request, reply) => {
      await checkout.authorize(request.params.id, await caller(request, tokenOf(request)));
      reply.header("cache-control", "private, no-store");
      return { data: await checkout.readOrder(request.params.id, request.locale) };
    },
  );

  api.patch(
    checkoutPaths.order,
    {
      schema: {
        tags: ["checkout"],
        summary: "Buyer name and email, billing address, voucher of a held order",
        description:
          "Only while the hold runs and before the order is placed (409 `hold_expired` / `order_closed`). `address_id` copies one of the signed-in buyer's addresses. Voucher errors have their own codes: `voucher_unknown`, `voucher_expired`, `voucher_not_yet_valid`, `voucher_used_up`, `voucher_wrong_event`, `voucher_not_applicable`.",
        ...readSchema,
        body: updateOrderSchema,
        response: { 200: checkoutOrderResponseSchema, ...orderErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await checkout.authorize(id, await caller(request, tokenOf(request)));
      const body = request.body;
      await checkout.updateOrder(id, {
        buyerName: body.buyer_name,
        buyerEmail: body.buyer_email,
        billingAddress: body.billing_address,
        addressId: body.address_id,
        voucherCode: body.voucher_code,
      });
      reply.header("cache-control", "private, no-store");
      return { data: await checkout.readOrder(id, request.locale) };
    },
  );

  api.post(
    `${checkoutPaths.placeOrder}`,
    {
      schema: {
        tags: ["checkout"],
        summary: "Place the order: pay with the provider, or get the tickets at once when free",
        description:
          "`redirect_url` is the provider's payment page (null for a free order, which is paid at once). Placing again answers the same payment.",
        ...readSchema,
        body: placeOrderSchema,
        response: { 200: placedOrderSchema, ...orderErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await checkout.authorize(id, await caller(request, tokenOf(request)));
      const redirectUrl = await checkout.placeOrder(id);
      outbox.wake();
      reply.header("cache-control", "private, no-store");
      return { data: await checkout.readOrder(id, request.locale), redirect_url: redirectUrl };
    },
  );

  api.post(
    checkoutPaths.cancelOrder,
    {
      schema: {
        tags: ["checkout"],
        summary: "Give the held seats back before paying",
        ...readSchema,
        response: { 200: checkoutOrderResponseSchema, ...orderErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await checkout.authorize(id, await caller(request, tokenOf(request)));
      await checkout.cancelOrder(id);
      reply.header("cache-control", "private, no-store");
      return { data: await checkout.readOrder(id, request.locale) };
    },
  );

  api.get(
    checkoutPaths.ticketKeys,
    {
      schema: {
        tags: ["checkout"],
        summary: "Public keys (JWK, Ed25519) that ticket QR codes are signed with, by key id",
        description:
          "A code is `base64url(payload).base64url(signature)` with the payload `{v, kid, tid, eid, ttid}`; `verifyTicketCode` of the contract checks one offline.",
        response: { 200: ticketKeysSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return { data: signer.keys };
    },
  );

  await app.register(paymentRoutes, { ctx, checkout, outbox });
};

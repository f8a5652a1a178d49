import {
  checkoutOrderResponseSchema,
  checkoutPaths,
  createdOrderSchema,
  createOrderSchema,
  errorBodySchema,
  idempotencyHeaders,
  idempotencyKeyHeader,
  type Locale,
  localeSchema,
  orderFileQuerySchema,
  orderParamsSchema,
  orderTicketParamsSchema,
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
import type { Config } from "../config.ts";
import type { Context, ContextOptions } from "../context.ts";
import { orders } from "../db/schema.ts";
import { optionalUser } from "../lib/auth.ts";
import { calendarAttachment, eventCalendar } from "../lib/catalogue-ics.ts";
import { findEvent } from "../lib/catalogue-queries.ts";
import { ticketsPdf } from "../lib/checkout/documents.ts";
import { orderConfirmationMail, orderRefundedMail } from "../lib/checkout/mails.ts";
import {
  type Checkout,
  createCheckout,
  notPaidError,
  orderConfirmationJob,
  unsoldRefundReasons,
} from "../lib/checkout/orders.ts";
import { completeOwedRefunds, orderRefundedJob } from "../lib/checkout/refunds.ts";
import { addressKey } from "../lib/client-address.ts";
import { HttpError, notFound } from "../lib/http-error.ts";
import type { OutboxHandler } from "../lib/outbox.ts";
import { refundCancelledEvents } from "../lib/panel/orders.ts";
import type { PaymentProvider } from "../lib/payments/provider.ts";
import { createStripeProvider } from "../lib/payments/stripe-provider.ts";
import {
  confirmPendingTestPayment,
  createTestProvider,
  signTestWebhook,
  testConfirmJob,
  testWebhookJob,
} from "../lib/payments/test-provider.ts";
import { createTicketSigner } from "../lib/ticket-codes.ts";
import { deliverable } from "../lib/users.ts";
import { signUnsignedTicketCodes } from "../seed/tickets.ts";
import { paymentRoutes } from "./payments.ts";

/** The configured payment provider (config.ts made sure Stripe's keys are there). */
function paymentProvider(config: Config): PaymentProvider {
  if (config.PAYMENT_PROVIDER === "stripe") {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiBase: config.STRIPE_API_BASE,
      siteName: config.SITE_NAME,
    });
  }
  return createTestProvider(config.PUBLIC_URL);
}

export type CheckoutServices = {
  checkout: Checkout;
  provider: PaymentProvider;
  /** The reconciliation job's run (its timer's), joined by a call while one is under way. */
  reconcile: (askEverySeconds?: number) => Promise<void>;
};

/** The checkout of each running instance, for its tests and jobs. */
export const checkoutServices = new WeakMap<Context, CheckoutServices>();

/** The instance's checkout, for the routes registered beside it (the panel's, the operator's). */
export function checkoutOf(ctx: Context): CheckoutServices {
  const services = checkoutServices.get(ctx);
  if (!services) throw new Error("the checkout is not registered");
  return services;
}

const orderJobSchema = z.object({ order_id: z.number().int() });
/** Jobs queued before the reason was kept were all refunded for lack of seats. */
const refundJobSchema = orderJobSchema.extend({
  reason: z.enum(unsoldRefundReasons).default("sold_out"),
});
const confirmJobSchema = z.object({ payment_id: z.string() });

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
  const provider = paymentProvider(ctx.config);
  const checkout = createCheckout({ db: ctx.db, config: ctx.config, signer, provider });

  /**
   * Runs `work` with a voucher code, which counts against its source (and order) when it is
   * wrong: guessing codes is as slow as the sign-in's attempts. Counted up front, so that
   * guesses at once cannot all pass; given back when the code was not the problem.
   */
  const voucherAttempt = async <T>(
    code: string | null | undefined,
    keys: string[],
    work: () => Promise<T>,
  ): Promise<T> => {
    if (!code) return work();
    await ctx.rateLimiter.hit("voucher", keys);
    const wrongCode = (error: unknown) =>
      error instanceof HttpError && error.code.startsWith("voucher_");
    const result = await work().catch(async (error: unknown) => {
      if (!wrongCode(error)) await ctx.rateLimiter.reward("voucher", keys);
      throw error;
    });
    await ctx.rateLimiter.reward("voucher", keys);
    return result;
  };

  const orderLocale = async (orderId: number) => {
    const [row] = await ctx.db
      .select({ locale: orders.locale })
      .from(orders)
      .where(eq(orders.id, orderId));
    return localeSchema.parse(row?.locale ?? "de");
  };
  /** A paid order with its event, for its files (409 `order_not_paid` before payment). */
  const paidOrder = async (orderId: number, locale: Locale) => {
    const order = await checkout.readOrder(orderId, locale);
    if (order.status !== "paid") throw notPaidError(order.status, "order_not_paid");
    // Its event unpublished since (or its organiser suspended): the tickets stay valid.
    const event = await findEvent(ctx.db, order.event.id, locale, new Date(), { drafts: true });
    if (!event) throw notFound();
    const { venue } = event.detail;
    return {
      order,
      event,
      pdf: (ticketIds?: number[]) =>
        ticketsPdf(
          order,
          {
            name: venue.name,
            address: `${venue.address_line}, ${venue.postal_code} ${venue.city_name}`,
          },
          locale,
          ctx.config.SITE_NAME,
          ticketIds,
        ),
      calendar: () =>
        eventCalendar(event, {
          publicUrl: ctx.config.PUBLIC_URL,
          siteName: ctx.config.SITE_NAME,
          locale,
        }),
    };
  };

  const outbox = ctx.outbox;
  const handlers: Record<string, OutboxHandler> = {
    // Made when the mail goes out, from the stored order: a retry sends the same content.
    [orderConfirmationJob]: async (job) => {
      const { order_id } = orderJobSchema.parse(job.payload);
      const locale = await orderLocale(order_id);
      // Refunded (or its refund decided) before the mail went out: its tickets are void. A
      // deleted account's order has no address left to write to.
      const read = await checkout.readOrder(order_id, locale);
      if (read.status === "refunded" || !deliverable(read.buyer_email)) return;
      const { order, pdf, calendar } = await paidOrder(order_id, locale);
      await ctx.mailer.send(
        orderConfirmationMail(
          order,
          locale,
          ctx.config.SITE_NAME,
          checkout.statusUrl(order, locale),
          [
            {
              filename: `tickets-${order_id}.pdf`,
              content: await pdf(),
              contentType: "application/pdf",
            },
            calendarAttachment(calendar()),
          ],
        ),
      );
    },
    [orderRefundedJob]: async (job) => {
      const { order_id, reason } = refundJobSchema.parse(job.payload);
      const locale = await orderLocale(order_id);
      const order = await checkout.readOrder(order_id, locale);
      if (!deliverable(order.buyer_email)) return;
      await ctx.mailer.send(orderRefundedMail(order, reason, locale, ctx.config.SITE_NAME));
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
  };
  for (const [kind, handler] of Object.entries(handlers)) outbox.handle(kind, handler);

  let reconcileTimer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  // Also the refunds that an event's cancellation left (the panel's, with the same provider),
  // and those decided whose provider or commit failed (`refunds.ts`).
  // One run at a time: a run that outlasts the interval (a slow provider, many open orders) would
  // otherwise have the next ask the provider about the same orders beside it; a call meanwhile
  // joins the run under way.
  const reconcile = (askEverySeconds?: number) => {
    running ??= (async () => {
      const runs = await Promise.allSettled([
        checkout.reconcile(new Date(), askEverySeconds),
        refundCancelledEvents(ctx.db, provider, ctx.config.SITE_NAME),
        completeOwedRefunds(ctx.db, provider, ctx.config.SITE_NAME),
      ]);
      for (const run of runs) {
        if (run.status === "rejected") app.log.error({ err: run.reason }, "reconciliation failed");
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };
  checkoutServices.set(ctx, { checkout, provider, reconcile });
  app.addHook("onReady", async () => {
    const signed = await signUnsignedTicketCodes(ctx.db, signer);
    if (signed) app.log.info(`${signed} tickets got signed codes`);
    const seconds = ctx.config.RECONCILE_INTERVAL_SECONDS;
    if (seconds > 0) {
      // At start every open order is asked at once: this process may have died between a
      // payment and its tickets, moments ago.
      await reconcile(0);
      reconcileTimer = setInterval(reconcile, seconds * 1000);
      reconcileTimer.unref();
    }
  });
  app.addHook("onClose", async () => {
    if (reconcileTimer) clearInterval(reconcileTimer);
    // A run under way finishes before the database closes under it.
    await running;
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
          "Reserves the seats in one transaction (never more than the capacity is sold or held; expired holds never count). Prices, discounts and the service fee are the server's; fields such as prices or totals are refused. Guests may order: the answer's `token` lets them read the order again. A retry with the same `Idempotency-Key` header (or `idempotency_key` field) answers the same order: the signed-in buyer's, or a guest's from the same address (another guest with the key gets an order of their own). Sold out: 409 `sold_out`. One source (IP address, and the account when signed in) may hold HOLD_SEATS_PER_SOURCE seats within the longest a hold lasts (HOLD_MINUTES + PAYMENT_MINUTES + 5: placed, it lasts through its payment window); more answer 429 `rate_limited` with `Retry-After`.",
        body: createOrderSchema,
        headers: idempotencyHeaders(),
        response: { 201: createdOrderSchema, ...orderErrors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await optionalUser(ctx, request);
      const { event_id, items, voucher_code, idempotency_key } = request.body;
      const seats = items.reduce((total, item) => total + item.quantity, 0);
      // One source per IPv4 address or IPv6 /64, as the other limits count it.
      const source = addressKey(request.ip);
      const input = {
        eventId: event_id,
        items,
        voucherCode: voucher_code,
        idempotencyKey: request.headers[idempotencyKeyHeader] ?? idempotency_key,
        userId: user?.userId ?? null,
        clientAddress: source,
        locale: request.locale,
      };
      // Only seats this call holds count against the source: a retry of a hold (a double click)
      // answers its order without counting, and a refused hold (sold out, bad input) gives its
      // seats back. Counted before the hold, so that holds at once cannot all pass first.
      let orderId = await checkout.orderOfKey(input);
      if (orderId === null) {
        const keys = [`ip:${source}`, ...(user ? [`account:${user.userId}`] : [])];
        await ctx.rateLimiter.hit("hold", keys, seats);
        const held = await voucherAttempt(voucher_code, keys, () =>
          checkout.createOrder(input),
        ).catch(async (error: unknown) => {
          await ctx.rateLimiter.reward("hold", keys, seats);
          throw error;
        });
        if (!held.created) await ctx.rateLimiter.reward("hold", keys, seats);
        orderId = held.id;
      }
      reply.code(201).header("cache-control", "private, no-store");
      const order = await checkout.readOrder(orderId, request.locale);
      return { data: order, token: checkout.orderToken(order) };
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
          "Only while the hold runs and before the order is placed (409 `hold_expired` / `order_closed`). A signed-in caller who also sends a guest order's token takes the order over (it keeps its hold and appears in their account). `address_id` copies one of the signed-in buyer's addresses. `new_address` (the address book's fields, signed-in buyers only) is the billing address, and with `save_address` also an entry of their address book, made in the same transaction; a retry with the same address answers the same entry. Voucher errors have their own codes: `voucher_unknown` (another event's code too, so that codes cannot be probed across events), `voucher_expired`, `voucher_not_yet_valid`, `voucher_used_up`, `voucher_not_applicable`; wrong codes count against the caller's address and the order (RATE_LIMIT_PER_MINUTE, then 429 `rate_limited`).",
        ...readSchema,
        body: updateOrderSchema,
        response: { 200: checkoutOrderResponseSchema, ...orderErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const who = await caller(request, tokenOf(request));
      await checkout.authorize(id, who);
      const body = request.body;
      const keys = [`ip:${addressKey(request.ip)}`, `order:${id}`];
      await voucherAttempt(body.voucher_code, keys, () =>
        checkout.updateOrder(id, {
          // Signed in with the guest order's token: the order becomes theirs.
          claimFor: who.token === undefined ? null : who.userId,
          buyerName: body.buyer_name,
          buyerEmail: body.buyer_email,
          billingAddress: body.billing_address,
          addressId: body.address_id,
          newAddress: body.new_address,
          saveAddress: body.save_address,
          callerId: who.userId,
          voucherCode: body.voucher_code,
        }),
      );
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
          "`redirect_url` is the provider's payment page, while it takes the payment; null for a free order (paid at once) and for a payment already made or under way at the provider (the order's status tells its outcome). Placing again answers the same payment. The provider's page takes payment for PAYMENT_MINUTES, and the seats stay reserved for that time and five minutes more (for its report), however much of the hold was left. A total below the provider's smallest payment (Stripe's: €0.50) answers 409 `conflict`; a provider that fails to start the payment, 503 `service_unavailable` with `Retry-After` (the order stays open).",
        ...readSchema,
        body: placeOrderSchema,
        response: { 200: placedOrderSchema, ...orderErrors, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await checkout.authorize(id, await caller(request, tokenOf(request)));
      const redirectUrl = await checkout.placeOrder(id);
      // Paid at once (free): its confirmation is queued.
      if (redirectUrl === null) outbox.wake();
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

  const fileSchema = {
    params: orderParamsSchema,
    querystring: orderFileQuerySchema,
    headers: orderHeaders,
  };
  const fileDescription =
    "Its signed-in buyer, or anyone with its token (`X-Order-Token` header or `token` query, for plain links); another buyer's order answers 404. Texts in the request's language; `locale` overrides the X-localization header. Before payment 409 `order_not_paid`.";

  api.get(
    checkoutPaths.orderTicketsPdf,
    {
      schema: {
        tags: ["checkout"],
        summary: "A paid order's tickets as a PDF, one page per ticket (application/pdf)",
        description: `Each page: QR code (the signed ticket code), event, date, venue, ticket type, price and order number. ${fileDescription}`,
        ...fileSchema,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("A PDF file"), ...orderErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await checkout.authorize(id, await caller(request, tokenOf(request)));
      const { pdf } = await paidOrder(id, request.query.locale ?? request.locale);
      return reply
        .type("application/pdf")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename="tickets-${id}.pdf"`)
        .send(await pdf());
    },
  );

  api.get(
    checkoutPaths.ticketPdf,
    {
      schema: {
        tags: ["checkout"],
        summary: "One ticket of a paid order as a one-page PDF (application/pdf)",
        description: `A ticket of another order answers 404. ${fileDescription}`,
        ...fileSchema,
        params: orderTicketParamsSchema,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("A PDF file"), ...orderErrors },
      },
    },
    async (request, reply) => {
      const { id, ticketId } = request.params;
      await checkout.authorize(id, await caller(request, tokenOf(request)));
      const { order, pdf } = await paidOrder(id, request.query.locale ?? request.locale);
      if (!order.tickets.some((ticket) => ticket.id === ticketId)) throw notFound();
      return reply
        .type("application/pdf")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename="ticket-${ticketId}.pdf"`)
        .send(await pdf([ticketId]));
    },
  );

  api.get(
    checkoutPaths.orderCalendar,
    {
      schema: {
        tags: ["checkout"],
        summary: "The event of a paid order as an iCalendar file (text/calendar)",
        description: fileDescription,
        ...fileSchema,
        produces: ["text/calendar"],
        response: {
          200: z.string().describe("An iCalendar file (text/calendar) with one VEVENT"),
          ...orderErrors,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await checkout.authorize(id, await caller(request, tokenOf(request)));
      const { calendar } = await paidOrder(id, request.query.locale ?? request.locale);
      const { body, filename } = calendar();
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(body);
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

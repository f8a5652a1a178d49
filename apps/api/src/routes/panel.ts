import {
  auditListSchema,
  cancelEventSchema,
  coverMaxBytes,
  coverMediaTypes,
  coverUploadSchema,
  dashboardSchema,
  errorBodySchema,
  eventInputSchema,
  eventUpdateSchema,
  idParamSchema,
  type Locale,
  okSchema,
  pageMeta,
  panelEventListSchema,
  panelEventResponseSchema,
  panelOrderListSchema,
  panelOrderResponseSchema,
  panelOrdersQuerySchema,
  panelPaths,
  panelTicketTypeResponseSchema,
  panelVenueListSchema,
  panelVoucherListSchema,
  panelVoucherResponseSchema,
  ticketTypeInputSchema,
  ticketTypeUpdateSchema,
  venueInputSchema,
  voucherInputSchema,
} from "@eventwerk/contract";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContextOptions } from "../context.ts";
import { eventAudit } from "../lib/panel/audit.ts";
import {
  eventChangeMailJob,
  eventChangeNoticeJob,
  eventChangeNoticeJobSchema,
  sendChangeMail,
  sendChangeNotices,
} from "../lib/panel/change-notices.ts";
import { uploadCover } from "../lib/panel/covers.ts";
import {
  createEvent,
  createVenue,
  dashboard,
  duplicateEvent,
  listEvents,
  listVenues,
  ownedEvent,
  publishEvent,
  readEvent,
  unpublishEvent,
  updateEvent,
} from "../lib/panel/events.ts";
import {
  cancelEvent,
  listEventOrders,
  ordersCsv,
  readPanelOrder,
  refundOrder,
  resendConfirmation,
} from "../lib/panel/orders.ts";
import {
  closeTicketType,
  createTicketType,
  createVoucher,
  deactivateVoucher,
  deleteTicketType,
  listVouchers,
  updateTicketType,
} from "../lib/panel/ticket-types.ts";
import { checkoutOf } from "./checkout.ts";

const tags = ["panel"];
const security = [{ bearer: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
/** The options of a call on one of the organiser's things by its id, answering `response`. */
const byId = <Response extends z.ZodType>(summary: string, response: Response) => ({
  schema: {
    tags,
    summary,
    security,
    params: idParamSchema,
    response: { 200: response, ...errors },
  },
});

const noStore = (reply: FastifyReply) => reply.header("cache-control", "private, no-store");

/**
 * The organiser panel: an approved organiser's own events, ticket types, vouchers, venues and
 * orders (another organiser's ids answer 404), with the dashboard's figures and the audit log.
 */
export const panelRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const provider = () => checkoutOf(ctx).provider;

  ctx.outbox.handle(eventChangeNoticeJob, async (job) => {
    const { event_id, changed_at } = eventChangeNoticeJobSchema.parse(job.payload);
    await sendChangeNotices(
      ctx.db,
      { id: job.id, eventId: event_id, changedAt: new Date(changed_at) },
      { site: ctx.config.SITE_NAME, statusUrl: checkoutOf(ctx).checkout.statusUrl },
    );
    // Its mails are due now.
    ctx.outbox.wake();
  });
  ctx.outbox.handle(eventChangeMailJob, (job) =>
    sendChangeMail(ctx.db, ctx.mailer, job.payload, {
      site: ctx.config.SITE_NAME,
      publicUrl: ctx.config.PUBLIC_URL,
    }),
  );

  api.get(
    panelPaths.dashboard,
    {
      schema: {
        tags,
        summary: "Upcoming and past events with sales figures from paid orders, and totals",
        security,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { data: await dashboard(ctx.db, request.auth.userId, request.locale) };
    },
  );

  api.get(
    panelPaths.venues,
    {
      schema: {
        tags,
        summary: "Venues the organiser may choose: shared ones and their own",
        security,
        response: { 200: panelVenueListSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { data: await listVenues(ctx.db, request.auth.userId, request.locale) };
    },
  );

  api.post(
    panelPaths.venues,
    {
      schema: {
        tags,
        summary: "Create a venue (address, city from the geo data, map coordinates)",
        security,
        body: venueInputSchema,
        response: { 201: z.object({ data: z.object({ id: z.number().int() }) }), ...errors },
      },
    },
    async (request, reply) => {
      const id = await createVenue(ctx.db, request.auth.userId, request.body);
      noStore(reply).code(201);
      return { data: { id } };
    },
  );

  api.get(
    panelPaths.events,
    {
      schema: {
        tags,
        summary: "The organiser's events with their figures",
        security,
        response: { 200: panelEventListSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { data: await listEvents(ctx.db, request.auth.userId, request.locale) };
    },
  );

  api.post(
    panelPaths.events,
    {
      schema: {
        tags,
        summary: "Create a draft event",
        security,
        body: eventInputSchema,
        response: { 201: panelEventResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await createEvent(ctx.db, request.auth.userId, request.body);
      noStore(reply).code(201);
      return { data: await readEvent(ctx.db, request.auth.userId, id) };
    },
  );

  api.get(
    panelPaths.event,
    byId("One event with ticket types, figures and daily sales", panelEventResponseSchema),
    async (request, reply) => {
      noStore(reply);
      return { data: await readEvent(ctx.db, request.auth.userId, request.params.id) };
    },
  );

  api.patch(
    panelPaths.event,
    {
      schema: {
        tags,
        summary: "Change an event's fields; the slugs follow the titles (old ones redirect)",
        security,
        params: idParamSchema,
        body: eventUpdateSchema,
        response: { 200: panelEventResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await updateEvent(ctx.db, request.auth.userId, request.params.id, request.body);
      noStore(reply);
      return { data: await readEvent(ctx.db, request.auth.userId, request.params.id) };
    },
  );

  // Room above the cover's limit, so that a picture a little too large gets the field's message.
  const coverBodyLimit = coverMaxBytes + 1024 * 1024;
  // A cover arrives as the raw picture (only on this plugin's routes); its content decides the type.
  api.addContentTypeParser(
    [...coverMediaTypes, "application/octet-stream"],
    { parseAs: "buffer", bodyLimit: coverBodyLimit },
    (_request, body, done) => done(null, body),
  );
  api.put(
    panelPaths.eventCover,
    {
      bodyLimit: coverBodyLimit,
      schema: {
        tags,
        summary: "Upload the event's cover picture (JPEG, PNG or WebP, at most 10 MB)",
        description:
          "The raw picture as the body. Its bytes decide its type (else 400 with the field `cover`); it is stored as 16:9 WebP in the demo covers' widths. Larger: 413.",
        security,
        consumes: [...coverMediaTypes],
        params: idParamSchema,
        body: coverUploadSchema,
        response: { 200: panelEventResponseSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request, reply) => {
      await uploadCover(
        ctx.db,
        ctx.config.dataDir,
        request.auth.userId,
        request.params.id,
        Buffer.from(request.body),
      );
      noStore(reply);
      return { data: await readEvent(ctx.db, request.auth.userId, request.params.id) };
    },
  );

  const eventAction = (
    path: string,
    summary: string,
    run: (organiserId: string, id: number) => Promise<unknown>,
  ) =>
    api.post(path, byId(summary, panelEventResponseSchema), async (request, reply) => {
      await run(request.auth.userId, request.params.id);
      noStore(reply);
      return { data: await readEvent(ctx.db, request.auth.userId, request.params.id) };
    });
  eventAction(panelPaths.publishEvent, "Publish an event (needs a ticket type)", (who, id) =>
    publishEvent(ctx.db, who, id),
  );
  eventAction(panelPaths.unpublishEvent, "Take an event back to draft", (who, id) =>
    unpublishEvent(ctx.db, who, id),
  );

  api.post(
    panelPaths.duplicateEvent,
    {
      schema: {
        tags,
        summary: "Copy an event with its ticket types as a new draft",
        security,
        params: idParamSchema,
        response: { 201: panelEventResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await duplicateEvent(ctx.db, request.auth.userId, request.params.id);
      noStore(reply).code(201);
      return { data: await readEvent(ctx.db, request.auth.userId, id) };
    },
  );

  api.post(
    panelPaths.cancelEvent,
    {
      schema: {
        tags,
        summary: "Cancel an event: every paid order is refunded through its provider",
        description:
          "With sold tickets the call needs `confirm: true`, else 409 `conflict` with a message asking for it.",
        security,
        params: idParamSchema,
        body: cancelEventSchema,
        response: { 200: panelEventResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const failed = await cancelEvent(ctx.db, provider(), request.auth.userId, request.params.id, {
        confirm: request.body.confirm,
        site: ctx.config.SITE_NAME,
      });
      for (const error of failed) {
        request.log.error(
          { err: error },
          "a refund or a payment's closing for the cancelled event failed",
        );
      }
      ctx.outbox.wake();
      noStore(reply);
      return { data: await readEvent(ctx.db, request.auth.userId, request.params.id) };
    },
  );

  api.get(
    panelPaths.eventAudit,
    byId("Who changed what on the event, newest first", auditListSchema),
    async (request, reply) => {
      await ownedEvent(ctx.db, request.auth.userId, request.params.id);
      noStore(reply);
      return { data: await eventAudit(ctx.db, request.params.id) };
    },
  );

  // --- Ticket types ---------------------------------------------------------------------

  api.post(
    panelPaths.ticketTypes,
    {
      schema: {
        tags,
        summary: "Add a ticket type to an event",
        security,
        params: idParamSchema,
        body: ticketTypeInputSchema,
        response: { 201: panelTicketTypeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createTicketType(
        ctx.db,
        request.auth.userId,
        request.params.id,
        request.body,
      );
      noStore(reply).code(201);
      return { data };
    },
  );

  api.patch(
    panelPaths.ticketType,
    {
      schema: {
        tags,
        summary: "Change a ticket type; the quota never drops below sold and held tickets",
        security,
        params: idParamSchema,
        body: ticketTypeUpdateSchema,
        response: { 200: panelTicketTypeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return {
        data: await updateTicketType(ctx.db, request.auth.userId, request.params.id, request.body),
      };
    },
  );

  api.post(
    panelPaths.closeTicketType,
    byId("End a ticket type's sale now", panelTicketTypeResponseSchema),
    async (request, reply) => {
      noStore(reply);
      return { data: await closeTicketType(ctx.db, request.auth.userId, request.params.id) };
    },
  );

  api.delete(
    panelPaths.ticketType,
    byId("Delete a ticket type without orders (one with sales: 409, close it instead)", okSchema),
    async (request, reply) => {
      await deleteTicketType(ctx.db, request.auth.userId, request.params.id);
      noStore(reply);
      return { data: { success: true as const } };
    },
  );

  // --- Vouchers -------------------------------------------------------------------------

  api.get(
    panelPaths.vouchers,
    byId("An event's vouchers with their uses", panelVoucherListSchema),
    async (request, reply) => {
      noStore(reply);
      return { data: await listVouchers(ctx.db, request.auth.userId, request.params.id) };
    },
  );

  api.post(
    panelPaths.vouchers,
    {
      schema: {
        tags,
        summary: "Create a voucher code for an event",
        security,
        params: idParamSchema,
        body: voucherInputSchema,
        response: { 201: panelVoucherResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createVoucher(
        ctx.db,
        request.auth.userId,
        request.params.id,
        request.body,
      );
      noStore(reply).code(201);
      return { data };
    },
  );

  api.post(
    panelPaths.deactivateVoucher,
    byId("Deactivate a voucher (its validity ends now)", panelVoucherResponseSchema),
    async (request, reply) => {
      noStore(reply);
      return { data: await deactivateVoucher(ctx.db, request.auth.userId, request.params.id) };
    },
  );

  // --- Orders ---------------------------------------------------------------------------

  api.get(
    panelPaths.orders,
    {
      schema: {
        tags,
        summary: "An event's orders: search (name, email, number), filters and pages",
        security,
        params: idParamSchema,
        querystring: panelOrdersQuerySchema,
        response: { 200: panelOrderListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { data, total } = await listEventOrders(
        ctx.db,
        request.auth.userId,
        request.params.id,
        query,
      );
      noStore(reply);
      return {
        data,
        meta: pageMeta(query, total),
      };
    },
  );

  api.get(
    panelPaths.ordersCsv,
    {
      schema: {
        tags,
        summary: "An event's orders as CSV for German Excel (UTF-8 with BOM, `;`, decimal comma)",
        security,
        params: idParamSchema,
        querystring: panelOrdersQuerySchema.omit({ page: true, per_page: true }),
        produces: ["text/csv"],
        response: { 200: z.string().describe("CSV, one row per order"), ...errors },
      },
    },
    async (request, reply) => {
      const body = await ordersCsv(
        ctx.db,
        request.auth.userId,
        request.params.id,
        request.query,
        request.locale,
      );
      return noStore(reply)
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="orders-${request.params.id}.csv"`)
        .send(body);
    },
  );

  /** The order a call names, as the organiser reads it. */
  const orderFor = (request: {
    auth: { userId: string };
    params: { id: number };
    locale: Locale;
  }) => readPanelOrder(ctx.db, provider(), request.auth.userId, request.params.id, request.locale);

  api.get(
    panelPaths.order,
    byId("One order with its tickets and their check-ins", panelOrderResponseSchema),
    async (request, reply) => {
      noStore(reply);
      return {
        data: await orderFor(request),
      };
    },
  );

  const refund = byId(
    "Cancel and fully refund a paid order through its payment provider",
    panelOrderResponseSchema,
  );
  api.post(
    panelPaths.refundOrder,
    {
      schema: {
        ...refund.schema,
        description:
          "The refund is decided (the order's tickets stop working) before the provider is asked. When the provider does not confirm it: 503 `service_unavailable`, and the reconciliation completes it within minutes.",
        response: { ...refund.schema.response, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      await refundOrder(
        ctx.db,
        provider(),
        request.auth.userId,
        request.params.id,
        ctx.config.SITE_NAME,
      );
      ctx.outbox.wake();
      noStore(reply);
      return {
        data: await orderFor(request),
      };
    },
  );

  api.post(
    panelPaths.resendOrder,
    byId("Email a paid order's confirmation with its tickets to the buyer again", okSchema),
    async (request, reply) => {
      await resendConfirmation(ctx.db, request.auth.userId, request.params.id);
      ctx.outbox.wake();
      noStore(reply);
      return { data: { success: true as const } };
    },
  );
};

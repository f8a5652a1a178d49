import {
  createDoorLinkSchema,
  doorEventListSchema,
  doorEventsQuerySchema,
  doorLinkListSchema,
  doorLinkParamsSchema,
  doorLinkResponseSchema,
  doorLogSchema,
  doorPaths,
  doorSessionSchema,
  doorTicketListSchema,
  errorBodySchema,
  idempotencyHeaders,
  idempotencyKeyHeader,
  idParamSchema,
  type Scan,
  scanResponseSchema,
  scanSchema,
  syncResponseSchema,
  syncSchema,
} from "@eventwerk/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextOptions } from "../context.ts";
import {
  createDoorLink,
  type DoorAuth,
  doorCounters,
  doorEvent,
  doorEvents,
  doorLog,
  doorTickets,
  listDoorLinks,
  recordScan,
  revokeDoorLink,
} from "../lib/door.ts";
import { HttpError } from "../lib/http-error.ts";
import { createTicketSigner } from "../lib/ticket-codes.ts";

const security = [{ bearer: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** The organiser's side of the door: door links per event and the scan log. */
export const doorLinkRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    doorPaths.events,
    {
      schema: {
        tags: ["door"],
        summary: "The organiser's events for the door: upcoming ones, or past ones for their logs",
        description:
          "`when=upcoming` (the default): published events, and drafts with tickets sold (unpublished after their sales began), whose doors have not closed yet, soonest first. `when=past`: the organiser's events whose doors have closed (drafts without tickets sold apart), latest first, so that their scan logs stay reachable. Paginated with `page` and `per_page`.",
        security,
        querystring: doorEventsQuerySchema,
        response: { 200: doorEventListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return doorEvents(ctx.db, request.auth.userId, request.locale, request.query);
    },
  );

  api.get(
    doorPaths.links,
    {
      schema: {
        tags: ["door"],
        summary: "The door links of one of the organiser's events, newest first",
        security,
        params: idParamSchema,
        response: { 200: doorLinkListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { data: await listDoorLinks(ctx.db, request.auth.userId, request.params.id) };
    },
  );

  api.post(
    doorPaths.links,
    {
      schema: {
        tags: ["door"],
        summary: "Create a door link: it opens the scanner for this event without a password",
        description:
          "The answer carries the link's secret `token`, once. A retry with the same `Idempotency-Key` header (32 to 100 characters, random: a UUID) answers the link the first call made, its token included, and makes no second; the key is the caller's own. The same key with another event, gate or mode answers 409 `idempotency_key_reused`; once the link is revoked or expired, 409 `door_link_key_used`. The link expires after `expires_in_hours`, at the latest (and by default) when the event's doors close. A draft without tickets sold, a cancelled event or closed doors: 409 `door_closed`; an event with `doorLinksPerEventMax` (100) links, revoked ones included: 409 `conflict`.",
        security,
        params: idParamSchema,
        // The key seals the link's secret: at least 32 characters (a UUID), not guessable from its hash.
        headers: idempotencyHeaders(32),
        body: createDoorLinkSchema,
        // 409: a draft without tickets sold, cancelled, its doors have closed, or it has its 100 links.
        response: { 201: doorLinkResponseSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const link = await createDoorLink(
        ctx.db,
        request.auth.userId,
        request.params.id,
        request.body,
        request.headers[idempotencyKeyHeader],
      );
      reply.code(201).header("cache-control", "private, no-store");
      return { data: link };
    },
  );

  api.post(
    doorPaths.revokeLink,
    {
      schema: {
        tags: ["door"],
        summary: "Revoke a door link: its next request is refused",
        security,
        params: doorLinkParamsSchema,
        response: { 200: doorLinkResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await revokeDoorLink(ctx.db, request.auth.userId, request.params.id),
    }),
  );

  api.get(
    doorPaths.log,
    {
      schema: {
        tags: ["door"],
        summary: "Every scan of the event, accepted or not, newest first, with the event",
        description:
          "Past events' logs too (see `when=past` of the door events). Another organiser's event answers 404.",
        security,
        params: idParamSchema,
        response: { 200: doorLogSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return doorLog(ctx.db, request.auth.userId, request.params.id, request.locale);
    },
  );
};

/** The scanner's side, with a door link's token: only its own event, nothing beyond it. */
export const doorRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { keys } = await createTicketSigner(ctx.config);
  const scanErrors = { ...errors, 429: errorBodySchema };

  const allowed = (door: DoorAuth, scan: Scan) => {
    if (scan.entry_type === "exit" && door.mode !== "entry_exit") {
      throw new HttpError(403, "exit_not_allowed");
    }
  };

  api.get(
    doorPaths.session,
    {
      schema: {
        tags: ["door"],
        summary: "The door link's event, gate, mode and live counters",
        security,
        response: { 200: doorSessionSchema, ...scanErrors },
      },
    },
    async (request, reply) => {
      const { door } = request;
      reply.header("cache-control", "private, no-store");
      return {
        data: {
          event: await doorEvent(ctx.db, door.eventId, request.locale),
          gate: door.gate,
          mode: door.mode,
          expires_at: door.expiresAt?.toISOString() ?? null,
          counters: await doorCounters(ctx.db, door.eventId),
        },
      };
    },
  );

  api.get(
    doorPaths.tickets,
    {
      schema: {
        tags: ["door"],
        summary: "The event's tickets for scanning offline: ids, type, buyer name, status",
        security,
        response: { 200: doorTicketListSchema, ...scanErrors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { data: await doorTickets(ctx.db, request.door.eventId, request.locale) };
    },
  );

  api.post(
    doorPaths.scan,
    {
      schema: {
        tags: ["door"],
        summary: "Check a ticket code at the door and record the scan (entry or exit)",
        security,
        body: scanSchema,
        response: { 200: scanResponseSchema, ...scanErrors },
      },
    },
    async (request) => {
      const { door } = request;
      allowed(door, request.body);
      const { outcome, counters } = await recordScan(ctx.db, keys, door, request.body, {
        offline: false,
        locale: request.locale,
      });
      return { data: { outcome, counters } };
    },
  );

  api.post(
    doorPaths.sync,
    {
      schema: {
        tags: ["door"],
        summary: "Send scans made offline, oldest first; each scan id is recorded once",
        security,
        body: syncSchema,
        response: { 200: syncResponseSchema, ...scanErrors },
      },
    },
    async (request) => {
      const { door } = request;
      for (const scan of request.body.scans) allowed(door, scan);
      // The device's clock, set against this server's: its scans are moved by the difference,
      // so that a phone whose clock runs behind does not put a re-entry before the exit it
      // followed (the difference is taken as it is now; a clock that was set meanwhile is not).
      // Within two minutes the clocks agree as far as this can tell: the difference then is mostly
      // the time the request took, and moving the scans by it could cross them with online moves.
      const sentAt = request.body.sent_at;
      const measured = sentAt ? Date.now() - Date.parse(sentAt) : 0;
      const offset = Math.abs(measured) < 120_000 ? 0 : measured;
      const scans = request.body.scans
        .map((scan) => ({
          ...scan,
          // Never before 1970 (a device that sent a moment far ahead); never after now (lib/door.ts).
          scanned_at: new Date(Math.max(0, Date.parse(scan.scanned_at) + offset)).toISOString(),
        }))
        .sort((a, b) => Date.parse(a.scanned_at) - Date.parse(b.scanned_at));
      const outcomes = [];
      let counters = null;
      for (const scan of scans) {
        const recorded = await recordScan(ctx.db, keys, door, scan, {
          offline: true,
          locale: request.locale,
        });
        outcomes.push(recorded.outcome);
        counters = recorded.counters;
      }
      // The schema asks for at least one scan, so the last one's counters are there.
      return { data: { outcomes, counters: counters! } };
    },
  );
};

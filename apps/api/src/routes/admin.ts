import {
  errorBodySchema,
  idParamSchema,
  okSchema,
  organiserApplicationListSchema,
  organiserApplicationResponseSchema,
  organiserFilterSchema,
  organiserParamsSchema,
  pageMeta,
  panelPaths,
  refundElsewhereListSchema,
  refundElsewhereQuerySchema,
  reviewReasonSchema,
} from "@eventwerk/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextOptions } from "../context.ts";
import { recordRefundElsewhere, refundsElsewhere } from "../lib/checkout/refunds.ts";
import { listOrganisers, type Review, reviewOrganiser } from "../lib/panel/organisers.ts";
import { checkoutOf } from "./checkout.ts";

const tags = ["admin"];
const security = [{ bearer: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const panelPagePaths = { de: "/panel", en: "/en/panel" } as const;

/**
 * The operator's calls: the review of organisers (applications, approval, rejection,
 * suspension), and the refunds only the operator can make (money another provider took).
 */
export const adminRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    panelPaths.organisers,
    {
      schema: {
        tags,
        summary:
          "Organisers in one state (default: pending applications), oldest application first: search (name, email, company) and pages",
        security,
        querystring: organiserFilterSchema,
        response: { 200: organiserApplicationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const { data, total } = await listOrganisers(ctx.db, request.query, request.locale);
      return { data, meta: pageMeta(request.query, total) };
    },
  );

  const review = (path: string, summary: string, withReason: boolean, action: Review["action"]) =>
    api.post(
      path,
      {
        schema: {
          tags,
          summary,
          security,
          params: organiserParamsSchema,
          ...(withReason ? { body: reviewReasonSchema } : {}),
          response: { 200: organiserApplicationResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const reason = (request.body as { reason?: string } | undefined)?.reason ?? "";
        const decision: Review =
          action === "reject" || action === "suspend" ? { action, reason } : { action };
        const data = await reviewOrganiser(
          ctx.db,
          request.auth.userId,
          request.params.id,
          decision,
          {
            site: ctx.config.SITE_NAME,
            panelUrl: (locale) => new URL(panelPagePaths[locale], ctx.config.PUBLIC_URL).href,
            locale: request.locale,
          },
        );
        ctx.outbox.wake();
        reply.header("cache-control", "private, no-store");
        return { data };
      },
    );
  review(
    panelPaths.approveOrganiser,
    "Approve a pending application; the organiser is emailed",
    false,
    "approve",
  );
  review(panelPaths.rejectOrganiser, "Reject a pending application with a reason", true, "reject");
  review(
    panelPaths.suspendOrganiser,
    "Suspend an organiser: their events go offline and sales stop",
    true,
    "suspend",
  );
  review(
    panelPaths.reinstateOrganiser,
    "Lift a suspension; hidden events come back",
    false,
    "reinstate",
  );

  api.get(
    panelPaths.refundsElsewhere,
    {
      schema: {
        tags,
        summary:
          "Owed refunds only the operator can give back (money another provider took, refunds that failed at this one), the longest owed first",
        description:
          "A deployment that changed payment providers cannot give such money back: the operator refunds it at the provider that took it, then records it here. A refund the provider reported as failed (`refund_failed_at`) is given back another way (a bank transfer, say), then recorded here.",
        security,
        querystring: refundElsewhereQuerySchema,
        response: { 200: refundElsewhereListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const { data, total } = await refundsElsewhere(
        ctx.db,
        checkoutOf(ctx).provider,
        request.query,
        request.locale,
      );
      return { data, meta: pageMeta(request.query, total) };
    },
  );

  api.post(
    panelPaths.recordRefundElsewhere,
    {
      schema: {
        tags,
        summary:
          "Record an owed refund the operator made at the provider that took the money, or another way after it failed",
        description:
          "The order becomes refunded as with any refund: its seats and voucher use go back, the buyer is emailed, the refund is audited with the operator as its actor. For a refund that failed at the provider, the buyer is emailed that the money came another way, and it is audited. Nothing is asked of any provider. 409 `conflict` when the refund is not owed (recorded already) or this deployment's provider completes it.",
        security,
        params: idParamSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request, reply) => {
      await recordRefundElsewhere(ctx.db, checkoutOf(ctx).provider, request.params.id, {
        actorId: request.auth.userId,
        site: ctx.config.SITE_NAME,
      });
      ctx.outbox.wake();
      reply.header("cache-control", "private, no-store");
      return { data: { success: true as const } };
    },
  );
};

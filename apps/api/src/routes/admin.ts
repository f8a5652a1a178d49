import {
  errorBodySchema,
  organiserApplicationListSchema,
  organiserApplicationResponseSchema,
  organiserFilterSchema,
  organiserParamsSchema,
  pageMeta,
  panelPaths,
  reviewReasonSchema,
} from "@eventwerk/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextOptions } from "../context.ts";
import { listOrganisers, type Review, reviewOrganiser } from "../lib/panel/organisers.ts";

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

/** The operator's review of organisers: applications, approval, rejection, suspension. */
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
};

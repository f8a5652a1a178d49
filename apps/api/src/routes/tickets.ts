import {
  apiPaths,
  errorBodySchema,
  pageMeta,
  ticketListSchema,
  ticketsQuerySchema,
} from "@eventwerk/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextOptions } from "../context.ts";
import { listTickets } from "../lib/tickets.ts";

/** The signed-in user's tickets; the purchase flow writes them, the account area reads them. */
export const ticketRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    apiPaths.tickets,
    {
      schema: {
        tags: ["account"],
        summary: "The caller's tickets with event, venue and door scans, newest event first",
        security: [{ bearer: [] }],
        querystring: ticketsQuerySchema,
        response: { 200: ticketListSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { auth } = request;
      const { page, per_page } = request.query;
      const { data, total } = await listTickets(ctx.db, auth.userId, request.locale, {
        page,
        perPage: per_page,
      });
      reply.header("cache-control", "private, no-store");
      return { data, meta: pageMeta(request.query, total) };
    },
  );
};

import {
  addressInputSchema,
  addressSchema,
  addressUpdateSchema,
  apiPaths,
  dataOf,
  errorBodySchema,
  idQuerySchema,
  okSchema,
} from "@eventwerk/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContextOptions } from "../context.ts";
import { addAddress, deleteAddress, listAddresses, updateAddress } from "../lib/addresses.ts";
import { checkPlace } from "../lib/geo.ts";
import { notFound } from "../lib/http-error.ts";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const security = [{ bearer: [] }];

/** The signed-in user's address book. */
export const addressRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["addresses"];

  api.get(
    apiPaths.address,
    {
      schema: {
        tags,
        summary: "The user's addresses",
        security,
        response: { 200: dataOf(z.array(addressSchema)), ...errors },
      },
    },
    async (request, reply) => {
      const { auth } = request;
      reply.header("cache-control", "private, no-store");
      return { data: await listAddresses(ctx.db, auth.userId, request.locale) };
    },
  );

  api.post(
    apiPaths.address,
    {
      schema: {
        tags,
        summary: "Add an address",
        security,
        body: addressInputSchema,
        response: { 201: dataOf(addressSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { auth } = request;
      const input = request.body;
      await checkPlace(ctx.db, input);
      const id = await addAddress(ctx.db, auth.userId, input);
      const [address] = await listAddresses(ctx.db, auth.userId, request.locale, id);
      return reply.code(201).send({ data: address! });
    },
  );

  api.put(
    apiPaths.address,
    {
      schema: {
        tags,
        summary: "Change an address",
        security,
        body: addressUpdateSchema,
        response: { 200: dataOf(addressSchema), ...errors },
      },
    },
    async (request) => {
      const { auth } = request;
      const input = request.body;
      const [own] = await listAddresses(ctx.db, auth.userId, request.locale, input.id);
      if (!own) throw notFound();
      await checkPlace(ctx.db, input);
      await updateAddress(ctx.db, auth.userId, input);
      const [address] = await listAddresses(ctx.db, auth.userId, request.locale, input.id);
      return { data: address! };
    },
  );

  api.delete(
    apiPaths.address,
    {
      schema: {
        tags,
        summary: "Delete an address",
        security,
        querystring: idQuerySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const { auth } = request;
      if (!(await deleteAddress(ctx.db, auth.userId, request.query.id))) throw notFound();
      return { data: { success: true as const } };
    },
  );
};

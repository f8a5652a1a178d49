import {
  type Address,
  addressInputSchema,
  addressSchema,
  addressUpdateSchema,
  apiPaths,
  dataOf,
  errorBodySchema,
  idQuerySchema,
  type Locale,
  okSchema,
} from "@eventwerk/contract";
import { and, desc, eq, ne } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContextOptions } from "../context.ts";
import type { Database, Transaction } from "../db/client.ts";
import { addresses, cities, countries, districts, users } from "../db/schema.ts";
import { requireUser } from "../lib/auth.ts";
import { checkPlace, pick } from "../lib/geo.ts";
import { notFound } from "../lib/http-error.ts";

type Db = Database | Transaction;
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const security = [{ bearer: [] }];

/** The user's addresses with place names; every query is scoped to the owner. */
export async function listAddresses(
  db: Db,
  userId: string,
  locale: Locale,
  id?: number,
): Promise<Address[]> {
  const rows = await db
    .select({ address: addresses, country: countries, city: cities, district: districts })
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .innerJoin(cities, eq(cities.id, addresses.cityId))
    .leftJoin(districts, eq(districts.id, addresses.districtId))
    .where(and(eq(addresses.userId, userId), id === undefined ? undefined : eq(addresses.id, id)))
    .orderBy(desc(addresses.isDefault), addresses.id);
  return rows.map(({ address, country, city, district }) => ({
    id: address.id,
    title: address.title,
    recipient: address.recipient,
    line: address.line,
    postal_code: address.postalCode,
    country_id: address.countryId,
    country_name: pick(country, locale),
    city_id: address.cityId,
    city_name: pick(city, locale),
    district_id: address.districtId,
    district_name: district ? pick(district, locale) : null,
    phone: address.phone,
    is_default: address.isDefault,
    created_at: address.createdAt.toISOString(),
    updated_at: address.updatedAt.toISOString(),
  }));
}

async function clearDefault(db: Db, userId: string, exceptId: number) {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(
      and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, exceptId)),
    );
}

/**
 * Serialises a user's address writes: without it, two concurrent writes that both set a default
 * collide on the one-default index and one of them fails with a 500.
 */
async function lockOwner(tx: Transaction, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

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
      const auth = await requireUser(ctx, request);
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
      const auth = await requireUser(ctx, request);
      const input = request.body;
      await checkPlace(ctx.db, input);
      const id = await ctx.db.transaction(async (tx) => {
        await lockOwner(tx, auth.userId);
        const existing = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, auth.userId))
          .limit(1);
        const isDefault = input.is_default === true || existing.length === 0;
        const [row] = await tx
          .insert(addresses)
          .values({
            userId: auth.userId,
            title: input.title,
            recipient: input.recipient,
            line: input.line,
            postalCode: input.postal_code,
            countryId: input.country_id,
            cityId: input.city_id,
            districtId: input.district_id ?? null,
            phone: input.phone ?? null,
            isDefault: false,
          })
          .returning({ id: addresses.id });
        if (isDefault) {
          await clearDefault(tx, auth.userId, row!.id);
          await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, row!.id));
        }
        return row!.id;
      });
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
      const auth = await requireUser(ctx, request);
      const input = request.body;
      const [own] = await listAddresses(ctx.db, auth.userId, request.locale, input.id);
      if (!own) throw notFound();
      await checkPlace(ctx.db, input);
      await ctx.db.transaction(async (tx) => {
        await lockOwner(tx, auth.userId);
        if (input.is_default === true) await clearDefault(tx, auth.userId, input.id);
        await tx
          .update(addresses)
          .set({
            title: input.title,
            recipient: input.recipient,
            line: input.line,
            postalCode: input.postal_code,
            countryId: input.country_id,
            cityId: input.city_id,
            districtId: input.district_id ?? null,
            phone: input.phone ?? null,
            // The default can be moved to another address, not switched off; `own` may be stale.
            ...(input.is_default === true ? { isDefault: true } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(addresses.id, input.id), eq(addresses.userId, auth.userId)));
      });
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
      const auth = await requireUser(ctx, request);
      await ctx.db.transaction(async (tx) => {
        await lockOwner(tx, auth.userId);
        const [deleted] = await tx
          .delete(addresses)
          .where(and(eq(addresses.id, request.query.id), eq(addresses.userId, auth.userId)))
          .returning({ isDefault: addresses.isDefault });
        if (!deleted) throw notFound();
        if (deleted.isDefault) {
          // The newest remaining address becomes the default.
          const [next] = await tx
            .select({ id: addresses.id })
            .from(addresses)
            .where(eq(addresses.userId, auth.userId))
            .orderBy(desc(addresses.createdAt), desc(addresses.id))
            .limit(1);
          if (next)
            await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
        }
      });
      return { data: { success: true as const } };
    },
  );
};

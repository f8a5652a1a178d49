import {
  apiPaths,
  type City,
  type Country,
  cityQuerySchema,
  citySchema,
  countrySchema,
  type District,
  dataOf,
  districtQuerySchema,
  districtSchema,
  errorBodySchema,
  idParamSchema,
  idQuerySchema,
  type Locale,
} from "@eventwerk/contract";
import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContextOptions } from "../context.ts";
import { cities, countries, districts } from "../db/schema.ts";
import { pick } from "../lib/geo.ts";
import { notFound } from "../lib/http-error.ts";

const toCountry = (row: typeof countries.$inferSelect, locale: Locale): Country => ({
  id: row.id,
  code: row.code,
  name: pick(row, locale),
  phone_code: row.phoneCode,
});
const toCity = (row: typeof cities.$inferSelect, locale: Locale): City => ({
  id: row.id,
  country_id: row.countryId,
  name: pick(row, locale),
  postal_code: row.postalCode,
});
const toDistrict = (row: typeof districts.$inferSelect, locale: Locale): District => ({
  id: row.id,
  city_id: row.cityId,
  name: pick(row, locale),
});

/** Countries, cities and districts for address forms; names in the request's language. */
export const geoRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["places"];
  const errors = { 400: errorBodySchema, 404: errorBodySchema };
  const collator = (locale: Locale) => new Intl.Collator(locale);

  app.addHook("onSend", async (_request, reply) => {
    if (reply.statusCode === 200) {
      reply.header("cache-control", "public, max-age=300");
      reply.header("vary", "X-localization");
    }
  });

  const listCountries = async (locale: Locale) => {
    const rows = await ctx.db.select().from(countries).orderBy(asc(countries.id));
    return rows.map((row) => toCountry(row, locale));
  };
  const listCities = async (countryId: number, locale: Locale) => {
    const rows = await ctx.db.select().from(cities).where(eq(cities.countryId, countryId));
    const sort = collator(locale);
    return rows.map((row) => toCity(row, locale)).sort((a, b) => sort.compare(a.name, b.name));
  };
  const listDistricts = async (cityId: number, locale: Locale) => {
    const rows = await ctx.db.select().from(districts).where(eq(districts.cityId, cityId));
    const sort = collator(locale);
    return rows.map((row) => toDistrict(row, locale)).sort((a, b) => sort.compare(a.name, b.name));
  };

  const countryList = {
    schema: { tags, summary: "All countries", response: { 200: dataOf(z.array(countrySchema)) } },
  };
  api.get(apiPaths.countries, countryList, async (request) => ({
    data: await listCountries(request.locale),
  }));
  api.get(apiPaths.country, countryList, async (request) => ({
    data: await listCountries(request.locale),
  }));

  const cityList = {
    schema: {
      tags,
      summary: "Cities of a country",
      querystring: cityQuerySchema,
      response: { 200: dataOf(z.array(citySchema)), ...errors },
    },
  };
  api.get(apiPaths.cities, cityList, async (request) => ({
    data: await listCities(request.query.country_id, request.locale),
  }));
  api.get(apiPaths.getCity, cityList, async (request) => ({
    data: await listCities(request.query.country_id, request.locale),
  }));

  api.get(
    apiPaths.districts,
    {
      schema: {
        tags,
        summary: "Districts of a city",
        querystring: districtQuerySchema,
        response: { 200: dataOf(z.array(districtSchema)), ...errors },
      },
    },
    async (request) => ({ data: await listDistricts(request.query.city_id, request.locale) }),
  );
  api.get(
    apiPaths.getDistrict,
    {
      schema: {
        tags,
        summary: "Districts of the city with this id",
        params: idParamSchema,
        response: { 200: dataOf(z.array(districtSchema)), ...errors },
      },
    },
    async (request) => ({ data: await listDistricts(request.params.id, request.locale) }),
  );

  api.get(
    apiPaths.countrySingle,
    {
      schema: {
        tags,
        summary: "One country",
        querystring: idQuerySchema,
        response: { 200: dataOf(countrySchema), ...errors },
      },
    },
    async (request) => {
      const [row] = await ctx.db.select().from(countries).where(eq(countries.id, request.query.id));
      if (!row) throw notFound();
      return { data: toCountry(row, request.locale) };
    },
  );
  api.get(
    apiPaths.citySingle,
    {
      schema: {
        tags,
        summary: "One city",
        querystring: idQuerySchema,
        response: { 200: dataOf(citySchema), ...errors },
      },
    },
    async (request) => {
      const [row] = await ctx.db.select().from(cities).where(eq(cities.id, request.query.id));
      if (!row) throw notFound();
      return { data: toCity(row, request.locale) };
    },
  );
  api.get(
    apiPaths.districtSingle,
    {
      schema: {
        tags,
        summary: "One district",
        querystring: idQuerySchema,
        response: { 200: dataOf(districtSchema), ...errors },
      },
    },
    async (request) => {
      const [row] = await ctx.db.select().from(districts).where(eq(districts.id, request.query.id));
      if (!row) throw notFound();
      return { data: toDistrict(row, request.locale) };
    },
  );
};

import {
  apiPaths,
  companyCategorySchema,
  contactMessageInputSchema,
  contactSettingSchema,
  currencySchema,
  dataOf,
  errorBodySchema,
  idParamSchema,
  type Locale,
  languageSchema,
  menusSchema,
  messageSchema,
  type PageSummary,
  pageSchema,
} from "@eventwerk/contract";
import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContextOptions } from "../context.ts";
import { companyCategories, contactSettings, currencies, languages, pages } from "../db/schema.ts";
import { optionalUser } from "../lib/auth.ts";
import { addressKey } from "../lib/client-address.ts";
import { storeContactMessage } from "../lib/contact-messages.ts";
import { pick } from "../lib/geo.ts";
import { notFound } from "../lib/http-error.ts";
import { t } from "../lib/messages.ts";

const en = (locale: Locale) => locale === "en";
const toPageSummary = (row: typeof pages.$inferSelect, locale: Locale): PageSummary => ({
  id: row.id,
  key: row.key,
  title: en(locale) ? row.titleEn : row.titleDe,
  slug: en(locale) ? row.slugEn : row.slugDe,
  menu: row.menu,
  order: row.sortOrder,
});

/** Site content: languages, CMS pages and menus, categories, currency, contact data and form. */
export const contentRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["content"];
  const errors = { 400: errorBodySchema, 404: errorBodySchema };

  app.addHook("onSend", async (request, reply) => {
    if (request.method === "GET" && reply.statusCode === 200) {
      reply.header("cache-control", "public, max-age=300");
      reply.header("vary", "X-localization");
    }
  });

  const listLanguages = () =>
    ctx.db
      .select({ locale: languages.locale, name: languages.name, flag: languages.flag })
      .from(languages)
      .orderBy(asc(languages.sortOrder));

  api.get(
    apiPaths.langs,
    {
      schema: {
        tags,
        summary: "Available languages with their flag images",
        response: { 200: dataOf(z.array(languageSchema)) },
      },
    },
    async () => ({ data: await listLanguages() }),
  );
  api.get(
    apiPaths.lang,
    {
      schema: {
        tags,
        summary: "Available languages, nested as data.data",
        response: { 200: dataOf(dataOf(z.array(languageSchema))) },
      },
    },
    async () => ({ data: { data: await listLanguages() } }),
  );

  api.get(
    apiPaths.pages,
    {
      schema: {
        tags,
        summary: "CMS pages grouped by menu, in the request's language",
        response: { 200: dataOf(menusSchema) },
      },
    },
    async (request) => {
      const rows = await ctx.db.select().from(pages).orderBy(asc(pages.sortOrder), asc(pages.id));
      const summaries = rows.map((row) => toPageSummary(row, request.locale));
      return {
        data: {
          header: summaries.filter((page) => page.menu === "header"),
          footer: summaries.filter((page) => page.menu === "footer"),
        },
      };
    },
  );
  api.get(
    apiPaths.page,
    {
      schema: {
        tags,
        summary: "One CMS page with its HTML body",
        params: idParamSchema,
        response: { 200: dataOf(pageSchema), ...errors },
      },
    },
    async (request) => {
      const [row] = await ctx.db.select().from(pages).where(eq(pages.id, request.params.id));
      if (!row) throw notFound();
      return {
        data: {
          ...toPageSummary(row, request.locale),
          body: en(request.locale) ? row.bodyEn : row.bodyDe,
          updated_at: row.updatedAt.toISOString(),
        },
      };
    },
  );

  api.get(
    apiPaths.companyCategories,
    {
      schema: {
        tags,
        summary: "Company categories for organisers",
        response: { 200: dataOf(z.array(companyCategorySchema)) },
      },
    },
    async (request) => {
      const rows = await ctx.db
        .select()
        .from(companyCategories)
        .orderBy(asc(companyCategories.sortOrder));
      return {
        data: rows.map((row) => ({ id: row.id, slug: row.slug, name: pick(row, request.locale) })),
      };
    },
  );

  api.get(
    apiPaths.currency,
    {
      schema: {
        tags,
        summary: "The marketplace's currency",
        response: { 200: z.object({ currency: currencySchema }), ...errors },
      },
    },
    async (request) => {
      const [row] = await ctx.db
        .select()
        .from(currencies)
        .where(eq(currencies.isDefault, true))
        .limit(1);
      if (!row) throw notFound();
      return {
        currency: {
          code: row.code,
          name: pick(row, request.locale),
          symbol: row.symbol,
          decimals: row.decimals,
        },
      };
    },
  );

  api.get(
    apiPaths.contactSetting,
    {
      schema: {
        tags,
        summary: "The operator's contact data",
        response: { 200: dataOf(contactSettingSchema), ...errors },
      },
    },
    async (request) => {
      const [row] = await ctx.db.select().from(contactSettings).limit(1);
      if (!row) throw notFound();
      return {
        data: {
          company_name: row.companyName,
          email: row.email,
          phone: row.phone,
          street: row.street,
          postal_code: row.postalCode,
          city: row.city,
          country: en(request.locale) ? row.countryEn : row.countryDe,
          opening_hours: en(request.locale) ? row.openingHoursEn : row.openingHoursDe,
        },
      };
    },
  );

  api.post(
    apiPaths.contact,
    {
      schema: {
        tags,
        summary: "Send a message to the operator: stored, then emailed to the contact address",
        body: contactMessageInputSchema,
        response: { 201: messageSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await ctx.rateLimiter.hit("contact", [`ip:${addressKey(request.ip)}`]);
      const input = request.body;
      const locale = request.locale;
      const [settings] = await ctx.db
        .select({ email: contactSettings.email })
        .from(contactSettings)
        .limit(1);
      // A signed-in sender's message belongs to their account (data export, deletion).
      const sender = await optionalUser(ctx, request);
      const params = { site: ctx.config.SITE_NAME, ...input };
      const mail = settings && {
        to: settings.email,
        replyTo: input.email,
        subject: t(locale, "contact_mail_subject", params),
        text: t(locale, "contact_mail_text", params),
      };
      await storeContactMessage(ctx.db, input, locale, sender?.userId ?? null, mail ?? null);
      ctx.outbox.wake();
      return reply.code(201).send({ data: { message: t(locale, "contact_received") } });
    },
  );
};

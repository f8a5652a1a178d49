import {
  apiPaths,
  errorBodySchema,
  messageSchema,
  passwordForgotSchema,
  passwordResetSchema,
  registerOrganiserSchema,
  registerVisitorSchema,
  tokenResponseSchema,
  webPagePaths,
} from "@eventwerk/contract";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextOptions } from "../context.ts";
import { companyCategories, organiserProfiles, passwordResetTokens, users } from "../db/schema.ts";
import { checkPlace } from "../lib/geo.ts";
import { fieldError, HttpError } from "../lib/http-error.ts";
import { t } from "../lib/messages.ts";
import { hashPassword } from "../lib/passwords.ts";
import { randomToken, sha256 } from "../lib/secrets.ts";
import { revokeUserSessions, startSession } from "../lib/sessions.ts";
import { assertEmailFree, emailTaken, isUniqueViolation } from "../lib/users.ts";

/** Registration of visitors and organisers, and the password reset by email. */
export const registrationRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["registration"];
  const errors = { 400: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

  api.post(
    apiPaths.register,
    {
      schema: {
        tags,
        summary: "Register a visitor; answers tokens, so the visitor is logged in",
        body: registerVisitorSchema,
        response: { 201: tokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      await ctx.rateLimiter.hit("register", [`ip:${request.ip}`, `account:${input.email}`]);
      const passwordHash = await hashPassword(input.password);
      const tokens = await ctx.db
        .transaction(async (tx) => {
          await assertEmailFree(tx, input.email);
          const [user] = await tx
            .insert(users)
            .values({
              name: input.name,
              surname: input.surname,
              email: input.email,
              passwordHash,
              newsletter: input.newsletter,
              preferredLocale: input.preferred_locale ?? request.locale,
            })
            .returning({ id: users.id });
          return startSession(ctx, tx, user!.id, ctx.config.OAUTH_CLIENT_ID);
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? emailTaken() : error;
        });
      return reply.code(201).send(tokens);
    },
  );

  api.post(
    apiPaths.registerOrganiser,
    {
      schema: {
        tags,
        summary: "Register an organiser with company data; the account starts pending approval",
        body: registerOrganiserSchema,
        response: { 201: tokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      await ctx.rateLimiter.hit("register", [`ip:${request.ip}`, `account:${input.email}`]);
      const [category] = await ctx.db
        .select({ id: companyCategories.id })
        .from(companyCategories)
        .where(eq(companyCategories.id, input.company_category_id));
      if (!category) throw fieldError("company_category_id", "unknown_company_category");
      await checkPlace(ctx.db, input.address, "address.");
      const passwordHash = await hashPassword(input.password);
      const tokens = await ctx.db
        .transaction(async (tx) => {
          await assertEmailFree(tx, input.email);
          const [user] = await tx
            .insert(users)
            .values({
              name: input.name,
              surname: input.surname,
              email: input.email,
              phone: input.phone,
              passwordHash,
              role: "organiser",
              preferredLocale: input.preferred_locale ?? request.locale,
            })
            .returning({ id: users.id });
          await tx.insert(organiserProfiles).values({
            userId: user!.id,
            companyName: input.company_name,
            companyCategoryId: input.company_category_id,
            taxNumber: input.tax_number,
            addressLine: input.address.line,
            postalCode: input.address.postal_code,
            countryId: input.address.country_id,
            cityId: input.address.city_id,
            districtId: input.address.district_id ?? null,
            approvalStatus: "pending",
          });
          return startSession(ctx, tx, user!.id, ctx.config.OAUTH_CLIENT_ID);
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? emailTaken() : error;
        });
      return reply.code(201).send(tokens);
    },
  );

  api.post(
    apiPaths.passwordForgot,
    {
      schema: {
        tags,
        summary: "Email a reset link; the answer is the same whether the email is known or not",
        body: passwordForgotSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      const locale = request.locale;
      await ctx.rateLimiter.hit("password", [`ip:${request.ip}`, `account:${email}`]);
      const [user] = await ctx.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
        .limit(1);
      if (user) {
        const token = randomToken();
        await ctx.db.insert(passwordResetTokens).values({
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + ctx.config.RESET_TOKEN_TTL * 1000),
        });
        const link = new URL(webPagePaths.resetPassword[locale], ctx.config.PUBLIC_URL);
        link.searchParams.set("token", token);
        const params = {
          site: ctx.config.SITE_NAME,
          name: user.name,
          link: link.toString(),
          minutes: Math.round(ctx.config.RESET_TOKEN_TTL / 60),
        };
        await ctx.mailer.send({
          to: user.email,
          subject: t(locale, "reset_mail_subject", params),
          text: t(locale, "reset_mail_text", params),
        });
      }
      return { data: { message: t(locale, "reset_requested") } };
    },
  );

  api.post(
    apiPaths.passwordReset,
    {
      schema: {
        tags,
        summary: "Set a new password with a reset token (single use; signs out every session)",
        body: passwordResetSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      await ctx.rateLimiter.hit("password", [`ip:${request.ip}`]);
      const passwordHash = await hashPassword(password);
      await ctx.db.transaction(async (tx) => {
        // Marking it used in the same statement that checks it makes the token single-use under races.
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, sha256(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, new Date()),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!used)
          throw new HttpError(400, "invalid_reset_token", "invalid_reset_token", {
            token: "invalid_reset_token",
          });
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, used.userId));
        await revokeUserSessions(tx, used.userId);
      });
      return { data: { message: t(request.locale, "password_reset_done") } };
    },
  );
};

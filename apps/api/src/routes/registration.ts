import { randomUUID } from "node:crypto";
import {
  apiPaths,
  emailConfirmResponseSchema,
  emailConfirmSchema,
  errorBodySchema,
  type Locale,
  localeSchema,
  messageSchema,
  passwordForgotSchema,
  passwordResetCheckResponseSchema,
  passwordResetCheckSchema,
  passwordResetResponseSchema,
  passwordResetSchema,
  registerOrganiserSchema,
  registerVisitorSchema,
  webPagePaths,
} from "@eventwerk/contract";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ContextOptions } from "../context.ts";
import type { Database, Transaction } from "../db/client.ts";
import { companyCategories, organiserProfiles, passwordResetTokens, users } from "../db/schema.ts";
import { requireUser } from "../lib/auth.ts";
import { addressKey } from "../lib/client-address.ts";
import {
  confirmEmailToken,
  enqueueRegisterAttempt,
  enqueueVerification,
  handleEmailOwnershipJobs,
  markEmailVerified,
} from "../lib/email-ownership.ts";
import { checkPlace } from "../lib/geo.ts";
import { fieldError, HttpError } from "../lib/http-error.ts";
import { forgetDevices, rememberDevice } from "../lib/login-devices.ts";
import { t } from "../lib/messages.ts";
import { enqueue } from "../lib/outbox.ts";
import { hashPassword } from "../lib/passwords.ts";
import { randomToken, sha256 } from "../lib/secrets.ts";
import { revokeResetTokens, revokeUserSessions } from "../lib/sessions.ts";

const passwordResetJob = "password_reset_mail";
const passwordResetJobSchema = z.object({ email: z.string(), locale: localeSchema });

/** The stored state of a reset token, or undefined when no token has this hash. */
async function findResetToken(db: Database | Transaction, token: string) {
  const [row] = await db
    .select({
      userId: passwordResetTokens.userId,
      usedAt: passwordResetTokens.usedAt,
      expiresAt: passwordResetTokens.expiresAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, sha256(token)))
    .limit(1);
  return row;
}

/**
 * Why a reset token does not work, as the error to answer, or null when it does: unknown (never
 * issued, mangled, or removed when a newer reset or change replaced it), used, or expired. A used
 * token says so even after it would have expired.
 */
function resetTokenError(
  row: { usedAt: Date | null; expiresAt: Date } | undefined,
  now = new Date(),
): HttpError | null {
  const code = !row
    ? "invalid_reset_token"
    : row.usedAt
      ? "reset_token_used"
      : row.expiresAt.getTime() <= now.getTime()
        ? "reset_token_expired"
        : null;
  return code && new HttpError(400, code, code, { token: code });
}

/** Registration of visitors and organisers, and the password reset by email. */
export const registrationRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  ctx.outbox.handle(passwordResetJob, async (job) => {
    const { email, locale } = passwordResetJobSchema.parse(job.payload);
    const [user] = await ctx.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (!user) return;
    // Made when the mail goes out: a raw token is never stored, not even in the job.
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
  });
  handleEmailOwnershipJobs(ctx);
  const tags = ["registration"];
  const errors = { 400: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };
  const registrationSummary =
    "The answer is the same whether the address is new or known: a new account is created unverified and its address gets a verification link; the owner of a known address gets a note instead. Nothing signs in here: log in with `/token`";

  api.post(
    apiPaths.register,
    {
      schema: {
        tags,
        summary: "Register a visitor",
        description: registrationSummary,
        body: registerVisitorSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      await ctx.rateLimiter.hit("register", [
        `ip:${addressKey(request.ip)}`,
        `account:${input.email}`,
      ]);
      const passwordHash = await hashPassword(input.password);
      const locale = input.preferred_locale ?? request.locale;
      await ctx.db.transaction((tx) =>
        registerUser(tx, {
          name: input.name,
          surname: input.surname,
          email: input.email,
          passwordHash,
          newsletter: input.newsletter,
          preferredLocale: locale,
        }),
      );
      ctx.outbox.wake();
      return reply
        .code(201)
        .send({ data: { message: t(request.locale, "registration_received") } });
    },
  );

  api.post(
    apiPaths.registerOrganiser,
    {
      schema: {
        tags,
        summary: "Register an organiser with company data; the account starts pending approval",
        description: registrationSummary,
        body: registerOrganiserSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      await ctx.rateLimiter.hit("register", [
        `ip:${addressKey(request.ip)}`,
        `account:${input.email}`,
      ]);
      const [category] = await ctx.db
        .select({ id: companyCategories.id })
        .from(companyCategories)
        .where(eq(companyCategories.id, input.company_category_id));
      if (!category) throw fieldError("company_category_id", "unknown_company_category");
      await checkPlace(ctx.db, input.address, "address.");
      const passwordHash = await hashPassword(input.password);
      const locale = input.preferred_locale ?? request.locale;
      await ctx.db.transaction(async (tx) => {
        const user = await registerUser(tx, {
          name: input.name,
          surname: input.surname,
          email: input.email,
          phone: input.phone,
          passwordHash,
          role: "organiser",
          preferredLocale: locale,
        });
        if (!user) return;
        await tx.insert(organiserProfiles).values({
          userId: user.id,
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
      });
      ctx.outbox.wake();
      return reply
        .code(201)
        .send({ data: { message: t(request.locale, "registration_received") } });
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
      await ctx.rateLimiter.hit("password", [`ip:${addressKey(request.ip)}`, `account:${email}`]);
      // Known or not, the request does the same work (one queued job), so its timing tells
      // nothing; the job looks the account up and mails it.
      await enqueue(ctx.db, {
        kind: passwordResetJob,
        payload: { email, locale: request.locale },
        dedupKey: `password-reset:${randomUUID()}`,
      });
      ctx.outbox.wake();
      return { data: { message: t(request.locale, "reset_requested") } };
    },
  );

  api.post(
    apiPaths.passwordReset,
    {
      schema: {
        tags,
        summary:
          "Set a new password with a reset token (single use; signs out every session); the browser becomes one the account knows",
        body: passwordResetSchema,
        response: { 200: passwordResetResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { token, password, device_token } = request.body;
      await ctx.rateLimiter.hit("password", [`ip:${addressKey(request.ip)}`]);
      const passwordHash = await hashPassword(password);
      const userId = await ctx.db.transaction(async (tx) => {
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
        if (!used) {
          // Nothing changed; the stored row tells which of the three it was.
          throw (
            resetTokenError(await findResetToken(tx, token)) ??
            new HttpError(400, "invalid_reset_token", "invalid_reset_token", {
              token: "invalid_reset_token",
            })
          );
        }
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, used.userId));
        await revokeUserSessions(tx, used.userId);
        await forgetDevices(tx, used.userId);
        // The link reached the account's address: that proves it as well as a verification link.
        await markEmailVerified(tx, used.userId);
        // Other links mailed before this reset must not set the password again.
        await revokeResetTokens(tx, used.userId);
        return used.userId;
      });
      // The link reached the account's owner, so this browser, and only this one, signs in as a
      // known one even while guesses from elsewhere keep the account backing off (decision 021).
      return {
        data: {
          message: t(request.locale, "password_reset_done"),
          device_token: await rememberDevice(ctx.db, userId, device_token),
        },
      };
    },
  );

  api.post(
    apiPaths.passwordResetCheck,
    {
      schema: {
        tags,
        summary:
          "Check a reset token without using it: 200 while it works, else 400 invalid_reset_token, reset_token_used or reset_token_expired",
        body: passwordResetCheckSchema,
        response: { 200: passwordResetCheckResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token } = request.body;
      await ctx.rateLimiter.hit("password", [`ip:${addressKey(request.ip)}`]);
      const row = await findResetToken(ctx.db, token);
      const error = resetTokenError(row);
      if (error) throw error;
      reply.header("cache-control", "no-store");
      return { data: { valid: true as const, expires_at: row!.expiresAt.toISOString() } };
    },
  );

  api.post(
    apiPaths.emailConfirm,
    {
      schema: {
        tags,
        summary: "Follow an emailed address link (registration or email change)",
        description:
          "A registration's link verifies the account's address. An email change's link needs its user signed in (bearer token; 401 without): it moves the account to the new address and signs out every other session. Unknown, another user's, used or expired links answer 400 `invalid_email_token`, `email_token_used` or `email_token_expired`, and nothing changes; 409 `email_taken` when another account took the address meanwhile.",
        body: emailConfirmSchema,
        response: { 200: emailConfirmResponseSchema, 401: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await ctx.rateLimiter.hit("email-confirm", [`ip:${addressKey(request.ip)}`]);
      const confirmed = await confirmEmailToken(ctx.db, request.body.token, () =>
        requireUser(ctx, request),
      );
      reply.header("cache-control", "no-store");
      const message = confirmed.purpose === "verify" ? "email_verified" : "email_changed";
      return {
        data: {
          purpose: confirmed.purpose,
          email: confirmed.email,
          message: t(request.locale, message),
        },
      };
    },
  );
};

/**
 * A new account, unverified, with its verification mail queued; a known address (in any case)
 * inserts nothing and mails its owner instead. The unique index decides, so two registrations
 * racing for one address end the same way, and both answers look alike.
 */
async function registerUser(
  tx: Transaction,
  values: typeof users.$inferInsert & { preferredLocale: Locale },
): Promise<{ id: string } | undefined> {
  const [user] = await tx
    .insert(users)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (user) await enqueueVerification(tx, user.id, values.preferredLocale);
  else await enqueueRegisterAttempt(tx, values.email, values.preferredLocale);
  return user;
}

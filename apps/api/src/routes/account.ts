import {
  accountDeletionSchema,
  accountExportSchema,
  apiPaths,
  dataOf,
  emailChangeSchema,
  errorBodySchema,
  messageSchema,
  okSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  userActivitySchema,
  userSchema,
} from "@eventwerk/contract";
import { count, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextOptions } from "../context.ts";
import { contactMessages, events, orders, users } from "../db/schema.ts";
import { requireUser } from "../lib/auth.ts";
import { HttpError } from "../lib/http-error.ts";
import { t } from "../lib/messages.ts";
import { hashPassword, verifyPassword } from "../lib/passwords.ts";
import { revokeResetTokens, revokeSession, revokeUserSessions } from "../lib/sessions.ts";
import { listOrders, listTickets } from "../lib/tickets.ts";
import {
  assertEmailFree,
  emailTaken,
  isUniqueViolation,
  loadOrganiserProfile,
  loadUser,
} from "../lib/users.ts";
import { listAddresses } from "./addresses.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
/** What an order of a deleted account keeps of its buyer. */
const anonymousBuyer = { buyerName: "—", buyerEmail: "deleted@invalid" };
const security = [{ bearer: [] }];

/**
 * Checks the current password of the signed-in user (rate limited like the login), answering
 * 400 wrong_password on the given field.
 */
async function confirmPassword(
  ctx: ContextOptions["ctx"],
  userId: string,
  password: string,
  field: string,
) {
  await ctx.rateLimiter.hit("password", [`account:${userId}`]);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new HttpError(400, "wrong_password", "wrong_password", { [field]: "wrong_password" });
  }
  return user;
}

/** The signed-in user's own account: read, profile, email, password, export, deletion, logout. */
export const accountRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    apiPaths.getUser,
    {
      schema: {
        tags: ["account"],
        summary: "The signed-in user",
        security,
        response: { 200: dataOf(userSchema), ...errors },
      },
    },
    async (request, reply) => {
      const auth = await requireUser(ctx, request);
      reply.header("cache-control", "private, no-store");
      return { data: await loadUser(ctx.db, auth.userId) };
    },
  );

  api.get(
    apiPaths.updateUser,
    {
      schema: {
        tags: ["account"],
        summary: "Record the user's activity (the client only logs the answer)",
        security,
        response: { 200: dataOf(userActivitySchema), ...errors },
      },
    },
    async (request, reply) => {
      const auth = await requireUser(ctx, request);
      const now = new Date();
      await ctx.db.update(users).set({ lastSeenAt: now }).where(eq(users.id, auth.userId));
      reply.header("cache-control", "private, no-store");
      return { data: { last_seen_at: now.toISOString() } };
    },
  );

  api.patch(
    apiPaths.profile,
    {
      schema: {
        tags: ["account"],
        summary: "Change name, surname, phone or preferred language",
        security,
        body: profileUpdateSchema,
        response: { 200: dataOf(userSchema), ...errors },
      },
    },
    async (request) => {
      const auth = await requireUser(ctx, request);
      const { name, surname, phone, preferred_locale } = request.body;
      await ctx.db
        .update(users)
        .set({ name, surname, phone, preferredLocale: preferred_locale, updatedAt: new Date() })
        .where(eq(users.id, auth.userId));
      return { data: await loadUser(ctx.db, auth.userId) };
    },
  );

  api.post(
    apiPaths.password,
    {
      schema: {
        tags: ["account"],
        summary: "Change the password; needs the current one and signs out other sessions",
        security,
        body: passwordChangeSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const auth = await requireUser(ctx, request);
      await confirmPassword(ctx, auth.userId, request.body.current_password, "current_password");
      const passwordHash = await hashPassword(request.body.new_password);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, auth.userId));
        await revokeUserSessions(tx, auth.userId, auth.sessionId);
        // A reset link mailed before must not undo the change.
        await revokeResetTokens(tx, auth.userId);
      });
      return { data: { message: t(request.locale, "password_changed") } };
    },
  );

  api.post(
    apiPaths.email,
    {
      schema: {
        tags: ["account"],
        summary: "Change the email address (the login name); needs the current password",
        security,
        body: emailChangeSchema,
        response: { 200: dataOf(userSchema), 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const auth = await requireUser(ctx, request);
      const { email, current_password } = request.body;
      await confirmPassword(ctx, auth.userId, current_password, "current_password");
      try {
        await ctx.db.transaction(async (tx) => {
          const [own] = await tx
            .select({ email: users.email })
            .from(users)
            .where(eq(users.id, auth.userId));
          if (own?.email.toLowerCase() !== email) await assertEmailFree(tx, email);
          await tx
            .update(users)
            .set({ email, updatedAt: new Date() })
            .where(eq(users.id, auth.userId));
          // Reset links went to the old address; they must not take the account back.
          await revokeResetTokens(tx, auth.userId);
        });
      } catch (error) {
        throw isUniqueViolation(error) ? emailTaken() : error;
      }
      return { data: await loadUser(ctx.db, auth.userId) };
    },
  );

  api.get(
    apiPaths.accountExport,
    {
      schema: {
        tags: ["account"],
        summary: "Everything stored about the caller, as one JSON document",
        security,
        response: { 200: dataOf(accountExportSchema), ...errors },
      },
    },
    async (request, reply) => {
      const auth = await requireUser(ctx, request);
      const locale = request.locale;
      const [user, organiser, [row], addressList, orderList, ticketList, messages] =
        await Promise.all([
          loadUser(ctx.db, auth.userId),
          loadOrganiserProfile(ctx.db, auth.userId, locale),
          ctx.db
            .select({ lastSeenAt: users.lastSeenAt })
            .from(users)
            .where(eq(users.id, auth.userId)),
          listAddresses(ctx.db, auth.userId, locale),
          listOrders(ctx.db, auth.userId, locale),
          listTickets(ctx.db, auth.userId, locale),
          ctx.db
            .select()
            .from(contactMessages)
            .where(eq(contactMessages.userId, auth.userId))
            .orderBy(contactMessages.createdAt),
        ]);
      const exportedAt = new Date().toISOString();
      reply
        .header("cache-control", "private, no-store")
        .header(
          "content-disposition",
          `attachment; filename="${ctx.config.SITE_NAME.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-data-${exportedAt.slice(0, 10)}.json"`,
        );
      return {
        data: {
          exported_at: exportedAt,
          user: { ...user, organiser, last_seen_at: row?.lastSeenAt?.toISOString() ?? null },
          addresses: addressList,
          orders: orderList,
          tickets: ticketList.data,
          contact_messages: messages.map((message) => ({
            name: message.name,
            email: message.email,
            subject: message.subject,
            message: message.message,
            created_at: message.createdAt.toISOString(),
          })),
        },
      };
    },
  );

  api.delete(
    apiPaths.account,
    {
      schema: {
        tags: ["account"],
        summary:
          "Delete the account after confirming the password: personal data is removed, orders stay for accounting with the buyer anonymised",
        security,
        body: accountDeletionSchema,
        response: { 200: okSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const auth = await requireUser(ctx, request);
      await confirmPassword(ctx, auth.userId, request.body.password, "password");
      await ctx.db.transaction(async (tx) => {
        // An organiser's events name them; those accounts are closed by the support team.
        const [owned] = await tx
          .select({ events: count() })
          .from(events)
          .where(eq(events.organiserId, auth.userId));
        if ((owned?.events ?? 0) > 0) {
          throw new HttpError(409, "conflict", "organiser_has_events");
        }
        await tx.update(orders).set(anonymousBuyer).where(eq(orders.userId, auth.userId));
        await tx.delete(contactMessages).where(eq(contactMessages.userId, auth.userId));
        // Sessions, tokens, addresses and the organiser profile cascade; orders and tickets keep
        // their rows with the user set to null.
        await tx.delete(users).where(eq(users.id, auth.userId));
      });
      return { data: { success: true as const } };
    },
  );

  api.post(
    apiPaths.logout,
    {
      schema: {
        tags: ["auth"],
        summary: "Sign out: revokes this session's refresh tokens",
        security,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const auth = await requireUser(ctx, request);
      await revokeSession(ctx.db, auth.sessionId);
      return { data: { success: true as const } };
    },
  );
};

import {
  apiPaths,
  dataOf,
  errorBodySchema,
  messageSchema,
  okSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  userActivitySchema,
  userSchema,
} from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextOptions } from "../context.ts";
import { users } from "../db/schema.ts";
import { requireUser } from "../lib/auth.ts";
import { HttpError } from "../lib/http-error.ts";
import { t } from "../lib/messages.ts";
import { hashPassword, verifyPassword } from "../lib/passwords.ts";
import { revokeSession, revokeUserSessions } from "../lib/sessions.ts";
import { loadUser } from "../lib/users.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearer: [] }];

/** The signed-in user's own account: read, profile, password, logout. */
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
      await ctx.rateLimiter.hit("password", [`account:${auth.userId}`]);
      const [user] = await ctx.db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
      if (!user || !(await verifyPassword(user.passwordHash, request.body.current_password))) {
        throw new HttpError(400, "wrong_password", "wrong_password", {
          current_password: "wrong_password",
        });
      }
      const passwordHash = await hashPassword(request.body.new_password);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, auth.userId));
        await revokeUserSessions(tx, auth.userId, auth.sessionId);
      });
      return { data: { message: t(request.locale, "password_changed") } };
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

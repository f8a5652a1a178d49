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
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextOptions } from "../context.ts";
import { listAddresses } from "../lib/addresses.ts";
import { listContactMessages } from "../lib/contact-messages.ts";
import {
  enqueueVerification,
  isEmailVerified,
  requestEmailChange,
} from "../lib/email-ownership.ts";
import { HttpError } from "../lib/http-error.ts";
import { t } from "../lib/messages.ts";
import { listEvents, listVenues } from "../lib/panel/events.ts";
import { hashPassword } from "../lib/passwords.ts";
import { revokeSession } from "../lib/sessions.ts";
import { listOrders, listTickets } from "../lib/tickets.ts";
import {
  changePassword,
  deleteAccount,
  isCurrentPassword,
  loadLastSeen,
  loadOrganiserProfile,
  loadUser,
  touchLastSeen,
  updateProfile,
} from "../lib/users.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
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
  if (!(await isCurrentPassword(ctx.db, userId, password))) {
    throw new HttpError(400, "wrong_password", "wrong_password", { [field]: "wrong_password" });
  }
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
      const { auth } = request;
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
      const { auth } = request;
      const now = await touchLastSeen(ctx.db, auth.userId);
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
      const { auth } = request;
      await updateProfile(ctx.db, auth.userId, request.body);
      return { data: await loadUser(ctx.db, auth.userId) };
    },
  );

  api.post(
    apiPaths.password,
    {
      schema: {
        tags: ["account"],
        summary: "Change the password; needs the current one and signs out other sessions",
        description:
          "Of the browsers the account knows (decision 021), only the one whose `device_token` the change sends stays known; without one, none does.",
        security,
        body: passwordChangeSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { auth } = request;
      await confirmPassword(ctx, auth.userId, request.body.current_password, "current_password");
      const passwordHash = await hashPassword(request.body.new_password);
      await changePassword(ctx.db, auth.userId, passwordHash, {
        sessionId: auth.sessionId,
        device: request.body.device_token,
      });
      return { data: { message: t(request.locale, "password_changed") } };
    },
  );

  api.post(
    apiPaths.email,
    {
      schema: {
        tags: ["account"],
        summary: "Ask to change the email address (the login name); needs the current password",
        description:
          "Nothing changes yet: the new address gets a link (see `/email/confirm`), the current one a notice, and the user's `pending_email` shows the new address until the link is followed. 409 `email_taken` when another account has the address.",
        security,
        body: emailChangeSchema,
        response: { 200: messageSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { auth } = request;
      const { email, current_password } = request.body;
      await confirmPassword(ctx, auth.userId, current_password, "current_password");
      await requestEmailChange(
        ctx.db,
        auth.userId,
        email,
        request.locale,
        ctx.config.EMAIL_TOKEN_TTL,
      );
      ctx.outbox.wake();
      return { data: { message: t(request.locale, "email_change_requested") } };
    },
  );

  api.post(
    apiPaths.emailVerification,
    {
      schema: {
        tags: ["account"],
        summary: "Mail the verification link of the account's address again",
        description:
          "Rate limited per account. An address that is verified already gets no mail (409 `conflict`).",
        security,
        response: { 200: messageSchema, 409: errorBodySchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { auth } = request;
      await ctx.rateLimiter.hit("email-verification", [`account:${auth.userId}`]);
      if (await isEmailVerified(ctx.db, auth.userId)) throw new HttpError(409, "conflict");
      await enqueueVerification(ctx.db, auth.userId, request.locale);
      ctx.outbox.wake();
      return { data: { message: t(request.locale, "email_verification_sent") } };
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
      const { auth } = request;
      const locale = request.locale;
      const [
        user,
        organiser,
        lastSeen,
        addressList,
        orderList,
        ticketList,
        messages,
        eventList,
        venueList,
      ] = await Promise.all([
        loadUser(ctx.db, auth.userId),
        loadOrganiserProfile(ctx.db, auth.userId, locale),
        loadLastSeen(ctx.db, auth.userId),
        listAddresses(ctx.db, auth.userId, locale),
        listOrders(ctx.db, auth.userId, locale),
        listTickets(ctx.db, auth.userId, locale),
        listContactMessages(ctx.db, auth.userId),
        listEvents(ctx.db, auth.userId, locale),
        listVenues(ctx.db, auth.userId, locale),
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
          user: { ...user, organiser, last_seen_at: lastSeen?.toISOString() ?? null },
          addresses: addressList,
          orders: orderList,
          tickets: ticketList.data,
          events: eventList,
          // The shared venues every organiser may use are not theirs.
          venues: venueList.filter((venue) => venue.own),
          contact_messages: messages,
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
      const { auth } = request;
      await confirmPassword(ctx, auth.userId, request.body.password, "password");
      await deleteAccount(ctx.db, auth.userId);
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
      const { auth } = request;
      await revokeSession(ctx.db, auth.sessionId);
      return { data: { success: true as const } };
    },
  );
};

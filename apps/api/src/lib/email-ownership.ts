import { randomUUID } from "node:crypto";
import { type Locale, localeSchema, webPagePaths } from "@eventwerk/contract";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Context } from "../context.ts";
import { type Database, type Instant, type Transaction, timestamptz } from "../db/client.ts";
import { emailTokens, users } from "../db/schema.ts";
import { HttpError } from "./http-error.ts";
import { type MessageKey, t } from "./messages.ts";
import { enqueue } from "./outbox.ts";
import { randomToken, sha256 } from "./secrets.ts";
import { revokeResetTokens, revokeUserSessions } from "./sessions.ts";
import { assertEmailFree, emailTaken, isUniqueViolation } from "./users.ts";

type Db = Database | Transaction;

/**
 * The mails that prove who owns an address, all sent by the outbox: the request that causes one
 * only queues a job, so a known and an unknown address take the same time, and the raw token is
 * made when the mail goes out (it is never stored, not even in the job).
 */
const jobs = {
  /** The verification link of a new account's address. */
  verify: "email_verify_mail",
  /** "Someone tried to register with your address" to the owner of a known one. */
  registerAttempt: "email_register_attempt_mail",
  /** The link that moves an account to a new address, mailed to that address. */
  change: "email_change_mail",
  /** "A change of your address was requested" to the account's current address. */
  changeNotice: "email_change_notice_mail",
} as const;

const userJobSchema = z.object({ userId: z.uuid(), locale: localeSchema });
const attemptJobSchema = z.object({ email: z.string(), locale: localeSchema });
const changeJobSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  locale: localeSchema,
  /** The request's link row (jobs queued before it was kept have none: theirs is made anew). */
  linkId: z.uuid().optional(),
});

const tokenError = (code: "invalid_email_token" | "email_token_used" | "email_token_expired") =>
  new HttpError(400, code, code, { token: code });

/** Queues the mail with the verification link for a user's current address. */
export async function enqueueVerification(db: Db, userId: string, locale: Locale) {
  await enqueue(db, {
    kind: jobs.verify,
    payload: { userId, locale },
    dedupKey: `email-verify:${randomUUID()}`,
  });
}

/** Queues the note to the owner of a known address that someone tried to register with it. */
export async function enqueueRegisterAttempt(db: Db, email: string, locale: Locale) {
  await enqueue(db, {
    kind: jobs.registerAttempt,
    payload: { email: email.toLowerCase(), locale },
    dedupKey: `email-register-attempt:${randomUUID()}`,
  });
}

/** The account's email change links not used yet (expired ones included). */
const unusedChangeLinks = (userId: string | AnyPgColumn) =>
  and(
    eq(emailTokens.userId, userId),
    eq(emailTokens.purpose, "change"),
    isNull(emailTokens.usedAt),
  );

/**
 * Starts moving an account to a new address: 409 email_taken when another account has it. The
 * new address gets a link, the current one a notice; links of earlier requests stop working.
 */
export async function requestEmailChange(
  db: Database,
  userId: string,
  email: string,
  locale: Locale,
  /** How long the link works once mailed (EMAIL_TOKEN_TTL). */
  ttlSeconds: number,
) {
  await db.transaction(async (tx) => {
    // The user's row locked, as the mail's job locks it: a job writing its link meanwhile is
    // either done, and its link deleted below, or finds its request's row gone.
    const [own] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    // The own address in another case is a change too (it is verified again).
    if (own?.email.toLowerCase() !== email) await assertEmailFree(tx, email);
    await tx.delete(emailTokens).where(unusedChangeLinks(userId));
    // The request's row is written now, under a hash nobody has the token of: the mail's job
    // writes its link only while this row is there. A later request deletes it, so an earlier
    // request whose mail was still queued sends no working link.
    const [link] = await tx
      .insert(emailTokens)
      .values({
        userId,
        purpose: "change",
        email,
        tokenHash: sha256(randomToken()),
        expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      })
      .returning({ id: emailTokens.id });
    const key = randomUUID();
    const payload = { userId, email, locale, linkId: link!.id };
    await enqueue(tx, { kind: jobs.change, payload, dedupKey: `email-change:${key}` });
    await enqueue(tx, { kind: jobs.changeNotice, payload, dedupKey: `email-change-notice:${key}` });
  });
}

/**
 * The address an account is moving to (its newest link still working at `now`), or null: a
 * subquery for the user's own row (`loadUser` reads it with the user, in one round trip).
 */
export const pendingEmailOf = (userId: AnyPgColumn, now: Instant) =>
  sql<string | null>`(select ${emailTokens.email} from ${emailTokens}
    where ${unusedChangeLinks(userId)} and ${emailTokens.expiresAt} > ${timestamptz(now)}
    order by ${emailTokens.createdAt} desc limit 1)`;

/** Whether the user's current address is verified. */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.at != null;
}

type StoredToken = typeof emailTokens.$inferSelect;

/** Why a stored token does not work (a used one says so even after it would have expired). */
function storedTokenError(row: StoredToken | undefined, now = new Date()): HttpError | null {
  if (!row) return tokenError("invalid_email_token");
  if (row.usedAt) return tokenError("email_token_used");
  if (row.expiresAt.getTime() <= now.getTime()) return tokenError("email_token_expired");
  return null;
}

export type ConfirmedEmail = { purpose: "verify" | "change"; email: string; userId: string };

/**
 * Follows an emailed link. A `verify` link marks the account's address verified (only while the
 * account still has the address it was mailed to). A `change` link needs its own user signed in
 * (`signedIn` answers who, and throws 401 without a login): it moves the account to the new
 * address, marks it verified and signs out every other session. A change link of another user
 * answers like an unknown one. Nothing is written when the link does not work.
 */
export async function confirmEmailToken(
  db: Database,
  token: string,
  signedIn: () => Promise<{ userId: string; sessionId: string }>,
): Promise<ConfirmedEmail> {
  const tokenHash = sha256(token);
  const [row] = await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash));
  const problem = storedTokenError(row);
  if (problem || !row) throw problem ?? tokenError("invalid_email_token");
  const auth = row.purpose === "change" ? await signedIn() : null;
  if (auth && auth.userId !== row.userId) throw tokenError("invalid_email_token");
  try {
    return await db.transaction(async (tx) => {
      // Marked used in the statement that checks it: two clicks at once confirm once.
      const [used] = await tx
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!used) {
        const [again] = await tx
          .select()
          .from(emailTokens)
          .where(eq(emailTokens.tokenHash, tokenHash));
        throw storedTokenError(again) ?? tokenError("invalid_email_token");
      }
      const now = new Date();
      if (used.purpose === "verify") {
        const [verified] = await tx
          .update(users)
          .set({ emailVerifiedAt: now })
          .where(
            and(
              eq(users.id, used.userId),
              eq(sql`lower(${users.email})`, used.email.toLowerCase()),
            ),
          )
          .returning({ id: users.id });
        // The account moved to another address since the link was mailed.
        if (!verified) throw tokenError("invalid_email_token");
        return { purpose: "verify", email: used.email, userId: used.userId };
      }
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(sql`lower(${users.email})`, used.email.toLowerCase()), ne(users.id, used.userId)),
        )
        .limit(1);
      if (other) throw emailTaken();
      await tx
        .update(users)
        .set({ email: used.email, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, used.userId));
      // Links mailed to the old address must not act on the account any more.
      await revokeResetTokens(tx, used.userId);
      await tx
        .delete(emailTokens)
        .where(and(eq(emailTokens.userId, used.userId), isNull(emailTokens.usedAt)));
      await revokeUserSessions(tx, used.userId, auth?.sessionId);
      return { purpose: "change", email: used.email, userId: used.userId };
    });
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/** Marks the address verified: a password reset link that reached it proves it too. */
export async function markEmailVerified(db: Db, userId: string) {
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** The outbox's handlers for the mails above (registered once, by the registration routes). */
export function handleEmailOwnershipJobs(ctx: Context) {
  const link = (path: string, token?: string) => {
    const url = new URL(path, ctx.config.PUBLIC_URL);
    if (token) url.searchParams.set("token", token);
    return url.toString();
  };
  const hours = Math.max(1, Math.round(ctx.config.EMAIL_TOKEN_TTL / 3600));
  const userById = async (userId: string) => {
    const [user] = await ctx.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        verifiedAt: users.emailVerifiedAt,
        locale: users.preferredLocale,
      })
      .from(users)
      .where(eq(users.id, userId));
    return user;
  };
  /** A new single-use token for the address, stored as its hash; answers the raw token. */
  const issue = async (
    userId: string,
    purpose: "verify" | "change",
    email: string,
    db: Db = ctx.db,
  ) => {
    const token = randomToken();
    await db.insert(emailTokens).values({
      userId,
      purpose,
      email,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + ctx.config.EMAIL_TOKEN_TTL * 1000),
    });
    return token;
  };
  const send = (
    to: string,
    locale: Locale,
    mail: string,
    params: Record<string, string | number>,
  ) =>
    ctx.mailer.send({
      to,
      subject: t(locale, `${mail}_subject` as MessageKey, params),
      text: t(locale, `${mail}_text` as MessageKey, params),
    });
  const site = ctx.config.SITE_NAME;

  ctx.outbox.handle(jobs.verify, async (job) => {
    const { userId, locale } = userJobSchema.parse(job.payload);
    const user = await userById(userId);
    if (!user || user.verifiedAt) return;
    const token = await issue(user.id, "verify", user.email);
    await send(user.email, locale, "verify_mail", {
      site,
      name: user.name,
      hours,
      link: link(webPagePaths.confirmEmail[locale], token),
    });
  });

  ctx.outbox.handle(jobs.registerAttempt, async (job) => {
    const { email } = attemptJobSchema.parse(job.payload);
    const [user] = await ctx.db
      .select({ name: users.name, email: users.email, locale: users.preferredLocale })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (!user) return;
    // In the owner's language: the note is for them, not for whoever tried.
    await send(user.email, user.locale, "register_attempt_mail", {
      site,
      name: user.name,
      login: link(webPagePaths.login[user.locale]),
      reset: link(webPagePaths.resetPassword[user.locale]),
    });
  });

  ctx.outbox.handle(jobs.change, async (job) => {
    const { userId, email, locale, linkId } = changeJobSchema.parse(job.payload);
    const user = await userById(userId);
    if (!user) return;
    let token: string | null;
    if (linkId) {
      // The link only while the request's row is there: a later request deleted it, and then no
      // mail goes out. A row of its own per mail, so that a job run again (its mail sent, its
      // completion lost) does not break the link it mailed first.
      token = await ctx.db.transaction(async (tx) => {
        // The user's row locked, as a request locks it before it deletes the links.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
        const [request] = await tx
          .select({ id: emailTokens.id })
          .from(emailTokens)
          .where(and(eq(emailTokens.id, linkId), isNull(emailTokens.usedAt)));
        return request ? issue(user.id, "change", email, tx) : null;
      });
      if (token === null) return;
    } else {
      token = await issue(user.id, "change", email);
    }
    await send(email, locale, "change_mail", {
      site,
      name: user.name,
      hours,
      link: link(webPagePaths.confirmEmail[locale], token),
    });
  });

  ctx.outbox.handle(jobs.changeNotice, async (job) => {
    const { userId, email } = changeJobSchema.parse(job.payload);
    const user = await userById(userId);
    if (!user) return;
    await send(user.email, user.locale, "change_notice_mail", {
      site,
      name: user.name,
      email,
      reset: link(webPagePaths.resetPassword[user.locale]),
    });
  });
}

import type { TokenResponse } from "@eventwerk/contract";
import { and, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import type { Context } from "../context.ts";
import type { Database, Transaction } from "../db/client.ts";
import { passwordResetTokens, refreshTokens, sessions } from "../db/schema.ts";
import { randomToken, seal, sha256, unseal } from "./secrets.ts";

type Db = Database | Transaction;

/** When a session started at `createdAt` ends, whatever its refresh tokens say. */
const sessionEnd = (ctx: Context, createdAt: Date) =>
  createdAt.getTime() + ctx.config.SESSION_MAX_AGE * 1000;

async function issueRefreshToken(
  ctx: Context,
  db: Db,
  sessionId: string,
  sessionCreatedAt: Date,
): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: sha256(token),
    expiresAt: new Date(
      Math.min(Date.now() + ctx.config.REFRESH_TOKEN_TTL * 1000, sessionEnd(ctx, sessionCreatedAt)),
    ),
  });
  return token;
}

/** Starts a login session: an access token and the first refresh token of a new family. */
export async function startSession(
  ctx: Context,
  db: Db,
  userId: string,
  clientId: string,
): Promise<TokenResponse> {
  const [session] = await db
    .insert(sessions)
    .values({ userId, clientId })
    .returning({ id: sessions.id, createdAt: sessions.createdAt });
  const refresh_token = await issueRefreshToken(ctx, db, session!.id, session!.createdAt);
  const access_token = await ctx.tokens.sign({ sub: userId, sid: session!.id, cid: clientId });
  return { access_token, refresh_token, expires_in: ctx.tokens.ttl, token_type: "Bearer" };
}

/** Whether a refresh token was ever issued (used, revoked or expired ones too). */
export async function refreshTokenIssued(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  return row !== undefined;
}

export type RotateResult = { ok: true; tokens: TokenResponse } | { ok: false };

/**
 * Trades a refresh token for a new pair. A token presented again within the grace window after
 * its use (two requests or tabs renewing at once) gets the same successor it gave the first
 * time, with a new access token: one session, one line of successors. Later, a second use means
 * the token was stolen or replayed, so its whole family (the session) is revoked. No session
 * renews beyond its absolute lifetime (SESSION_MAX_AGE).
 */
export async function rotateRefreshToken(
  ctx: Context,
  token: string,
  clientId: string,
): Promise<RotateResult> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        successorSealed: refreshTokens.successorSealed,
        sessionCreatedAt: sessions.createdAt,
        revokedAt: refreshTokens.revokedAt,
        expiresAt: refreshTokens.expiresAt,
        sessionId: sessions.id,
        userId: sessions.userId,
        clientId: sessions.clientId,
        sessionRevokedAt: sessions.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for("update")
      .limit(1);
    if (!row || row.clientId !== clientId || row.revokedAt || row.sessionRevokedAt)
      return { ok: false };
    const issueAccess = () =>
      ctx.tokens.sign({ sub: row.userId, sid: row.sessionId, cid: row.clientId });
    if (row.usedAt) {
      const inGrace = Date.now() - row.usedAt.getTime() < ctx.config.REFRESH_GRACE_SECONDS * 1000;
      const successor = inGrace && row.successorSealed ? unseal(row.successorSealed, token) : null;
      if (successor) {
        return {
          ok: true,
          tokens: {
            access_token: await issueAccess(),
            refresh_token: successor,
            expires_in: ctx.tokens.ttl,
            token_type: "Bearer",
          },
        };
      }
      await revokeSession(tx, row.sessionId);
      return { ok: false };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false };
    if (sessionEnd(ctx, row.sessionCreatedAt) <= Date.now()) return { ok: false };
    const refresh_token = await issueRefreshToken(ctx, tx, row.sessionId, row.sessionCreatedAt);
    await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(), successorSealed: seal(refresh_token, token) })
      .where(eq(refreshTokens.id, row.id));
    const access_token = await ctx.tokens.sign({
      sub: row.userId,
      sid: row.sessionId,
      cid: row.clientId,
    });
    return {
      ok: true,
      tokens: { access_token, refresh_token, expires_in: ctx.tokens.ttl, token_type: "Bearer" },
    };
  });
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  const now = new Date();
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
}

/** Signs a user out everywhere, or everywhere but the given session. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  const now = new Date();
  const condition = and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
  );
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(condition)
    .returning({ id: sessions.id });
  if (revoked.length === 0) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(refreshTokens.revokedAt),
        inArray(
          refreshTokens.sessionId,
          revoked.map((row) => row.id),
        ),
      ),
    );
}

/**
 * Removes every reset link of a user that could still be used (after a reset, a password change
 * or an email change): a link mailed before must not set the password afterwards. Used and
 * expired links stay, so that opening one still says which it is; a removed one is unknown.
 */
export async function revokeResetTokens(db: Db, userId: string): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
}

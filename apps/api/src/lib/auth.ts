import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Context } from "../context.ts";
import { keptStatement } from "../db/client.ts";
import { organiserProfiles, type users } from "../db/schema.ts";
import { type DoorAuth, doorLinkByToken } from "./door.ts";
import { HttpError } from "./http-error.ts";

/** Who is calling: the signed-in user, their login session and OAuth client, and their role. */
export type UserAuth = {
  userId: string;
  sessionId: string;
  clientId: string;
  role: (typeof users.$inferSelect)["role"];
};

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new HttpError(401, "invalid_token");
  return match[1]!;
}

/**
 * The role of a token's user while its login session lasts. Every signed-in API call asks it, so
 * it is built once and named (`keptStatement`): parsed and planned on each call, it cost more
 * than it took to run.
 */
const liveSession = keptStatement(
  () => sql`select u.role from sessions s join users u on u.id = s.user_id
    where s.id = ${sql.placeholder("sid")} and s.user_id = ${sql.placeholder("sub")}
      and s.revoked_at is null`,
);

/**
 * The user behind the request's bearer token. A missing token is 401, an invalid or expired one
 * 401 invalid_token, a client token (no `sub`) 403; a signed-out session counts as invalid.
 */
export async function requireUser(ctx: Context, request: FastifyRequest): Promise<UserAuth> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, "unauthorized");
  const claims = await ctx.tokens.verify(token);
  if (!claims) throw new HttpError(401, "invalid_token");
  if (!claims.sub || !claims.sid) throw new HttpError(403, "forbidden");
  const [session] = await liveSession<{ role: UserAuth["role"] }>(
    ctx.db,
    {},
    { sid: claims.sid, sub: claims.sub },
  );
  if (!session) throw new HttpError(401, "invalid_token");
  return { userId: claims.sub, sessionId: claims.sid, clientId: claims.cid, role: session.role };
}

/**
 * A signed-in organiser whose profile the operator approved and has not suspended; anyone else
 * signed in is 403.
 */
export async function requireApprovedOrganiser(
  ctx: Context,
  request: FastifyRequest,
): Promise<UserAuth> {
  const auth = await requireUser(ctx, request);
  const [profile] = await ctx.db
    .select({
      approvalStatus: organiserProfiles.approvalStatus,
      suspendedAt: organiserProfiles.suspendedAt,
    })
    .from(organiserProfiles)
    .where(eq(organiserProfiles.userId, auth.userId))
    .limit(1);
  if (profile?.approvalStatus !== "approved" || profile.suspendedAt)
    throw new HttpError(403, "forbidden");
  return auth;
}

/** A signed-in user with the admin role; anyone else signed in is 403. */
export async function requireAdmin(ctx: Context, request: FastifyRequest): Promise<UserAuth> {
  const auth = await requireUser(ctx, request);
  if (auth.role !== "admin") throw new HttpError(403, "forbidden");
  return auth;
}

/** The signed-in user when the request carries a valid user token; anonymous otherwise. */
export async function optionalUser(
  ctx: Context,
  request: FastifyRequest,
): Promise<UserAuth | null> {
  try {
    return await requireUser(ctx, request);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/**
 * A door link's token (no user): the link must be live, and all its scanners together stay
 * within the door's request budget.
 */
export async function requireDoorLink(ctx: Context, request: FastifyRequest): Promise<DoorAuth> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, "unauthorized");
  const door = await doorLinkByToken(ctx.db, token);
  await ctx.doorRateLimiter.hit("door", [String(door.linkId)]);
  return door;
}

import { loginDeviceDays } from "@eventwerk/contract";
import { and, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { loginDevices } from "../db/schema.ts";
import { randomToken, sha256 } from "./secrets.ts";

/** Beyond these, an account's least recently used browsers are forgotten. */
const devicesPerAccount = 20;

const unusedSince = () => sql`now() - make_interval(days => ${loginDeviceDays})`;

/**
 * Whether `token` names a browser that signed in to this account within `loginDeviceDays`. Such a
 * browser's sign-ins back off on their own, not with the account's (OWASP's "device cookies"):
 * a guesser elsewhere cannot keep the owner out, nor learn from the answer whether a guess was
 * right while the account backs off.
 */
export async function isKnownDevice(
  db: Database,
  userId: string,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ userId: loginDevices.userId })
    .from(loginDevices)
    .where(
      and(
        eq(loginDevices.tokenHash, sha256(token)),
        eq(loginDevices.userId, userId),
        gt(loginDevices.usedAt, unusedSince()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * After a sign-in with the right password: the browser's device token, its own if it was known
 * to this account (now used again), else a new one. Unused and surplus ones go in the same step.
 */
export async function rememberDevice(
  db: Database,
  userId: string,
  known: string | undefined,
): Promise<string> {
  const token = known ?? randomToken();
  await db
    .insert(loginDevices)
    .values({ tokenHash: sha256(token), userId })
    .onConflictDoUpdate({
      target: loginDevices.tokenHash,
      set: { usedAt: sql`now()` },
      where: eq(loginDevices.userId, userId),
    });
  const kept = db
    .select({ tokenHash: loginDevices.tokenHash })
    .from(loginDevices)
    .where(eq(loginDevices.userId, userId))
    .orderBy(desc(loginDevices.usedAt))
    .limit(devicesPerAccount);
  await db
    .delete(loginDevices)
    .where(
      and(
        eq(loginDevices.userId, userId),
        or(lt(loginDevices.usedAt, unusedSince()), sql`${loginDevices.tokenHash} not in (${kept})`),
      ),
    );
  return token;
}

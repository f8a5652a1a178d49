import { loginDeviceDays } from "@eventwerk/contract";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import { loginDevices } from "../db/schema.ts";
import { randomToken, sha256 } from "./secrets.ts";

/** Beyond these, an account's browsers are forgotten: first those never back, then the oldest. */
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
 * After a sign-in with the right password: the browser's device token, now known to this
 * account. The browser keeps the one it has if this API issued it (for this or another account
 * signed in on it), else gets a new one. The account's unused and surplus browsers go in the same
 * transaction, under a lock of the account's own, so that a sign-in at the same moment cannot
 * lose the browser it just used.
 */
export async function rememberDevice(
  db: Database,
  userId: string,
  sent: string | undefined,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`login-devices:${userId}`}, 0))`,
    );
    const issued =
      sent !== undefined &&
      (
        await tx
          .select({ userId: loginDevices.userId })
          .from(loginDevices)
          .where(eq(loginDevices.tokenHash, sha256(sent)))
          .limit(1)
      ).length > 0;
    const token = issued ? sent : randomToken();
    await tx
      .insert(loginDevices)
      .values({ tokenHash: sha256(token), userId })
      .onConflictDoUpdate({
        target: [loginDevices.tokenHash, loginDevices.userId],
        set: { usedAt: sql`now()` },
      });
    // The browser just used stays; of the others, those that came back and were used last.
    const current = sha256(token);
    await tx.execute(sql`
      delete from login_devices
      where user_id = ${userId} and token_hash <> ${current}
        and (used_at < ${unusedSince()}
          or token_hash not in (
            select token_hash from login_devices
            where user_id = ${userId} and token_hash <> ${current}
            order by used_at > created_at desc, used_at desc
            limit ${devicesPerAccount - 1}))`);
    return token;
  });
}

/**
 * A new password (reset or changed) forgets the account's browsers: one that signed in with the
 * old password (an intruder's, say) must not keep guessing the new one while the account backs
 * off. `keep` is the device token of the browser that changed it while signed in, which stays.
 */
export async function forgetDevices(tx: Transaction, userId: string, keep?: string): Promise<void> {
  await tx
    .delete(loginDevices)
    .where(
      and(
        eq(loginDevices.userId, userId),
        keep === undefined ? undefined : ne(loginDevices.tokenHash, sha256(keep)),
      ),
    );
}

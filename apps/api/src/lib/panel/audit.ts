import type { AuditEntry } from "@eventwerk/contract";
import { desc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema.ts";

type Db = Database | Transaction;

/** What one change was: the action's name and the fields it touched (never secrets). */
export type AuditRecord = {
  /** Null when the account is gone (a refund retried for a cancelled event's former organiser). */
  actorId: string | null;
  organiserId: string | null;
  eventId?: number | null;
  action: string;
  details?: Record<string, unknown>;
};

/** Records a change in the caller's transaction, so it exists exactly when the change does. */
export async function audit(db: Db, record: AuditRecord): Promise<void> {
  const [actor] = record.actorId
    ? await db
        .select({ name: users.name, surname: users.surname })
        .from(users)
        .where(eq(users.id, record.actorId))
    : [];
  await db.insert(auditLog).values({
    actorId: record.actorId,
    actorName: actor ? `${actor.name} ${actor.surname}` : "—",
    organiserId: record.organiserId,
    eventId: record.eventId ?? null,
    action: record.action,
    details: record.details ?? {},
  });
}

/** The changes of one event, newest first. */
export async function eventAudit(db: Db, eventId: number): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.eventId, eventId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    actor_name: row.actorName,
    action: row.action,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  }));
}

import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Transaction } from "../db/client.ts";
import { outboxJobs } from "../db/schema.ts";

type Db = Database | Transaction;

export type OutboxJob = { id: number; kind: string; payload: unknown; attempts: number };
export type OutboxHandler = (job: OutboxJob) => Promise<void>;

/** Attempts before a job is given up (and kept with its last error for the operator). */
const MAX_ATTEMPTS = 10;
/** Waits 5 s, 10 s, 20 s … up to an hour between attempts. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 5 * 2 ** (attempts - 1));

/**
 * Adds a job in the caller's transaction, so it exists exactly when what caused it was committed.
 * A second job with the same dedup key is dropped.
 */
export async function enqueue(
  db: Db,
  job: { kind: string; payload: unknown; dedupKey: string; runAt?: Date },
): Promise<void> {
  await db
    .insert(outboxJobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      dedupKey: job.dedupKey,
      nextAttemptAt: job.runAt ?? new Date(),
    })
    .onConflictDoNothing({ target: outboxJobs.dedupKey });
}

export type Outbox = {
  /** Who runs jobs of a kind; route plugins register theirs when they are registered. */
  handle: (kind: string, handler: OutboxHandler) => void;
  /** Runs the jobs due now (up to `limit`); answers how many ran, successfully or not. */
  runDue: (limit?: number) => Promise<number>;
  /** Polls every `pollMs`; `wake` runs a round at once (a job was just added). */
  start: (pollMs: number) => void;
  wake: () => void;
  stop: () => Promise<void>;
};

/**
 * The worker: claims due jobs with `FOR UPDATE SKIP LOCKED` (instances never take the same job)
 * and a lease instead of a long transaction, runs them outside any transaction, and retries
 * failures with back-off. At least once: a crash after sending and before marking sends again.
 */
export function createOutbox(
  db: Database,
  initialHandlers: Record<string, OutboxHandler>,
  log: (message: string, error?: unknown) => void,
  /** A claimed job not finished by then (its worker crashed) is taken by another worker. */
  leaseSeconds = 120,
): Outbox {
  const handlers = { ...initialHandlers };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;

  async function claim(limit: number): Promise<OutboxJob[]> {
    const result = await db.execute(sql`
      update ${outboxJobs} set
        attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${leaseSeconds})
      where id in (
        select id from ${outboxJobs}
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
      returning id, kind, payload, attempts`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      kind: String(row.kind),
      payload: row.payload,
      attempts: Number(row.attempts),
    }));
  }

  async function runJob(job: OutboxJob) {
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for outbox jobs of kind ${job.kind}`);
      await handler(job);
      await db.execute(
        sql`update ${outboxJobs} set sent_at = now(), locked_until = null, last_error = null
          where id = ${job.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`outbox job ${job.id} (${job.kind}) failed, attempt ${job.attempts}`, error);
      await db.execute(sql`update ${outboxJobs} set
          locked_until = null,
          last_error = ${message.slice(0, 2000)},
          next_attempt_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)}),
          failed_at = case when attempts >= ${MAX_ATTEMPTS} then now() end
        where id = ${job.id}`);
    }
  }

  async function runDue(limit = 20): Promise<number> {
    const jobs = await claim(limit);
    for (const job of jobs) await runJob(job);
    return jobs.length;
  }

  /** One round at a time per instance; a wake during a round runs another one after it. */
  function round() {
    if (running) {
      again = true;
      return;
    }
    running = runDue()
      .catch((error) => {
        log("outbox round failed", error);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          round();
        }
      });
  }

  return {
    handle: (kind, handler) => {
      handlers[kind] = handler;
    },
    runDue,
    start: (pollMs) => {
      if (pollMs <= 0 || timer) return;
      timer = setInterval(round, pollMs);
      timer.unref();
      round();
    },
    wake: () => {
      if (timer) round();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      await running;
    },
  };
}

/** A job that sends one finished email (rendered in its reader's language when queued). */
export const mailJob = "mail";
export const mailJobSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  replyTo: z.string().optional(),
});

export const enqueueMail = (db: Db, mail: z.input<typeof mailJobSchema>, dedupKey: string) =>
  enqueue(db, { kind: mailJob, payload: mail, dedupKey });

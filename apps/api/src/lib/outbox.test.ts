import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxJobs } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../testing/app.ts";
import { backoffSeconds, createOutbox, enqueue, type OutboxJob } from "./outbox.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OUTBOX_POLL_MS: "0", RECONCILE_INTERVAL_SECONDS: "0" });
});
afterAll(() => t.close());

describe("outbox", () => {
  it("runs a job once per dedup key, and retries a failing one later with back-off", async () => {
    const seen: OutboxJob[] = [];
    let failures = 1;
    const outbox = createOutbox(
      t.ctx.db,
      {
        flaky: async (job) => {
          seen.push(job);
          if (failures-- > 0) throw new Error("smtp down");
        },
      },
      () => {},
    );
    const key = `flaky-${Date.now()}`;
    await enqueue(t.ctx.db, { kind: "flaky", payload: { n: 1 }, dedupKey: key });
    await enqueue(t.ctx.db, { kind: "flaky", payload: { n: 2 }, dedupKey: key });

    expect(await outbox.runDue()).toBe(1);
    expect(seen.map((job) => job.payload)).toEqual([{ n: 1 }]);
    const [failed] = await t.ctx.db.select().from(outboxJobs).where(eq(outboxJobs.dedupKey, key));
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, lastError: "smtp down" });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3000);
    // Not due yet.
    expect(await outbox.runDue()).toBe(0);

    await t.ctx.db
      .update(outboxJobs)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboxJobs.dedupKey, key));
    expect(await outbox.runDue()).toBe(1);
    const [sent] = await t.ctx.db.select().from(outboxJobs).where(eq(outboxJobs.dedupKey, key));
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(sent!.sentAt).not.toBeNull();
    expect(await outbox.runDue()).toBe(0);
  });

  it("takes over a job whose worker died (its lease ran out), never one still leased", async () => {
    const key = `leased-${Date.now()}`;
    await enqueue(t.ctx.db, { kind: "noop", payload: {}, dedupKey: key });
    await t.ctx.db
      .update(outboxJobs)
      .set({ lockedUntil: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(outboxJobs.dedupKey, key));
    let runs = 0;
    const outbox = createOutbox(t.ctx.db, { noop: async () => void runs++ }, () => {});
    await outbox.runDue();
    expect(runs).toBe(0);
    await t.ctx.db
      .update(outboxJobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(outboxJobs.dedupKey, key));
    await outbox.runDue();
    expect(runs).toBe(1);
  });

  it("waits longer after each failure, up to an hour", () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([5, 10, 20, 40]);
    expect(backoffSeconds(30)).toBe(3600);
  });
});

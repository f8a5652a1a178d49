import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { QueuedScan } from "./offline-store";
import { sendableScans, syncBatch } from "./sync-batch";

const scan = (code: string, minute: number): QueuedScan => ({
  scan_id: randomUUID(),
  code,
  entry_type: "entry",
  scanned_at: new Date(Date.UTC(2026, 11, 6, 18, minute)).toISOString(),
  device: "Scanner 1A2B",
  decided: "valid",
});
/** The post as the scanner sends it (`post({ scans, sent_at })`). */
const postBytes = (scans: QueuedScan[]) =>
  new URLSearchParams({
    body: JSON.stringify({ scans, sent_at: new Date().toISOString() }),
  }).toString().length;
const bodyLimit = 100 * 1024;

describe("syncBatch", () => {
  it("sends a long queue in posts within the server's body limit, oldest first", () => {
    const ticketCode = `${"e".repeat(120)}.${"s".repeat(86)}`;
    const queue = Array.from({ length: 1000 }, (_, i) => scan(ticketCode, i % 60));
    const batch = syncBatch(queue);
    expect(batch.length).toBeGreaterThan(50);
    expect(batch.length).toBeLessThan(queue.length);
    expect(batch).toEqual(queue.slice(0, batch.length));
    expect(postBytes(batch)).toBeLessThan(bodyLimit);
  });

  it("keeps codes that grow when encoded within the limit, and always sends one", () => {
    const wide = Array.from({ length: 100 }, (_, i) => scan("€".repeat(600), i % 60));
    expect(postBytes(syncBatch(wide))).toBeLessThan(bodyLimit);
    expect(syncBatch(wide.slice(0, 1))).toHaveLength(1);
    expect(syncBatch([])).toEqual([]);
  });
});

describe("sendableScans", () => {
  const code = `${"e".repeat(120)}.${"s".repeat(86)}`;
  it("drops what the API would refuse, so that it holds up no scan behind it", () => {
    const entry = scan(code, 1);
    const exit = { ...scan(code, 2), entry_type: "exit" as const };
    const stray = scan("two\nlines", 3);
    const later = scan(code, 4);
    const queue = [entry, exit, stray, later];
    // A link for entries only (the exit was queued under an earlier one that took exits).
    expect(sendableScans(queue, "entry")).toEqual({ send: [entry, later], drop: [exit, stray] });
    expect(sendableScans(queue, "entry_exit")).toEqual({
      send: [entry, exit, later],
      drop: [stray],
    });
  });
});

import { type DoorSession, syncScansMax, takesScanCode } from "@eventwerk/contract";
import type { QueuedScan } from "./offline-store";

/**
 * What one sync's form post may carry: well within the server's default BODY_LIMIT (100 kB),
 * beyond which the post is refused (413) and the queue would never move.
 */
export const syncBatchBytes = 64 * 1024;

/** The scans one sync sends: oldest first, as many as fit in `syncBatchBytes`, always one. */
export function syncBatch(queued: readonly QueuedScan[]): QueuedScan[] {
  const batch: QueuedScan[] = [];
  let bytes = 0;
  for (const scan of queued) {
    // As the post carries it: JSON in a form field, percent-encoded.
    const size = new URLSearchParams({ body: JSON.stringify(scan) }).toString().length;
    if (batch.length > 0 && (bytes + size > syncBatchBytes || batch.length === syncScansMax)) break;
    batch.push(scan);
    bytes += size;
  }
  return batch;
}

/**
 * The queued scans this door link can send, and those it never can: a code the API would refuse
 * (queued by an older scanner), or an exit when the link records entries only (queued under an
 * earlier link of the event that took exits; the API refuses the whole post, 403). Kept, those
 * would hold up every scan behind them; they are dropped.
 */
export function sendableScans(
  queued: readonly QueuedScan[],
  mode: DoorSession["mode"],
): { send: QueuedScan[]; drop: QueuedScan[] } {
  const send: QueuedScan[] = [];
  const drop: QueuedScan[] = [];
  for (const scan of queued) {
    const refused =
      !takesScanCode(scan.code) || (scan.entry_type === "exit" && mode !== "entry_exit");
    (refused ? drop : send).push(scan);
  }
  return { send, drop };
}

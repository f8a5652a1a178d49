import { syncScansMax } from "@eventwerk/contract";
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

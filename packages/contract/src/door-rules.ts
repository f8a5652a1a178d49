/**
 * The door's rules that the scanner applies in the browser as the API does on the server. No zod
 * here: the scanner page loads this module, not the schemas (see ticket-code.ts).
 */

import { oneLinePattern } from "./text-rules.ts";

/** The longest scanned code the API takes, and the most scans one sync takes. */
export const scanCodeMaxLength = 600;
export const syncScansMax = 500;

/**
 * Whether the API takes this as a scanned code (the contract's `opaqueText`): one line of at most
 * `scanCodeMaxLength` characters. The scanner answers any other (a stray QR code) as unknown
 * itself: sent, it would be refused, and queued offline it would hold up every scan behind it.
 */
export const takesScanCode = (code: string) =>
  code.length <= scanCodeMaxLength && oneLinePattern.test(code);

/** Doors open this long before an event starts and close this long after it ends. */
export const doorOpensBeforeStartMs = 12 * 3_600_000;
export const doorClosesAfterEndMs = 6 * 3_600_000;

/**
 * What a scan found. valid: let in (entry) or out (exit); already_inside: entry of a ticket that
 * is in; not_inside: exit of a ticket that is out; duplicate: an offline entry that another
 * device recorded first; the rest are invalid tickets.
 */
export const scanResults = [
  "valid",
  "already_inside",
  "not_inside",
  "duplicate",
  "unknown_code",
  "invalid_signature",
  "other_event",
  "cancelled",
  "not_today",
] as const;
export type ScanResult = (typeof scanResults)[number];
/** The screen colour of a result. */
export const scanTone = (result: ScanResult): "green" | "amber" | "red" =>
  result === "valid"
    ? "green"
    : result === "already_inside" || result === "not_inside" || result === "duplicate"
      ? "amber"
      : "red";

/**
 * Why an event takes no new door links, or null when it takes them: only a published event whose
 * doors have not closed has a door to staff, and a draft with tickets sold (unpublished after its
 * sales began: those tickets stay valid, and their holders come). One whose doors are still to
 * open takes them, so the staff's phones are ready when the doors open.
 */
export type DoorLinkRefusal = "draft" | "cancelled" | "closed";
export function doorLinkRefusal(
  event: { status: "draft" | "published" | "cancelled"; endsAt: Date; hasSoldTickets: boolean },
  now: Date,
): DoorLinkRefusal | null {
  if (event.status === "cancelled") return "cancelled";
  if (event.status === "draft" && !event.hasSoldTickets) return "draft";
  return event.endsAt.getTime() + doorClosesAfterEndMs <= now.getTime() ? "closed" : null;
}

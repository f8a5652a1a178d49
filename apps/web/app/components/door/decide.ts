import {
  type DoorTicket,
  doorClosesAfterEndMs,
  doorOpensBeforeStartMs,
  type EntryType,
  type ScanResult,
  type TicketCodePayload,
} from "@eventwerk/contract";

/**
 * The scanner's own verdict while offline, by the rules the API applies online: the signature
 * (checked by the caller against the cached public keys), the event, the ticket's status in the
 * cached list, the door's hours, and the ticket's last move as this device knows it.
 */
export function decideOffline(input: {
  code: string;
  payload: TicketCodePayload | null;
  event: { id: number; starts_at: string; ends_at: string };
  ticket: DoorTicket | undefined;
  entryType: EntryType;
  at: Date;
}): ScanResult {
  const { payload, event, ticket, entryType, at } = input;
  if (!input.code.includes(".")) return "unknown_code";
  if (!payload) return "invalid_signature";
  if (payload.eid !== event.id) return "other_event";
  if (!ticket) return "unknown_code";
  if (ticket.status !== "valid") return "cancelled";
  const opens = Date.parse(event.starts_at) - doorOpensBeforeStartMs;
  const closes = Date.parse(event.ends_at) + doorClosesAfterEndMs;
  if (at.getTime() < opens || at.getTime() > closes) return "not_today";
  const inside = ticket.last?.entry_type === "entry";
  if (entryType === "exit") return inside ? "valid" : "not_inside";
  return inside ? "already_inside" : "valid";
}

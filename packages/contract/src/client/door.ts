import { idempotencyKeyHeader } from "../constants.ts";
import {
  type CreateDoorLink,
  type DoorEventsQuery,
  doorEventListSchema,
  doorLinkListSchema,
  doorLinkResponseSchema,
  doorLogSchema,
  doorPaths,
  doorSessionSchema,
  doorTicketListSchema,
  type Scan,
  scanResponseSchema,
  syncResponseSchema,
} from "../door.ts";
import { fillPath } from "../paths.ts";
import type { Loose, Transport } from "./transport.ts";

/**
 * The door: an organiser's client manages door links and reads the scan log; a client created
 * with a door link's token as its token scans.
 */
export const doorCalls = ({ request, get }: Transport) => ({
  events: (query: DoorEventsQuery = {}) => get(doorPaths.events, doorEventListSchema, query),
  links: (eventId: number) => get(fillPath(doorPaths.links, { id: eventId }), doorLinkListSchema),
  createLink: (eventId: number, body: Loose<CreateDoorLink>, idempotencyKey?: string) =>
    request("POST", fillPath(doorPaths.links, { id: eventId }), {
      schema: doorLinkResponseSchema,
      json: body,
      headers: idempotencyKey ? { [idempotencyKeyHeader]: idempotencyKey } : undefined,
    }),
  revokeLink: (id: number) =>
    request("POST", fillPath(doorPaths.revokeLink, { id }), { schema: doorLinkResponseSchema }),
  log: (eventId: number) => get(fillPath(doorPaths.log, { id: eventId }), doorLogSchema),
  session: () => get(doorPaths.session, doorSessionSchema),
  tickets: () => get(doorPaths.tickets, doorTicketListSchema),
  scan: (body: Loose<Scan>) =>
    request("POST", doorPaths.scan, { schema: scanResponseSchema, json: body }),
  sync: (body: { scans: Loose<Scan>[]; sent_at?: string }) =>
    request("POST", doorPaths.sync, { schema: syncResponseSchema, json: body }),
});

import { z } from "zod";
import { dataOf, idSchema, isoMoment, oneLine, opaqueText, pageOf, pageQuery } from "./common.ts";
import { scanCodeMaxLength, scanResults, syncScansMax } from "./door-rules.ts";
import { eventStatuses } from "./panel.ts";
import { apiPrefix } from "./paths.ts";
import { entryTypes } from "./ticket.ts";

/** The door: door links (organiser), scanning and the offline ticket list (a door link's token). */
export const doorPaths = {
  /** The organiser's door links of one event (GET, POST). */
  links: `${apiPrefix}/organiser/events/:id/door-links`,
  link: `${apiPrefix}/organiser/door-links/:id`,
  revokeLink: `${apiPrefix}/organiser/door-links/:id/revoke`,
  /**
   * The organiser's events a door link can be made for (`when=upcoming`), or, a page at a time,
   * those whose doors have closed, for their scan logs (`when=past`).
   */
  events: `${apiPrefix}/organiser/door-events`,
  /** Every scan of one event, newest first, with the event. */
  log: `${apiPrefix}/organiser/events/:id/door-log`,
  /** What the scanner with a door link's token needs: event, gate, modes, counters. */
  session: `${apiPrefix}/door/session`,
  /** The event's tickets as the door needs them offline (ids, status, type, name), and keys. */
  tickets: `${apiPrefix}/door/tickets`,
  scan: `${apiPrefix}/door/scan`,
  sync: `${apiPrefix}/door/sync`,
} as const;

export const doorModes = ["entry", "entry_exit"] as const;

/** Door links an event may have, revoked ones included: a device per entrance, many times over. */
export const doorLinksPerEventMax = 100;

export const createDoorLinkSchema = z
  .strictObject({
    gate: oneLine(60).optional(),
    /** entry: the link scans entries only; entry_exit: also exits. */
    mode: z.enum(doorModes).default("entry"),
    /** Hours from now until the link stops working, at most until the event's doors close (none: then). */
    expires_in_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .optional(),
  })
  .meta({ id: "CreateDoorLink" });
export type CreateDoorLink = z.infer<typeof createDoorLinkSchema>;

export const doorLinkSchema = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    gate: z.string().nullable(),
    mode: z.enum(doorModes),
    expires_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
    /** Only in the answer that created it: the link's secret is never stored in the clear. */
    token: z.string().optional(),
  })
  .meta({ id: "DoorLink" });
export type DoorLink = z.infer<typeof doorLinkSchema>;
export const doorLinkListSchema = dataOf(z.array(doorLinkSchema));
export const doorLinkResponseSchema = dataOf(doorLinkSchema);

export const doorEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** With `ends_at` and `has_sold_tickets`, whether the event takes door links (`doorLinkRefusal`). */
  status: z.enum(eventStatuses),
  /** Tickets sold and not refunded: a draft with some still has a door. */
  has_sold_tickets: z.boolean(),
});
export type DoorEvent = z.infer<typeof doorEventSchema>;
export const doorEventsQuerySchema = z.object({
  when: z.enum(["upcoming", "past"]).default("upcoming"),
  ...pageQuery(20),
});
export type DoorEventsQuery = Partial<z.output<typeof doorEventsQuerySchema>>;
/** Upcoming events come soonest first, past ones latest first. */
export const doorEventListSchema = pageOf(doorEventSchema);

export const doorCountersSchema = z.object({
  /** Tickets whose last scan is an entry. */
  inside: z.number().int(),
  /** Tickets that entered at least once. */
  entered: z.number().int(),
  /** Valid tickets of the event. */
  capacity: z.number().int(),
});
export type DoorCounters = z.infer<typeof doorCountersSchema>;

export const doorSessionSchema = dataOf(
  z.object({
    event: doorEventSchema,
    gate: z.string().nullable(),
    mode: z.enum(doorModes),
    expires_at: z.string().nullable(),
    counters: doorCountersSchema,
  }),
);
export type DoorSession = z.infer<typeof doorSessionSchema>["data"];

/** A ticket as the offline scanner keeps it: no more than the door shows. */
export const doorTicketSchema = z.object({
  id: z.number().int(),
  ticket_type: z.string(),
  /** The order's buyer name; null when the order has none. */
  name: z.string().nullable(),
  status: z.enum(["valid", "cancelled"]),
  /** The last door scan's direction and time; null: never scanned. */
  last: z.object({ entry_type: z.enum(entryTypes), at: z.string() }).nullable(),
});
export type DoorTicket = z.infer<typeof doorTicketSchema>;

export const doorTicketListSchema = dataOf(z.array(doorTicketSchema));

export const scanSchema = z
  .strictObject({
    /** Chosen by the device: a scan sent twice is recorded once. */
    scan_id: z.uuid(),
    code: opaqueText(scanCodeMaxLength),
    entry_type: z.enum(entryTypes),
    // A phone's clock that runs behind must not put a new entry before older moves.
    scanned_at: isoMoment()
      .optional()
      .describe(
        "When the device scanned, for offline scans (sync; never later than the server's now). An online scan is recorded at the server's time.",
      ),
    /** The device's name, as its staff set it. */
    device: oneLine(60).optional(),
    // What the staff saw happened: a person turned away did not come in, whatever the rest says.
    decided: z
      .enum(scanResults)
      .optional()
      .describe(
        "For a scan made offline: the verdict the device showed. An entry it refused stays refused and moves nothing (the person was turned away); any other is judged with the ticket's other scans.",
      ),
  })
  .meta({ id: "Scan" });
export type Scan = z.infer<typeof scanSchema>;

export const scanOutcomeSchema = z
  .object({
    scan_id: z.string(),
    result: z.enum(scanResults),
    entry_type: z.enum(entryTypes),
    ticket: z
      .object({ id: z.number().int(), ticket_type: z.string(), name: z.string().nullable() })
      .nullable(),
    /** For already_inside and duplicate: when and where the ticket entered. */
    entered: z.object({ at: z.string(), gate: z.string().nullable() }).nullable(),
    scanned_at: z.string(),
  })
  .meta({ id: "ScanOutcome" });
export type ScanOutcome = z.infer<typeof scanOutcomeSchema>;
export const scanResponseSchema = dataOf(
  z.object({ outcome: scanOutcomeSchema, counters: doorCountersSchema }),
);

/** Offline scans, oldest first; at most a few hundred per call. */
export const syncSchema = z
  .strictObject({
    scans: z
      .array(scanSchema.required({ scanned_at: true }))
      .min(1)
      .max(syncScansMax),
    // A phone's clock that runs behind would put its scans before moves they followed.
    sent_at: isoMoment()
      .optional()
      .describe(
        "The device's clock when it sent these scans: each scan's time is moved by the difference to the server's clock, so a device whose clock is off keeps its scans in order with the others'.",
      ),
  })
  .meta({ id: "ScanSync" });
export type ScanSync = z.infer<typeof syncSchema>;
export const syncResponseSchema = dataOf(
  z.object({ outcomes: z.array(scanOutcomeSchema), counters: doorCountersSchema }),
);

export const doorLogEntrySchema = z.object({
  id: z.number().int(),
  scan_id: z.string(),
  ticket_id: z.number().int().nullable(),
  result: z.enum(scanResults),
  entry_type: z.enum(entryTypes),
  gate: z.string().nullable(),
  device: z.string().nullable(),
  offline: z.boolean(),
  scanned_at: z.string(),
});
export const doorLogSchema = z.object({
  data: z.array(doorLogEntrySchema),
  /** The event the log is of (a past one too, which no longer lists among the upcoming). */
  event: doorEventSchema,
});
export type DoorLogEntry = z.infer<typeof doorLogEntrySchema>;

export const doorLinkParamsSchema = z.object({ id: idSchema });

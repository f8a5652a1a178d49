import type { DoorTicket, TicketCodePayload } from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import { decideOffline } from "./decide";

const now = new Date("2026-11-23T18:00:00Z");
const event = { id: 7, starts_at: "2026-11-23T19:00:00Z", ends_at: "2026-11-23T23:00:00Z" };
const payload: TicketCodePayload = { v: 1, kid: "k", tid: 1, eid: 7, ttid: 2 };
const ticket: DoorTicket = {
  id: 1,
  ticket_type: "Standing",
  name: null,
  status: "valid",
  last: null,
};
const decide = (overrides: Partial<Parameters<typeof decideOffline>[0]>) =>
  decideOffline({ code: "a.b", payload, event, ticket, entryType: "entry", at: now, ...overrides });

describe("the offline verdict", () => {
  it("lets a valid ticket in, not twice, out once, and in again", () => {
    expect(decide({})).toBe("valid");
    const inside = { ...ticket, last: { entry_type: "entry" as const, at: now.toISOString() } };
    expect(decide({ ticket: inside })).toBe("already_inside");
    expect(decide({ ticket: inside, entryType: "exit" })).toBe("valid");
    const out = { ...ticket, last: { entry_type: "exit" as const, at: now.toISOString() } };
    expect(decide({ ticket: out, entryType: "exit" })).toBe("not_inside");
    expect(decide({ ticket: out })).toBe("valid");
  });

  it("names each reason a code is refused", () => {
    expect(decide({ code: "random" })).toBe("unknown_code");
    expect(decide({ payload: null })).toBe("invalid_signature");
    expect(decide({ payload: { ...payload, eid: 8 } })).toBe("other_event");
    expect(decide({ ticket: undefined })).toBe("unknown_code");
    expect(decide({ ticket: { ...ticket, status: "cancelled" } })).toBe("cancelled");
    expect(decide({ at: new Date("2026-11-25T18:00:00Z") })).toBe("not_today");
  });
});

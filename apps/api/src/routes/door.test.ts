import { createHash, randomUUID } from "node:crypto";
import {
  type DoorLink,
  type DoorTicket,
  doorLinksPerEventMax,
  doorPaths,
  fillPath,
  idempotencyKeyHeader,
  panelPaths,
  type ScanOutcome,
} from "@eventwerk/contract";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  doorLinks,
  doorScans,
  eventLogs,
  events,
  eventTicketTypes,
  orders,
  tickets,
  users,
} from "../db/schema.ts";
import { doorLinkByToken, recordScan } from "../lib/door.ts";
import { refundOrder } from "../lib/panel/orders.ts";
import { createTicketSigner } from "../lib/ticket-codes.ts";
import { deleteAccount } from "../lib/users.ts";
import { demoUsers } from "../seed/index.ts";
import {
  call,
  createTestApp,
  loginDemoVisitor,
  passwordLogin,
  registerVisitor,
  type TestApp,
  testDatabase,
} from "../testing/app.ts";
import { checkoutServices } from "./checkout.ts";

let t: TestApp;
let organiserToken: string;
let eventId: number;
const doorBudget = 60;

beforeAll(async () => {
  // Each link has its own budget: the tests stay well below it, the last one uses it up.
  t = await createTestApp({ DOOR_RATE_LIMIT_PER_MINUTE: String(doorBudget) });
  organiserToken = (
    await passwordLogin(t.app, demoUsers.organiser.email, demoUsers.organiser.password)
  ).access_token;
  const [event] = await t.ctx.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.slugDe, "hofkonzert-heute-abend"));
  eventId = event!.id;
});
afterAll(() => t.close());

async function newLink(
  body: Record<string, unknown> = {},
  event = eventId,
  idempotencyKey?: string,
): Promise<DoorLink> {
  const response = await call(t.app, {
    method: "POST",
    url: fillPath(doorPaths.links, { id: event }),
    token: organiserToken,
    payload: body,
    headers: idempotencyKey ? { [idempotencyKeyHeader]: idempotencyKey } : {},
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: DoorLink }>().data;
}

/** The demo event's tickets with their codes, valid ones first. */
async function eventTickets() {
  return t.ctx.db
    .select({ id: tickets.id, code: tickets.code, status: orders.status })
    .from(tickets)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(orders.status, tickets.id);
}

const scan = (
  token: string,
  code: string,
  entryType: "entry" | "exit" = "entry",
  scanId = randomUUID(),
) =>
  call(t.app, {
    method: "POST",
    url: doorPaths.scan,
    token,
    locale: "en",
    payload: { scan_id: scanId, code, entry_type: entryType, device: "Phone 1" },
  });
const result = async (response: Awaited<ReturnType<typeof scan>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { outcome: ScanOutcome } }>().data.outcome;
};

/** A copy of the demo event (same organiser) that starts at `start` and lasts an hour. */
async function copyOfDemoEvent(start: Date, status: "published" | "cancelled" | "draft") {
  const [source] = await t.ctx.db.select().from(events).where(eq(events.id, eventId));
  const { id: _, ...columns } = source!;
  const suffix = randomUUID().slice(0, 8);
  const [event] = await t.ctx.db
    .insert(events)
    .values({
      ...columns,
      slugDe: `kopie-${suffix}`,
      slugEn: `copy-${suffix}`,
      titleDe: `Kopie ${suffix}`,
      startsAt: start,
      endsAt: new Date(start.getTime() + 3_600_000),
      status,
    })
    .returning();
  return event!;
}

describe("door links", () => {
  it("are made by the event's organiser only, and answer their secret once", async () => {
    const link = await newLink({ gate: "Nord", mode: "entry_exit" });
    expect(link.token).toMatch(/^door_/);
    expect(link.gate).toBe("Nord");
    const list = await call(t.app, {
      method: "GET",
      url: fillPath(doorPaths.links, { id: eventId }),
      token: organiserToken,
    });
    const listed = list.json<{ data: DoorLink[] }>().data.find((row) => row.id === link.id);
    expect(listed).toBeDefined();
    expect(listed?.token).toBeUndefined();

    // Another organiser's event: as if it did not exist. A visitor is no organiser.
    const [other] = await t.ctx.db
      .select({ id: events.id })
      .from(events)
      .innerJoin(users, eq(users.id, events.organiserId))
      .where(ne(users.email, demoUsers.organiser.email))
      .limit(1);
    const foreign = await call(t.app, {
      method: "POST",
      url: fillPath(doorPaths.links, { id: other!.id }),
      token: organiserToken,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
    const visitor = await loginDemoVisitor(t.app);
    const refused = await call(t.app, {
      method: "POST",
      url: fillPath(doorPaths.links, { id: eventId }),
      token: visitor.access_token,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
  });

  it("are refused for a draft, a cancelled event and closed doors, in the visitor's language; doors still to open take them", async () => {
    const hour = 3_600_000;
    const soon = await copyOfDemoEvent(new Date(Date.now() + 30 * 86_400_000), "published");
    // Ended 5 h 48 min ago: the doors close 6 h after the end, so they are still open.
    const lateNight = await copyOfDemoEvent(new Date(Date.now() - 6.8 * hour), "published");
    expect((await newLink({}, soon.id)).token).toMatch(/^door_/);
    const lateLink = await newLink({ expires_in_hours: 1 }, lateNight.id);
    expect(lateLink.token).toMatch(/^door_/);
    // Never beyond the doors' closing, 6 h after the end (in about 12 minutes here).
    expect(lateLink.expires_at).toBe(new Date(lateNight.endsAt.getTime() + 6 * hour).toISOString());
    const inTwoDays = await copyOfDemoEvent(new Date(Date.now() + 48 * hour), "published");
    const month = await newLink({ expires_in_hours: 720 }, inTwoDays.id);
    expect(month.expires_at).toBe(new Date(inTwoDays.endsAt.getTime() + 6 * hour).toISOString());

    const closed = await copyOfDemoEvent(new Date(Date.now() - 7.1 * hour), "published");
    const cancelled = await copyOfDemoEvent(new Date(Date.now() + 86_400_000), "cancelled");
    const draft = await copyOfDemoEvent(new Date(Date.now() + 86_400_000), "draft");
    for (const [event, de, en] of [
      [
        closed,
        "Der Einlass dieser Veranstaltung ist geschlossen",
        "This event's doors have closed",
      ],
      [cancelled, "Diese Veranstaltung ist abgesagt", "This event is cancelled"],
      [draft, "noch nicht veröffentlicht", "not published yet"],
    ] as const) {
      for (const [language, text] of [
        ["de", de],
        ["en", en],
      ] as const) {
        const response = await call(t.app, {
          method: "POST",
          url: fillPath(doorPaths.links, { id: event.id }),
          token: organiserToken,
          locale: language,
          // Even a link of its own lifetime: no door to staff.
          payload: { expires_in_hours: 2 },
        });
        expect(response.statusCode, event.status).toBe(409);
        expect(response.json().error.code).toBe("door_closed");
        expect(response.json().error.message).toContain(text);
      }
      const made = await t.ctx.db.select().from(doorLinks).where(eq(doorLinks.eventId, event.id));
      expect(made).toEqual([]);
    }
  });

  it("are at most doorLinksPerEventMax per event, revoked ones included, even asked at once", async () => {
    const event = await copyOfDemoEvent(new Date(Date.now() + 30 * 86_400_000), "published");
    const [organiser] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoUsers.organiser.email));
    await t.ctx.db.insert(doorLinks).values(
      Array.from({ length: doorLinksPerEventMax - 2 }, (_, n) => ({
        eventId: event.id,
        createdBy: organiser!.id,
        tokenHash: randomUUID(),
        revokedAt: n % 2 ? new Date() : null,
      })),
    );
    const create = (locale: "de" | "en" = "de") =>
      call(t.app, {
        method: "POST",
        url: fillPath(doorPaths.links, { id: event.id }),
        token: organiserToken,
        locale,
        payload: {},
      });
    // Three at once for the last two places: two links, one refusal.
    const statuses = (await Promise.all([create(), create(), create()])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([201, 201, 409]);
    for (const [locale, text] of [
      ["de", `höchstens ${doorLinksPerEventMax} Einlass-Links`],
      ["en", `at most ${doorLinksPerEventMax} door links`],
    ] as const) {
      const refused = await create(locale);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe("conflict");
      expect(refused.json().error.message).toContain(text);
    }
    const [stored] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(doorLinks)
      .where(eq(doorLinks.eventId, event.id));
    expect(stored?.n).toBe(doorLinksPerEventMax);
  });

  it("answer a retry with the same Idempotency-Key with the first call's link, secret included, and make no second", async () => {
    const key = randomUUID();
    const first = await newLink({ gate: "Süd" }, eventId, key);
    const again = await newLink({ gate: "Süd" }, eventId, key);
    expect(again).toEqual(first);
    expect(again.token).toMatch(/^door_/);
    const session = await call(t.app, {
      method: "GET",
      url: doorPaths.session,
      token: again.token,
    });
    expect(session.statusCode).toBe(200);
    const keyed = async (key: string) =>
      t.ctx.db
        .select({ id: doorLinks.id, sealed: doorLinks.sealedToken })
        .from(doorLinks)
        .where(
          eq(doorLinks.idempotencyKeyHash, createHash("sha256").update(key).digest("base64url")),
        );
    // Neither the key nor the secret is stored as sent.
    const [stored] = await keyed(key);
    expect(stored?.id).toBe(first.id);
    expect(stored?.sealed).not.toContain(first.token);
    expect(JSON.stringify(await t.ctx.db.select().from(doorLinks))).not.toContain(key);

    // A double click: two calls with one key at the same moment make one link.
    const twin = randomUUID();
    const [a, b] = await Promise.all([newLink({}, eventId, twin), newLink({}, eventId, twin)]);
    expect(a.id).toBe(b.id);
    expect(a.token).toBe(b.token);
    expect(await keyed(twin)).toHaveLength(1);
    // Another key, another link.
    expect((await newLink({}, eventId, randomUUID())).id).not.toBe(a.id);

    // The key names this call's link only: with another event it is refused, in either language.
    const soon = await copyOfDemoEvent(new Date(Date.now() + 30 * 86_400_000), "published");
    for (const [locale, text] of [
      ["de", "gehört zu einer anderen Anfrage"],
      ["en", "belongs to a different request"],
    ] as const) {
      const reused = await call(t.app, {
        method: "POST",
        url: fillPath(doorPaths.links, { id: soon.id }),
        token: organiserToken,
        locale,
        payload: {},
        headers: { [idempotencyKeyHeader]: key },
      });
      expect(reused.statusCode).toBe(409);
      expect(reused.json().error.code).toBe("idempotency_key_reused");
      expect(reused.json().error.message).toContain(text);
    }
    expect(await t.ctx.db.select().from(doorLinks).where(eq(doorLinks.eventId, soon.id))).toEqual(
      [],
    );

    // Another organiser's link made with the same key is theirs: this call makes its own.
    const [other] = await t.ctx.db
      .select({ event: events.id, organiser: events.organiserId })
      .from(events)
      .innerJoin(users, eq(users.id, events.organiserId))
      .where(ne(users.email, demoUsers.organiser.email))
      .limit(1);
    const shared = randomUUID();
    const [theirs] = await t.ctx.db
      .insert(doorLinks)
      .values({
        eventId: other!.event,
        createdBy: other!.organiser!,
        tokenHash: randomUUID(),
        idempotencyKeyHash: createHash("sha256").update(shared).digest("base64url"),
      })
      .returning();
    const mine = await newLink({}, eventId, shared);
    expect(mine.id).not.toBe(theirs!.id);
    expect(mine.event_id).toBe(eventId);

    // Another gate or mode with the key is another request; a revoked link is not made again,
    // and its secret is kept no longer.
    const retry = (body: object) =>
      call(t.app, {
        method: "POST",
        url: fillPath(doorPaths.links, { id: eventId }),
        token: organiserToken,
        payload: body,
        headers: { [idempotencyKeyHeader]: key },
      });
    for (const body of [{ gate: "Nord" }, { gate: "Süd", mode: "entry_exit" }, {}]) {
      const other = await retry(body);
      expect(other.statusCode, JSON.stringify(body)).toBe(409);
      expect(other.json().error.code).toBe("idempotency_key_reused");
    }
    await call(t.app, {
      method: "POST",
      url: fillPath(doorPaths.revokeLink, { id: first.id }),
      token: organiserToken,
    });
    const revoked = await retry({ gate: "Süd" });
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().error.code).toBe("door_link_key_used");
    expect(revoked.json().error.message).toContain("laden Sie die Seite neu");
    expect((await keyed(key))[0]?.sealed).toBeNull();
  });

  it("refuse bad input with the field named", async () => {
    for (const payload of [
      { mode: "exit_only" },
      { expires_in_hours: 0 },
      { gate: "a\nb" },
      { gate: "x".repeat(61) },
      { extra: true },
    ]) {
      const response = await call(t.app, {
        method: "POST",
        url: fillPath(doorPaths.links, { id: eventId }),
        token: organiserToken,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe("validation_failed");
    }
    // The key seals the link's secret: too short to resist a guess from its hash is refused.
    for (const key of ["short", "k".repeat(31), "k".repeat(101)]) {
      const response = await call(t.app, {
        method: "POST",
        url: fillPath(doorPaths.links, { id: eventId }),
        token: organiserToken,
        payload: {},
        headers: { [idempotencyKeyHeader]: key },
      });
      expect(response.statusCode, key).toBe(400);
      expect(response.json().error.code).toBe("validation_failed");
    }
  });

  it("stop working at the next request once revoked or expired", async () => {
    const link = await newLink();
    const session = () => call(t.app, { method: "GET", url: doorPaths.session, token: link.token });
    expect((await session()).statusCode).toBe(200);
    const revoked = await call(t.app, {
      method: "POST",
      url: fillPath(doorPaths.revokeLink, { id: link.id }),
      token: organiserToken,
    });
    expect(revoked.json<{ data: DoorLink }>().data.revoked_at).not.toBeNull();
    const refused = await session();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe("door_link_invalid");

    const expiring = await newLink({ expires_in_hours: 1 });
    await t.ctx.db
      .update(doorLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(doorLinks.id, expiring.id));
    const expired = await call(t.app, {
      method: "GET",
      url: doorPaths.session,
      token: expiring.token,
    });
    expect(expired.json().error.code).toBe("door_link_invalid");
    // A made-up token and a user's token open nothing.
    expect(
      (
        await call(t.app, {
          method: "GET",
          url: doorPaths.session,
          token: `door_${"a".repeat(43)}`,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, { method: "GET", url: doorPaths.session, token: organiserToken }))
        .statusCode,
    ).toBe(401);
  });

  it("reveal their own event only: session, tickets without codes or emails", async () => {
    const link = await newLink();
    const session = await call(t.app, { method: "GET", url: doorPaths.session, token: link.token });
    expect(session.json().data.event.id).toBe(eventId);
    const list = await call(t.app, { method: "GET", url: doorPaths.tickets, token: link.token });
    const rows = list.json<{ data: DoorTicket[] }>().data;
    expect(rows.length).toBe((await eventTickets()).length);
    expect(list.body).not.toContain("@");
    expect(list.body).not.toContain((await eventTickets())[0]!.code);
  });
});

describe("scanning", () => {
  it("lets a ticket in once, out, and in again; answers where it entered", async () => {
    const link = await newLink({ gate: "Hof", mode: "entry_exit" });
    const [ticket] = await eventTickets();
    const first = await result(await scan(link.token!, ticket!.code));
    expect(first.result).toBe("valid");
    expect(first.ticket?.ticket_type).toBe("Standing");
    expect(first.ticket?.name).toBeTruthy();
    const again = await result(await scan(link.token!, ticket!.code));
    expect(again.result).toBe("already_inside");
    expect(again.entered?.gate).toBe("Hof");
    expect((await result(await scan(link.token!, ticket!.code, "exit"))).result).toBe("valid");
    expect((await result(await scan(link.token!, ticket!.code, "exit"))).result).toBe("not_inside");
    expect((await result(await scan(link.token!, ticket!.code))).result).toBe("valid");

    const log = await call(t.app, {
      method: "GET",
      url: fillPath(doorPaths.log, { id: eventId }),
      token: organiserToken,
    });
    const entries = log.json<{ data: { ticket_id: number; result: string; gate: string }[] }>()
      .data;
    const mine = entries.filter((entry) => entry.ticket_id === ticket!.id);
    expect(mine.map((entry) => entry.result).sort()).toEqual(
      ["already_inside", "not_inside", "valid", "valid", "valid"].sort(),
    );
    expect(mine.every((entry) => entry.gate === "Hof")).toBe(true);
  });

  it("names why a code is invalid, and records those scans too", async () => {
    const link = await newLink();
    const all = await eventTickets();
    const refunded = all.find((row) => row.status === "refunded")!;
    expect((await result(await scan(link.token!, refunded.code))).result).toBe("cancelled");
    expect((await result(await scan(link.token!, "not-a-ticket"))).result).toBe("unknown_code");
    const [body, signature] = all[1]!.code.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), tid: 999_999 }),
    ).toString("base64url");
    expect((await result(await scan(link.token!, `${forged}.${signature}`))).result).toBe(
      "invalid_signature",
    );
    // A demo visitor's ticket of another event.
    const [foreign] = await t.ctx.db
      .select({ code: tickets.code })
      .from(tickets)
      .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
      .where(ne(eventTicketTypes.eventId, eventId))
      .limit(1);
    expect((await result(await scan(link.token!, foreign!.code))).result).toBe("other_event");
    // An entry-only link takes no exits.
    const exit = await scan(link.token!, all[1]!.code, "exit");
    expect(exit.statusCode).toBe(403);
    expect(exit.json().error.code).toBe("exit_not_allowed");

    const log = await call(t.app, {
      method: "GET",
      url: fillPath(doorPaths.log, { id: eventId }),
      token: organiserToken,
    });
    const results = log.json<{ data: { result: string }[] }>().data.map((row) => row.result);
    for (const expected of ["cancelled", "unknown_code", "invalid_signature", "other_event"]) {
      expect(results).toContain(expected);
    }
  });

  it("refuses a ticket on another day than the event's", async () => {
    const link = await newLink();
    const [, , ticket] = await eventTickets();
    const response = await call(t.app, {
      method: "POST",
      url: doorPaths.sync,
      token: link.token,
      payload: {
        scans: [
          {
            scan_id: randomUUID(),
            code: ticket!.code,
            entry_type: "entry",
            scanned_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
          },
        ],
      },
    });
    expect(response.json().data.outcomes[0].result).toBe("not_today");
  });

  it("admits a ticket once when scanners scan it at the same moment", async () => {
    const links = await Promise.all([newLink(), newLink(), newLink()]);
    const [, , , ticket] = await eventTickets();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => scan(links[index % 3]!.token!, ticket!.code)),
    );
    const results = await Promise.all(answers.map(result));
    expect(results.filter((outcome) => outcome.result === "valid")).toHaveLength(1);
    expect(results.filter((outcome) => outcome.result === "already_inside")).toHaveLength(11);
  });

  it("records a scan sent twice once, even at the same moment", async () => {
    const link = await newLink();
    const [, , , , ticket] = await eventTickets();
    const scanId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => scan(link.token!, ticket!.code, "entry", scanId)),
    );
    const results = await Promise.all(answers.map(result));
    expect(new Set(results.map((outcome) => outcome.result))).toEqual(new Set(["valid"]));
    const unknownId = randomUUID();
    await Promise.all([
      scan(link.token!, "nope", "entry", unknownId),
      scan(link.token!, "nope", "entry", unknownId),
    ]);
    const log = await call(t.app, {
      method: "GET",
      url: fillPath(doorPaths.log, { id: eventId }),
      token: organiserToken,
    });
    const ids = log.json<{ data: { scan_id: string }[] }>().data.map((row) => row.scan_id);
    expect(ids.filter((id) => id === scanId)).toHaveLength(1);
    expect(ids.filter((id) => id === unknownId)).toHaveLength(1);
  });

  it("answers a scan id another event's door recorded with a scan of its own event", async () => {
    const [other] = await t.ctx.db
      .select({ id: events.id })
      .from(events)
      .innerJoin(users, eq(users.id, events.organiserId))
      // Another of the organiser's events that takes door links (the tests add closed ones).
      .where(
        sql`${users.email} = ${demoUsers.organiser.email} and ${events.id} <> ${eventId}
          and ${events.status} = 'published' and ${events.endsAt} > now()`,
      )
      .orderBy(events.id)
      .limit(1);
    const [here, there] = await Promise.all([newLink(), newLink({}, other!.id)]);
    const [, , , , , ticket] = await eventTickets();
    const scanId = randomUUID();
    expect((await result(await scan(here.token!, ticket!.code, "entry", scanId))).result).toBe(
      "valid",
    );
    // The same id at the other event's door: its own scan, nothing of the first one's ticket.
    const replay = await result(await scan(there.token!, "nope", "entry", scanId));
    expect(replay).toMatchObject({ result: "unknown_code", ticket: null });
    const logged = async (event: number) => {
      const log = await call(t.app, {
        method: "GET",
        url: fillPath(doorPaths.log, { id: event }),
        token: organiserToken,
      });
      return log
        .json<{ data: { scan_id: string; result: string }[] }>()
        .data.filter((row) => row.scan_id === scanId)
        .map((row) => row.result);
    };
    expect(await logged(eventId)).toEqual(["valid"]);
    expect(await logged(other!.id)).toEqual(["unknown_code"]);
  });

  it("syncs offline scans: first by time wins, the later one is a duplicate", async () => {
    const [a, b] = await Promise.all([newLink({ gate: "A" }), newLink({ gate: "B" })]);
    const [, , , , , ticket] = await eventTickets();
    const sync = (token: string, scanId: string, at: Date) =>
      call(t.app, {
        method: "POST",
        url: doorPaths.sync,
        token,
        payload: {
          scans: [
            {
              scan_id: scanId,
              code: ticket!.code,
              entry_type: "entry",
              scanned_at: at.toISOString(),
            },
          ],
        },
      });
    const now = Date.now();
    const later = randomUUID();
    const earlier = randomUUID();
    // The later scan arrives first, then the earlier one from the other device.
    const first = await sync(b.token!, later, new Date(now - 60_000));
    expect(first.json().data.outcomes[0].result).toBe("valid");
    const second = await sync(a.token!, earlier, new Date(now - 120_000));
    expect(second.json().data.outcomes[0].result).toBe("valid");
    // Sending again changes nothing.
    const repeat = await sync(a.token!, earlier, new Date(now - 120_000));
    expect(repeat.json().data.outcomes[0].result).toBe("valid");
    const log = await call(t.app, {
      method: "GET",
      url: fillPath(doorPaths.log, { id: eventId }),
      token: organiserToken,
    });
    const rows = log
      .json<{ data: { scan_id: string; result: string; offline: boolean }[] }>()
      .data.filter((row) => row.scan_id === later || row.scan_id === earlier);
    expect(rows.find((row) => row.scan_id === earlier)?.result).toBe("valid");
    expect(rows.find((row) => row.scan_id === later)?.result).toBe("duplicate");
    expect(rows.every((row) => row.offline)).toBe(true);
    const session = await call(t.app, { method: "GET", url: doorPaths.session, token: a.token });
    expect(session.json().data.counters.inside).toBeGreaterThan(0);
  });

  describe("a scan is judged by where the ticket stood when it was scanned", () => {
    /** A paid ticket of the event, its scans undone: `index` (2 to 6) counts back from the last. */
    const freshTicket = async (index: number) => {
      const ticket = (await eventTickets()).filter((row) => row.status === "paid").at(-index)!;
      await t.ctx.db.delete(eventLogs).where(eq(eventLogs.ticketId, ticket.id));
      await t.ctx.db.delete(doorScans).where(eq(doorScans.ticketId, ticket.id));
      return ticket;
    };
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    /** An online scan as the web scanner sends it: with the phone's own clock. */
    const scanAt = async (token: string, code: string, entryType: "entry" | "exit", at: Date) =>
      (
        await result(
          await call(t.app, {
            method: "POST",
            url: doorPaths.scan,
            token,
            payload: {
              scan_id: randomUUID(),
              code,
              entry_type: entryType,
              scanned_at: at.toISOString(),
            },
          }),
        )
      ).result;
    type Queued = {
      code: string;
      entryType: "entry" | "exit";
      at: Date;
      scanId?: string;
      decided?: string;
    };
    /** A phone's queue as it syncs it, with the phone's clock (`sentAt`) if it sends one. */
    const syncScans = (token: string, scans: Queued[], sentAt?: string) =>
      call(t.app, {
        method: "POST",
        url: doorPaths.sync,
        token,
        payload: {
          scans: scans.map(({ code, entryType, at, scanId, decided }) => ({
            scan_id: scanId ?? randomUUID(),
            code,
            entry_type: entryType,
            scanned_at: at.toISOString(),
            ...(decided === undefined ? {} : { decided }),
          })),
          ...(sentAt === undefined ? {} : { sent_at: sentAt }),
        },
      });
    const outcomesOf = (response: Awaited<ReturnType<typeof syncScans>>) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { outcomes: ScanOutcome[] } }>().data.outcomes;
    };
    const syncAt = async (
      token: string,
      code: string,
      entryType: "entry" | "exit",
      at: Date,
      scanId?: string,
    ) => outcomesOf(await syncScans(token, [{ code, entryType, at, scanId }]))[0]!;

    it("an online scan happens at the server's time, whatever the phone's clock says", async () => {
      const [gateA, gateB] = await Promise.all([
        newLink({ gate: "A", mode: "entry_exit" }),
        newLink({ gate: "B", mode: "entry_exit" }),
      ]);
      const ticket = await freshTicket(2);
      expect(await scanAt(gateA.token!, ticket.code, "entry", minutes(0))).toBe("valid");
      expect(await scanAt(gateA.token!, ticket.code, "exit", minutes(0))).toBe("valid");
      // Back in at gate B, whose phone runs eight minutes behind: the holder is inside now.
      const back = await scanAt(gateB.token!, ticket.code, "entry", minutes(-8));
      expect(back).toBe("valid");
      // A copy of the ticket at gate A is turned away.
      expect(await scanAt(gateA.token!, ticket.code, "entry", minutes(0))).toBe("already_inside");
      // A phone's clock cannot make a scan outside the event's days either.
      expect(await scanAt(gateB.token!, ticket.code, "exit", minutes(-3 * 24 * 60))).toBe("valid");
    });

    it("an offline entry synced late does not undo the entry of a holder who is inside now", async () => {
      const gate = await newLink({ gate: "C", mode: "entry_exit" });
      const ticket = await freshTicket(3);
      // Moves on record: in an hour ago, out half an hour ago, and in again now.
      const enteredFirst = minutes(-60);
      await t.ctx.db.insert(eventLogs).values([
        { ticketId: ticket.id, entryType: "entry", createdAt: enteredFirst },
        { ticketId: ticket.id, entryType: "exit", createdAt: minutes(-30) },
      ]);
      expect(await scanAt(gate.token!, ticket.code, "entry", minutes(0))).toBe("valid");
      // A phone syncs an entry it scanned 50 minutes ago, while the holder was inside: a
      // duplicate of the entry before it.
      const late = await syncAt(gate.token!, ticket.code, "entry", minutes(-50));
      expect(late.result).toBe("duplicate");
      expect(late.entered?.at).toBe(enteredFirst.toISOString());
      // The holder is still inside: a copy is turned away.
      expect(await scanAt(gate.token!, ticket.code, "entry", minutes(0))).toBe("already_inside");

      // Scanned offline while the holder was outside, before the entry on record: first by time
      // wins, and the holder stays inside.
      const first = await syncAt(gate.token!, ticket.code, "entry", minutes(-10));
      expect(first.result).toBe("valid");
      expect(await scanAt(gate.token!, ticket.code, "entry", minutes(0))).toBe("already_inside");
      // An offline exit from while the holder was outside is not_inside. One from while inside
      // is the holder's leaving, before the exit on record, which then moves nothing.
      expect((await syncAt(gate.token!, ticket.code, "exit", minutes(-20))).result).toBe(
        "not_inside",
      );
      expect((await syncAt(gate.token!, ticket.code, "exit", minutes(-45))).result).toBe("valid");
      expect(await scanAt(gate.token!, ticket.code, "entry", minutes(0))).toBe("already_inside");
    });

    it("an entry that took a later entry's place keeps the holder inside when its exit is synced", async () => {
      const [gateB, gateC] = await Promise.all([
        newLink({ gate: "B", mode: "entry_exit" }),
        newLink({ gate: "C", mode: "entry_exit" }),
      ]);
      const ticket = await freshTicket(5);
      // Gate C, online, lets the holder in now.
      expect(await scanAt(gateC.token!, ticket.code, "entry", minutes(0))).toBe("valid");
      // Phone B was offline: the holder came in 20 minutes ago and left 10 minutes ago, through B.
      const outcomes = outcomesOf(
        await syncScans(gateB.token!, [
          { code: ticket.code, entryType: "entry", at: minutes(-20) },
          { code: ticket.code, entryType: "exit", at: minutes(-10) },
        ]),
      );
      expect(outcomes.map((outcome) => outcome.result)).toEqual(["valid", "valid"]);
      // So the holder C let in now is inside: a copy is turned away.
      expect(await scanAt(gateC.token!, ticket.code, "entry", minutes(0))).toBe("already_inside");
    });

    it("an exit synced late makes an entry judged while the holder counted inside the way back in", async () => {
      const [gateA, gateB, gateC] = await Promise.all([
        newLink({ gate: "A", mode: "entry_exit" }),
        newLink({ gate: "B", mode: "entry_exit" }),
        newLink({ gate: "C", mode: "entry_exit" }),
      ]);
      const ticket = await freshTicket(6);
      expect((await syncAt(gateA.token!, ticket.code, "entry", minutes(-60))).result).toBe("valid");
      // Phone C let the holder back in 20 minutes ago and syncs first: a duplicate, as far as the
      // server knows.
      const back = await syncAt(gateC.token!, ticket.code, "entry", minutes(-20));
      expect(back.result).toBe("duplicate");
      // Phone B let the holder out 40 minutes ago and syncs second: C's entry was the way back in.
      expect((await syncAt(gateB.token!, ticket.code, "exit", minutes(-40))).result).toBe("valid");
      const [recorded] = await t.ctx.db
        .select({ result: doorScans.result })
        .from(doorScans)
        .where(eq(doorScans.scanId, back.scan_id));
      expect(recorded?.result).toBe("valid");
      expect(await scanAt(gateA.token!, ticket.code, "entry", minutes(0))).toBe("already_inside");
    });

    it("an online scan is recorded when it is judged, after the move it was judged by", async () => {
      const link = await newLink({ gate: "E", mode: "entry_exit" });
      const door = await doorLinkByToken(t.ctx.db, link.token!);
      const { keys } = await createTicketSigner(t.ctx.config);
      const ticket = await freshTicket(2);
      expect(await scanAt(link.token!, ticket.code, "entry", minutes(0))).toBe("valid");
      const started = new Date();
      const online = (entryType: "entry" | "exit", now: Date) =>
        recordScan(
          t.ctx.db,
          keys,
          door,
          { scan_id: randomUUID(), code: ticket.code, entry_type: entryType },
          { offline: false, locale: "en", now },
        );
      // The holder leaves through one scanner, while a copy's request, which started 50 ms
      // earlier and waited for the ticket's lock, is judged after the exit: it gets in.
      expect((await online("exit", new Date(started.getTime() + 50))).outcome.result).toBe("valid");
      expect((await online("entry", started)).outcome.result).toBe("valid");
      // Someone is inside: a third person with the ticket is turned away.
      expect(await scanAt(link.token!, ticket.code, "entry", minutes(0))).toBe("already_inside");

      // A move written ahead of now (the seed's exit at an event's end, say) is not overtaken.
      const later = await freshTicket(3);
      await t.ctx.db.insert(eventLogs).values([
        { ticketId: later.id, entryType: "entry", createdAt: minutes(-30) },
        { ticketId: later.id, entryType: "exit", createdAt: minutes(10) },
      ]);
      expect(await scanAt(link.token!, later.code, "entry", minutes(0))).toBe("valid");
      expect(await scanAt(link.token!, later.code, "entry", minutes(0))).toBe("already_inside");
    });

    it("answers a resent scan as it was answered: an online scan's verdict stays what happened", async () => {
      const link = await newLink({ gate: "R", mode: "entry_exit" });
      const ticket = await freshTicket(2);
      const scanId = randomUUID();
      const online = async () =>
        (
          await result(
            await call(t.app, {
              method: "POST",
              url: doorPaths.scan,
              token: link.token,
              payload: { scan_id: scanId, code: ticket.code, entry_type: "entry" },
            }),
          )
        ).result;
      expect(await online()).toBe("valid");
      // An earlier entry synced since: both phones let someone in.
      expect((await syncAt(link.token!, ticket.code, "entry", minutes(-10))).result).toBe("valid");
      // The phone's first answer was lost, and it sends the same scan again.
      expect(await online()).toBe("valid");

      // A resent offline duplicate names the entry before it, not a later one.
      const other = await freshTicket(3);
      const sync = (id: string, entryType: "entry" | "exit", at: Date) =>
        syncAt(link.token!, other.code, entryType, at, id);
      const duplicateId = randomUUID();
      expect((await sync(randomUUID(), "entry", minutes(-60))).result).toBe("valid");
      const first = await sync(duplicateId, "entry", minutes(-50));
      expect(first.result).toBe("duplicate");
      expect((await sync(randomUUID(), "exit", minutes(-40))).result).toBe("valid");
      expect((await sync(randomUUID(), "entry", minutes(-30))).result).toBe("valid");
      expect(await sync(duplicateId, "entry", minutes(-50))).toEqual(first);
    });

    it("keeps an online exit when offline moves before it are synced", async () => {
      const [gateA, gateB, gateC] = await Promise.all([
        newLink({ gate: "A", mode: "entry_exit" }),
        newLink({ gate: "B", mode: "entry_exit" }),
        newLink({ gate: "C", mode: "entry_exit" }),
      ]);
      const ticket = await freshTicket(4);
      expect((await syncAt(gateA.token!, ticket.code, "entry", minutes(-30))).result).toBe("valid");
      expect(await scanAt(gateA.token!, ticket.code, "exit", minutes(0))).toBe("valid");
      // Out through phone B, back in through phone C, both offline; then out through A, online.
      expect((await syncAt(gateB.token!, ticket.code, "exit", minutes(-20))).result).toBe("valid");
      expect((await syncAt(gateC.token!, ticket.code, "entry", minutes(-10))).result).toBe("valid");
      // The holder is outside: let in again.
      expect(await scanAt(gateA.token!, ticket.code, "entry", minutes(0))).toBe("valid");
    });

    it("judges a phone's queue synced oldest first once per scan, however often the ticket was scanned", async () => {
      const link = await newLink({ gate: "Q", mode: "entry_exit" });
      const ticket = await freshTicket(5);
      const count = 120;
      const base = Date.now() - (count + 5) * 1000;
      const outcomes = outcomesOf(
        await syncScans(
          link.token!,
          Array.from({ length: count }, (_, i) => ({
            code: ticket.code,
            entryType: i % 2 === 0 ? ("entry" as const) : ("exit" as const),
            at: new Date(base + i * 1000),
          })),
        ),
      );
      expect(outcomes.every((outcome) => outcome.result === "valid")).toBe(true);
      const [{ latest } = { latest: 0 }] = await t.ctx.db
        .select({ latest: sql<number>`coalesce(max(${eventLogs.id}), 0)::int` })
        .from(eventLogs);
      expect((await syncAt(link.token!, ticket.code, "entry", new Date())).result).toBe("valid");
      // One more scan writes its own move and rewrites none of the 120 before it.
      const written = await t.ctx.db
        .select({ id: eventLogs.id })
        .from(eventLogs)
        .where(and(eq(eventLogs.ticketId, ticket.id), sql`${eventLogs.id} > ${latest}`));
      expect(written).toHaveLength(1);
    });

    it("moves a phone's synced scans by its clock's difference to the server's", async () => {
      const [online, phone] = await Promise.all([
        newLink({ gate: "O", mode: "entry_exit" }),
        newLink({ gate: "P", mode: "entry_exit" }),
      ]);
      const ticket = await freshTicket(6);
      expect(await scanAt(online.token!, ticket.code, "entry", minutes(0))).toBe("valid");
      expect(await scanAt(online.token!, ticket.code, "exit", minutes(0))).toBe("valid");
      // The holder comes back in through a phone that is offline and whose clock runs half an
      // hour behind; it sends the scan a moment later, with its clock.
      const behind = (at: Date) => new Date(at.getTime() - 30 * 60_000);
      const sync = (sentAt: string) =>
        syncScans(
          phone.token!,
          [{ code: ticket.code, entryType: "entry", at: behind(minutes(0)) }],
          sentAt,
        );
      const [outcome] = outcomesOf(await sync(behind(minutes(0)).toISOString()));
      expect(outcome?.result).toBe("valid");
      expect(Math.abs(new Date(outcome!.scanned_at).getTime() - Date.now())).toBeLessThan(60_000);
      // After the exit: the holder is inside, and a copy is turned away.
      expect(await scanAt(online.token!, ticket.code, "entry", minutes(0))).toBe("already_inside");
      // A moment that is no moment is refused.
      const bad = await sync("yesterday");
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: { code: string } }>().error.code).toBe("validation_failed");
    });

    it("keeps an offline phone's refusal of an entry: the person it turned away did not come in", async () => {
      const [online, phone] = await Promise.all([
        newLink({ gate: "O", mode: "entry_exit" }),
        newLink({ gate: "P", mode: "entry_exit" }),
      ]);
      const ticket = await freshTicket(2);
      expect(await scanAt(online.token!, ticket.code, "entry", minutes(-2))).toBe("valid");
      expect(await scanAt(online.token!, ticket.code, "exit", minutes(-1))).toBe("valid");
      // The phone, offline with the entry in its list but not the exit, turned the holder away.
      const [refused] = outcomesOf(
        await syncScans(phone.token!, [
          { code: ticket.code, entryType: "entry", at: minutes(0), decided: "already_inside" },
        ]),
      );
      expect(refused?.result).toBe("already_inside");
      // So the holder is still outside, and gets in at the next gate.
      expect(await scanAt(online.token!, ticket.code, "entry", minutes(0))).toBe("valid");
      // A scan the phone let through is judged with the others, as before.
      const [admitted] = outcomesOf(
        await syncScans(phone.token!, [
          { code: ticket.code, entryType: "exit", at: minutes(0), decided: "valid" },
        ]),
      );
      expect(admitted?.result).toBe("valid");
      // An exit the phone refused is judged all the same: nobody is kept from leaving.
      expect(await scanAt(online.token!, ticket.code, "entry", minutes(0))).toBe("valid");
      const [leaving] = outcomesOf(
        await syncScans(phone.token!, [
          { code: ticket.code, entryType: "exit", at: minutes(0), decided: "not_inside" },
        ]),
      );
      expect(leaving?.result).toBe("valid");
      expect(await scanAt(online.token!, ticket.code, "entry", minutes(0))).toBe("valid");
      // A verdict that is none is refused, with the field named.
      const bad = await syncScans(phone.token!, [
        { code: ticket.code, entryType: "entry", at: minutes(0), decided: "sideways" },
      ]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: { code: string } }>().error.code).toBe("validation_failed");
    });

    // Later tests look for tickets that were never scanned.
    afterAll(async () => {
      for (const index of [2, 3, 4, 5, 6]) await freshTicket(index);
    });

    it("an offline scan is never later than now", async () => {
      const gate = await newLink({ gate: "D", mode: "entry_exit" });
      const ticket = await freshTicket(4);
      // A phone whose clock runs ten minutes ahead scanned the holder in.
      const ahead = await syncAt(gate.token!, ticket.code, "entry", minutes(10));
      expect(ahead.result).toBe("valid");
      expect(new Date(ahead.scanned_at).getTime()).toBeLessThanOrEqual(Date.now());
      // The holder leaves and comes back: both moves count, after the entry.
      expect(await scanAt(gate.token!, ticket.code, "exit", minutes(0))).toBe("valid");
      expect(await scanAt(gate.token!, ticket.code, "entry", minutes(0))).toBe("valid");
    });
  });

  it("keeps its counters equal to a recount of every move, whoever writes them", async () => {
    const link = await newLink({ mode: "entry_exit" });
    const counters = async () => {
      const session = await call(t.app, {
        method: "GET",
        url: doorPaths.session,
        token: link.token,
      });
      const { inside, entered } = session.json<{
        data: { counters: { inside: number; entered: number } };
      }>().data.counters;
      return { inside, entered };
    };
    // The counters as the scanner showed them before they were kept: from the moves themselves.
    const recount = async () => {
      const result = await t.ctx.db.execute(sql`
        with moves as (
          select distinct on (l.ticket_id) l.entry_type as last_move
          from event_logs l join tickets tk on tk.id = l.ticket_id
          join event_ticket_types tt on tt.id = tk.ticket_type_id
          where tt.event_id = ${eventId}
          order by l.ticket_id, l.created_at desc, l.id desc)
        select (select count(*) from moves where last_move = 'entry')::int as inside,
          (select count(*) from moves)::int as entered`);
      const [row] = (result as unknown as { rows: { inside: number; entered: number }[] }).rows;
      return { inside: Number(row!.inside), entered: Number(row!.entered) };
    };
    const before = await counters();
    expect(before).toEqual(await recount());
    const ticket = (await eventTickets()).filter((row) => row.status === "paid").at(-1)!;
    expect((await result(await scan(link.token!, ticket.code))).result).toBe("valid");
    expect(await counters()).toEqual({ inside: before.inside + 1, entered: before.entered + 1 });
    expect((await result(await scan(link.token!, ticket.code, "exit"))).result).toBe("valid");
    expect(await counters()).toEqual({ inside: before.inside, entered: before.entered + 1 });
    expect((await result(await scan(link.token!, ticket.code))).result).toBe("valid");
    expect(await counters()).toEqual({ inside: before.inside + 1, entered: before.entered + 1 });
    // Written around the scanner (an older exit arriving late, moves deleted): still a recount.
    await t.ctx.db.insert(eventLogs).values({
      ticketId: ticket.id,
      entryType: "exit",
      createdAt: new Date(Date.now() - 3_600_000),
    });
    expect(await counters()).toEqual({ inside: before.inside + 1, entered: before.entered + 1 });
    await t.ctx.db.delete(eventLogs).where(eq(eventLogs.ticketId, ticket.id));
    expect(await counters()).toEqual(before);
    expect(await counters()).toEqual(await recount());
  });

  it("refuses bad scans with the field named", async () => {
    const link = await newLink();
    for (const payload of [
      { scan_id: "1", code: "x", entry_type: "entry" },
      { scan_id: randomUUID(), code: "", entry_type: "entry" },
      { scan_id: randomUUID(), code: "x", entry_type: "sideways" },
      { scan_id: randomUUID(), code: "x", entry_type: "entry", scanned_at: "yesterday" },
      // A device's clock far off: the database writes neither year 0 nor 10000 (UTC).
      { scan_id: randomUUID(), code: "x", entry_type: "entry", scanned_at: "0000-01-01T00:00:00Z" },
      {
        scan_id: randomUUID(),
        code: "x",
        entry_type: "entry",
        scanned_at: "9999-12-31T23:59:59-14:00",
      },
    ]) {
      const response = await call(t.app, {
        method: "POST",
        url: doorPaths.scan,
        token: link.token,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const empty = await call(t.app, {
      method: "POST",
      url: doorPaths.sync,
      token: link.token,
      payload: { scans: [] },
    });
    expect(empty.statusCode).toBe(400);
    const farOff = await call(t.app, {
      method: "POST",
      url: doorPaths.sync,
      token: link.token,
      payload: {
        scans: [
          {
            scan_id: randomUUID(),
            code: "x",
            entry_type: "entry",
            scanned_at: "0000-01-01T00:00:00Z",
          },
        ],
      },
    });
    expect(farOff.statusCode).toBe(400);
    expect(farOff.json().error.code).toBe("validation_failed");
  });

  it("limits the requests of one door link, not of the others", async () => {
    const [busy, other] = await Promise.all([newLink(), newLink()]);
    const statuses: number[] = [];
    for (let i = 0; i <= doorBudget; i++) {
      statuses.push(
        (await call(t.app, { method: "GET", url: doorPaths.session, token: busy.token }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, doorBudget).every((status) => status === 200)).toBe(true);
    const limited = await call(t.app, { method: "GET", url: doorPaths.session, token: busy.token });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("rate_limited");
    expect(
      (await call(t.app, { method: "GET", url: doorPaths.session, token: other.token })).statusCode,
    ).toBe(200);
  });
});

describe("past events' scan logs", () => {
  type Listed = {
    data: { id: number; title: string; starts_at: string }[];
    meta: { total: number; pages: number };
  };
  /** As the demo organiser, or as whoever `token` is (null: a guest). */
  const listEvents = (query: string, token: string | null = organiserToken) =>
    call(t.app, { method: "GET", url: `${doorPaths.events}?${query}`, token: token ?? undefined });

  /** A copy of the demo event that ended days ago (its doors closed), with one scan in its log. */
  async function pastEvent(daysAgo: number, status: "published" | "cancelled" | "draft") {
    const start = new Date(Date.now() - daysAgo * 86_400_000);
    const event = await copyOfDemoEvent(start, status);
    await t.ctx.db.insert(doorScans).values({
      scanId: randomUUID(),
      eventId: event!.id,
      result: "unknown_code",
      entryType: "entry",
      gate: "Alt",
      scannedAt: new Date(start.getTime() + 600_000),
    });
    return event!;
  }

  it("lists the organiser's past events a page at a time, latest first, and opens their logs", async () => {
    const older = await pastEvent(30, "published");
    const newer = await pastEvent(3, "cancelled");
    const draft = await pastEvent(2, "draft");
    const first = await listEvents("when=past&per_page=1");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const firstPage = first.json<Listed>();
    const all = (await listEvents("when=past&per_page=100")).json<Listed>();
    const ids = all.data.map((event) => event.id);
    // Latest first (the demo data has past events of its own, some later than these, depending
    // on the time of day the seed ran).
    const starts = all.data.map((event) => Date.parse(event.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(ids).toContain(newer.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(firstPage.data.map((event) => event.id)).toEqual([ids[0]]);
    // Drafts never opened their doors; upcoming events are the other list.
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(eventId);
    expect(firstPage.meta.total).toBe(all.data.length);
    expect(firstPage.meta.pages).toBe(all.data.length);
    const second = (await listEvents("when=past&per_page=1&page=2")).json<Listed>();
    expect(second.data.map((event) => event.id)).toEqual([ids[1]]);
    // The upcoming list keeps its events, and none of the past ones.
    const upcoming = (await listEvents("")).json<Listed>().data.map((event) => event.id);
    expect(upcoming).toContain(eventId);
    expect(upcoming).not.toContain(older.id);

    const log = await call(t.app, {
      method: "GET",
      url: fillPath(doorPaths.log, { id: older.id }),
      token: organiserToken,
      locale: "de",
    });
    expect(log.statusCode).toBe(200);
    const body = log.json<{ data: { gate: string }[]; event: { id: number; title: string } }>();
    expect(body.event).toMatchObject({ id: older.id, title: older.titleDe });
    expect(body.data.map((entry) => entry.gate)).toEqual(["Alt"]);
  });

  it("keeps other organisers' past events and logs to themselves; guests are refused", async () => {
    const past = await pastEvent(5, "published");
    const visitor = await loginDemoVisitor(t.app);
    const asVisitor = await listEvents("when=past", visitor.access_token);
    expect(asVisitor.statusCode).toBe(403);
    const asGuest = await listEvents("when=past", null);
    expect(asGuest.statusCode).toBe(401);
    const guestLog = await call(t.app, {
      method: "GET",
      url: fillPath(doorPaths.log, { id: past.id }),
    });
    expect(guestLog.statusCode).toBe(401);
    // Another organiser's event answers as if it did not exist.
    const [otherOrganiser] = await t.ctx.db
      .select({ organiserId: events.organiserId })
      .from(events)
      .innerJoin(users, eq(users.id, events.organiserId))
      .where(ne(users.email, demoUsers.organiser.email))
      .limit(1);
    await t.ctx.db
      .update(events)
      .set({ organiserId: otherOrganiser!.organiserId })
      .where(eq(events.id, past.id));
    const foreign = await call(t.app, {
      method: "GET",
      url: fillPath(doorPaths.log, { id: past.id }),
      token: organiserToken,
    });
    expect(foreign.statusCode).toBe(404);
    const listed = (await listEvents("when=past&per_page=100")).json<Listed>();
    expect(listed.data.map((event) => event.id)).not.toContain(past.id);
  });

  it("refuses a bad list query with the field named", async () => {
    for (const query of ["when=soon", "page=0", "per_page=1000", "page=x"]) {
      const response = await listEvents(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe("validation_failed");
    }
  });
});

/** The demo event's newest paid ticket never scanned, of an order with no refund decided. */
async function unscannedPaidTicket() {
  const [ticket] = await t.ctx.db
    .select({ id: tickets.id, code: tickets.code, orderId: tickets.orderId })
    .from(tickets)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(
      and(
        eq(eventTicketTypes.eventId, eventId),
        eq(orders.status, "paid"),
        isNull(orders.refundRequestedAt),
        sql`not exists (select from ${eventLogs} where ${eventLogs.ticketId} = ${tickets.id})`,
      ),
    )
    .orderBy(desc(tickets.id))
    .limit(1);
  return ticket!;
}

describe("a refund under way", () => {
  it("refuses the order's tickets from the moment it is decided, while the provider still works on it", async () => {
    const link = await newLink();
    const ticket = await unscannedPaidTicket();
    // Paid through the configured provider (the demo orders name none).
    await t.ctx.db
      .update(orders)
      .set({ paymentProvider: "test", paymentReference: randomUUID() })
      .where(eq(orders.id, ticket.orderId));
    const [event] = await t.ctx.db.select().from(events).where(eq(events.id, eventId));
    const { provider } = checkoutServices.get(t.ctx)!;
    const refund = provider.refund;
    let asked: () => void = () => {};
    const inProvider = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    provider.refund = async (db, reference) => {
      asked();
      await answered;
      return refund(db, reference);
    };
    try {
      const refunding = refundOrder(t.ctx.db, provider, event!.organiserId!, ticket.orderId, "X");
      await inProvider;
      // The money is going back: the door says so now, not once the provider has answered.
      expect((await result(await scan(link.token!, ticket.code))).result).toBe("cancelled");
      const list = await call(t.app, { method: "GET", url: doorPaths.tickets, token: link.token! });
      const listed = list.json<{ data: DoorTicket[] }>().data.find((row) => row.id === ticket.id);
      expect(listed?.status).toBe("cancelled");
      answer();
      await refunding;
    } finally {
      provider.refund = refund;
    }
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, ticket.orderId));
    expect(order!.status).toBe("refunded");
    expect((await result(await scan(link.token!, ticket.code))).result).toBe("cancelled");
  });
});

describe.runIf(testDatabase === "postgres")("a scan beside an account's deletion", () => {
  it("waits instead of deadlocking: the scan takes the ticket's lock only, deleting takes orders then tickets", async () => {
    const link = await newLink();
    const ticket = await unscannedPaidTicket();
    const buyer = await registerVisitor(t.app);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, buyer.email));
    await t.ctx.db.update(orders).set({ userId: user!.id }).where(eq(orders.id, ticket.orderId));
    await t.ctx.db
      .update(tickets)
      .set({ userId: user!.id })
      .where(eq(tickets.orderId, ticket.orderId));
    // Holds the deletion between its update of the orders and its delete of the user (which sets
    // the tickets' user_id), so the scan comes in between.
    const gate = new pg.Client({ connectionString: t.ctx.config.DATABASE_URL });
    await gate.connect();
    await gate.query("begin; lock table contact_messages in exclusive mode");
    const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
    const deleting = deleteAccount(t.ctx.db, user!.id);
    await pause();
    const scanning = scan(link.token!, ticket.code);
    await pause();
    await gate.query("commit");
    await gate.end();
    await deleting;
    expect((await scanning).statusCode).toBe(200);
  });
});

describe("an event moved after its door links were made", () => {
  it("moves the links that last until the doors close with its end, and no other", async () => {
    const day = 24 * 3_600_000;
    const event = await copyOfDemoEvent(new Date(Date.now() + 3 * day), "published");
    const untilClosed = await newLink({ gate: "Bis Schluss" }, event.id);
    const forHours = await newLink({ gate: "Zwei Stunden", expires_in_hours: 2 }, event.id);
    const revoked = await newLink({ gate: "Widerrufen" }, event.id);
    const revoke = await call(t.app, {
      method: "POST",
      url: fillPath(doorPaths.revokeLink, { id: revoked.id }),
      token: organiserToken,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);

    // Postponed by ten days; then its texts alone are corrected (the end stays).
    const startsAt = new Date(event.startsAt.getTime() + 10 * day);
    const endsAt = new Date(event.endsAt.getTime() + 10 * day);
    for (const payload of [
      { starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() },
      { title_de: "Verschoben" },
    ]) {
      const moved = await call(t.app, {
        method: "PATCH",
        url: fillPath(panelPaths.event, { id: event.id }),
        token: organiserToken,
        payload,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }

    const list = await call(t.app, {
      method: "GET",
      url: fillPath(doorPaths.links, { id: event.id }),
      token: organiserToken,
    });
    const expiry = (link: DoorLink) =>
      list.json<{ data: DoorLink[] }>().data.find((row) => row.id === link.id)!.expires_at;
    expect(expiry(untilClosed)).toBe(new Date(endsAt.getTime() + 6 * 3_600_000).toISOString());
    expect(expiry(forHours)).toBe(forHours.expires_at);
    expect(expiry(revoked)).toBe(revoked.expires_at);
    // On the new day, an hour before the doors open, the link still works.
    const onTheDay = new Date(startsAt.getTime() - 2 * 3_600_000);
    const auth = await doorLinkByToken(t.ctx.db, untilClosed.token!, onTheDay);
    expect(auth.linkId).toBe(untilClosed.id);
  });

  it("brought forward: a link of its own hours ends when the new doors close; an expired one stays expired", async () => {
    const day = 24 * 3_600_000;
    const move = async (id: number, start: Date, end: Date) => {
      const moved = await call(t.app, {
        method: "PATCH",
        url: fillPath(panelPaths.event, { id }),
        token: organiserToken,
        payload: { starts_at: start.toISOString(), ends_at: end.toISOString() },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    };
    const event = await copyOfDemoEvent(new Date(Date.now() + 5 * day), "published");
    const forHours = await newLink({ gate: "Hundert Stunden", expires_in_hours: 100 }, event.id);
    const startsAt = new Date(Date.now() + 2 * day);
    const endsAt = new Date(startsAt.getTime() + 3_600_000);
    await move(event.id, startsAt, endsAt);
    const closes = new Date(endsAt.getTime() + 6 * 3_600_000);
    const [row] = await t.ctx.db.select().from(doorLinks).where(eq(doorLinks.id, forHours.id));
    expect(row!.expiresAt).toEqual(closes);

    // An event that ended days ago and sold nothing (a copy) is moved ahead: its link that
    // lasted until its doors closed has expired, and stays so.
    const past = await copyOfDemoEvent(new Date(Date.now() - 3 * day), "published");
    const oldClose = new Date(past.endsAt.getTime() + 6 * 3_600_000);
    const [expired] = await t.ctx.db
      .insert(doorLinks)
      .values({
        eventId: past.id,
        createdBy: past.organiserId,
        tokenHash: randomUUID(),
        mode: "entry",
        expiresAt: oldClose,
      })
      .returning();
    await move(past.id, startsAt, endsAt);
    const [after] = await t.ctx.db.select().from(doorLinks).where(eq(doorLinks.id, expired!.id));
    expect(after!.expiresAt).toEqual(oldClose);
  });
});

describe("a cancelled event", () => {
  it("revokes its door links: the scanner's link is refused from then on", async () => {
    const event = await copyOfDemoEvent(new Date(Date.now() + 2 * 24 * 3_600_000), "published");
    const link = await newLink({ gate: "Abgesagt" }, event.id);
    const session = () =>
      call(t.app, { method: "GET", url: doorPaths.session, token: link.token!, locale: "en" });
    expect((await session()).statusCode).toBe(200);
    const cancelled = await call(t.app, {
      method: "POST",
      url: fillPath(panelPaths.cancelEvent, { id: event.id }),
      token: organiserToken,
      payload: { confirm: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await session();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe("door_link_invalid");
    const list = await call(t.app, {
      method: "GET",
      url: fillPath(doorPaths.links, { id: event.id }),
      token: organiserToken,
    });
    const listed = list.json<{ data: DoorLink[] }>().data.find((row) => row.id === link.id);
    expect(listed?.revoked_at).not.toBeNull();
  });
});

describe("an event unpublished after its sales began", () => {
  it("still takes door links and is listed for them, as its tickets stay valid", async () => {
    const unpublished = await copyOfDemoEvent(new Date(Date.now() + 2 * 86_400_000), "draft");
    const [source] = await t.ctx.db
      .select()
      .from(eventTicketTypes)
      .where(eq(eventTicketTypes.eventId, eventId))
      .limit(1);
    const { id: _, ...type } = source!;
    await t.ctx.db
      .insert(eventTicketTypes)
      .values({ ...type, eventId: unpublished.id, soldCount: 3 });
    const link = await newLink({ gate: "Nach Verkauf" }, unpublished.id);
    expect(link.event_id).toBe(unpublished.id);
    const session = await call(t.app, {
      method: "GET",
      url: doorPaths.session,
      token: link.token!,
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().data.event).toMatchObject({ status: "draft", has_sold_tickets: true });
    const listed = await call(t.app, {
      method: "GET",
      url: `${doorPaths.events}?per_page=100`,
      token: organiserToken,
    });
    const entry = listed
      .json<{ data: { id: number; has_sold_tickets: boolean }[] }>()
      .data.find((event) => event.id === unpublished.id);
    expect(entry?.has_sold_tickets).toBe(true);

    // Without tickets sold, a draft has no door (the "door links" tests above): not listed.
    const unsold = await copyOfDemoEvent(new Date(Date.now() + 2 * 86_400_000), "draft");
    const again = await call(t.app, {
      method: "GET",
      url: `${doorPaths.events}?per_page=100`,
      token: organiserToken,
    });
    const ids = again.json<{ data: { id: number }[] }>().data.map((event) => event.id);
    expect(ids).toContain(unpublished.id);
    expect(ids).not.toContain(unsold.id);
  });
});

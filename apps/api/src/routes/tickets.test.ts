import { apiPaths, type ErrorBody, type EventCategory, type TicketList } from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema.ts";
import { seedVisitorTickets } from "../seed/tickets.ts";
import {
  call,
  createTestApp,
  loginDemoVisitor,
  registerVisitor,
  type TestApp,
  testClient,
} from "../testing/app.ts";

const ticketsUrl = "/api/v1/auth/tickets";

let t: TestApp;
let visitorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  visitorToken = (await loginDemoVisitor(t.app)).access_token;
});
afterAll(() => t.close());

const listTickets = (token: string, query = "", locale?: "de" | "en") =>
  call(t.app, { method: "GET", url: `${ticketsUrl}${query}`, token, locale });

describe("GET /auth/tickets", () => {
  it("answers the demo visitor's seeded tickets as ticket records", async () => {
    const response = await listTickets(visitorToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { data, meta } = response.json<TicketList>();
    expect(meta).toMatchObject({ page: 1, per_page: 50, total: data.length, pages: 1 });
    expect(data.length).toBeGreaterThanOrEqual(10);

    const now = Date.now();
    const past = data.filter((ticket) => Date.parse(ticket.event_ticket_type.event.date) < now);
    const upcoming = data.filter((ticket) => Date.parse(ticket.event_ticket_type.event.date) > now);
    expect(past.length).toBeGreaterThan(0);
    expect(upcoming.length).toBeGreaterThan(0);
    // Most past tickets were scanned at the door, one purchase was a no-show.
    expect(past.some((ticket) => ticket.event_log.some((log) => log.entry_type === "entry"))).toBe(
      true,
    );
    expect(past.some((ticket) => ticket.event_log.length === 0)).toBe(true);
    expect(upcoming.every((ticket) => ticket.event_log.length === 0)).toBe(true);
    // The door log in the order it happened, as ISO timestamps.
    for (const { event_log } of data) {
      const times = event_log.map((log) => log.created_at);
      expect(times.every((time) => new Date(time).toISOString() === time)).toBe(true);
      expect([...times].sort()).toEqual(times);
    }

    for (const ticket of data) {
      // Signed at start: base64url(payload).base64url(Ed25519 signature), see checkout.test.ts.
      expect(ticket.code).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
      expect(ticket.ticket_price).toBeGreaterThan(0);
      if (ticket.discount_price !== null) {
        expect(ticket.discount_price).toBeGreaterThan(0);
        expect(ticket.discount_price).toBeLessThan(ticket.ticket_price);
      }
      const { event } = ticket.event_ticket_type;
      expect(event.event_venue.city_id).toBeGreaterThan(0);
      expect(event.event_category.id).toBeGreaterThan(0);
    }
    expect(new Set(data.map((ticket) => ticket.code)).size).toBe(data.length);
    // Newest event first.
    const dates = data.map((ticket) => Date.parse(ticket.event_ticket_type.event.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("translates event, ticket type, city and category names", async () => {
    const de = (await listTickets(visitorToken, "", "de")).json<TicketList>().data;
    const en = (await listTickets(visitorToken, "", "en")).json<TicketList>().data;
    expect(en.map((ticket) => ticket.id)).toEqual(de.map((ticket) => ticket.id));
    // Some names are the same in both languages ("Workshops", "Neon Rave"): each ticket carries
    // its category's name in the asked language, as the catalogue names it, and names differ
    // where the languages do.
    const categoryNames = async (locale: "de" | "en") =>
      new Map(
        (await call(t.app, { url: apiPaths.eventCategories, locale }))
          .json<{ data: EventCategory[] }>()
          .data.map((category) => [category.id, category.name]),
      );
    const [namesDe, namesEn] = await Promise.all([categoryNames("de"), categoryNames("en")]);
    de.forEach((ticket, index) => {
      const english = en[index]!.event_ticket_type.event;
      const german = ticket.event_ticket_type.event;
      expect(german.event_category.name).toBe(namesDe.get(german.event_category.id));
      expect(english.event_category.name).toBe(namesEn.get(english.event_category.id));
    });
    const differs = (name: (ticket: TicketList["data"][number]) => string) =>
      en.some((ticket, index) => name(ticket) !== name(de[index]!));
    expect(differs((ticket) => ticket.event_ticket_type.event.title)).toBe(true);
    expect(differs((ticket) => ticket.event_ticket_type.event.event_category.name)).toBe(true);
    expect(differs((ticket) => ticket.event_ticket_type.event.event_venue.city_name)).toBe(true);
  });

  it("pages through every ticket exactly once", async () => {
    const all = (await listTickets(visitorToken)).json<TicketList>();
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(all.meta.total / 3); page++) {
      const response = (
        await listTickets(visitorToken, `?per_page=3&page=${page}`)
      ).json<TicketList>();
      expect(response.meta).toMatchObject({ page, per_page: 3, total: all.meta.total });
      seen.push(...response.data.map((ticket) => ticket.id));
    }
    expect(seen).toEqual(all.data.map((ticket) => ticket.id));
    const beyond = (await listTickets(visitorToken, "?page=99")).json<TicketList>();
    expect(beyond.data).toEqual([]);
    // Past the last page no row carries the total; it is still the caller's count.
    expect(beyond.meta).toMatchObject({ page: 99, total: all.meta.total });
  });

  it.each(["?page=0", "?page=abc", "?per_page=0", "?per_page=101", "?page=-1"])(
    "answers 400 to the bad query %s",
    async (query) => {
      const response = await listTickets(visitorToken, query);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.code).toBe("validation_failed");
    },
  );

  it("needs a user's token", async () => {
    const anonymous = await call(t.app, { method: "GET", url: ticketsUrl });
    expect(anonymous.statusCode).toBe(401);
    const client = await call(t.app, {
      method: "POST",
      url: "/api/v1/token",
      payload: { grant_type: "client_credentials", ...testClient },
    });
    const clientToken = client.json<{ access_token: string }>().access_token;
    expect((await listTickets(clientToken)).statusCode).toBe(403);
  });

  it("only ever answers the caller's own tickets", async () => {
    const other = await registerVisitor(t.app);
    const empty = (await listTickets(other.tokens.access_token)).json<TicketList>();
    expect(empty).toEqual({ data: [], meta: { page: 1, per_page: 50, total: 0, pages: 0 } });

    // Give the other visitor tickets of their own: the two lists share none.
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, other.email));
    await seedVisitorTickets(t.ctx.db, {
      userId: row!.id,
      name: "Max Muster",
      email: other.email,
      now: new Date(),
    });
    const theirs = (await listTickets(other.tokens.access_token)).json<TicketList>().data;
    const mine = (await listTickets(visitorToken)).json<TicketList>().data;
    expect(theirs.length).toBeGreaterThan(0);
    const mineIds = new Set(mine.map((ticket) => ticket.id));
    expect(theirs.some((ticket) => mineIds.has(ticket.id))).toBe(false);
  });
});

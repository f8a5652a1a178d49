import type { EntryType, TicketRecord } from "@eventwerk/contract";
import { createTranslator } from "use-intl";
import { describe, expect, it } from "vitest";
import deAccount from "../i18n/messages/de/account.json";
import enAccount from "../i18n/messages/en/account.json";
import { type DashboardSummary, summariseTickets, upcomingWindowDays } from "./dashboard-summary";

type TicketEvent = TicketRecord["event_ticket_type"]["event"];

const berlin = { id: 1, name: "Berlin" };
const hamburg = { id: 5, name: "Hamburg" };
const munich = { id: 3, name: "München" };
const concerts = { id: 12, name: "Konzerte" };
const theatre = { id: 11, name: "Theater" };

/** An event; `date` is its start, ISO 8601 with offset. */
function event(
  id: number,
  date: string,
  options: {
    city?: { id: number; name: string };
    category?: { id: number; name: string };
    status?: TicketEvent["status"];
  } = {},
): TicketEvent {
  const city = options.city ?? berlin;
  return {
    id,
    slug: `event-${id}`,
    title: `Event ${id}`,
    date,
    end_date: date,
    status: options.status ?? "published",
    event_venue: { id: 100 + id, name: `Venue ${id}`, city_id: city.id, city_name: city.name },
    event_category: options.category ?? concerts,
  };
}

let nextId = 1;

/** A ticket for `forEvent`; `logs` are door scans as [entry type, instant]. */
function ticket(
  forEvent: TicketEvent,
  options: {
    price?: number;
    discount?: number | null;
    createdAt?: string;
    logs?: readonly (readonly [EntryType, string])[];
    orderStatus?: TicketRecord["order_status"];
  } = {},
): TicketRecord {
  const id = nextId++;
  return {
    id,
    code: `code-${id}`,
    order_id: 1000 + id,
    order_status: options.orderStatus ?? "paid",
    ticket_price: options.price ?? 2500,
    discount_price: options.discount ?? null,
    created_at: options.createdAt ?? "2026-01-01T12:00:00Z",
    event_log: (options.logs ?? []).map(([entry_type, created_at], index) => ({
      id: id * 100 + index,
      entry_type,
      created_at,
    })),
    event_ticket_type: { id: 500 + forEvent.id, name: "Standard", event: forEvent },
  };
}

/** A ticket scanned in at its event's start. */
function attendedTicket(forEvent: TicketEvent): TicketRecord {
  return ticket(forEvent, { logs: [["entry", forEvent.date]] });
}

const now = new Date("2026-05-01T10:00:00Z");
const seconds = (n: number) => n * 1000;
const days = (n: number) => n * 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

describe("summariseTickets", () => {
  it("gives zeros and nulls without tickets", () => {
    expect(summariseTickets([], now)).toEqual<DashboardSummary>({
      eventsAttended: 0,
      upcomingEvents: 0,
      ticketsPurchased: 0,
      expenditureCents: 0,
      expenditure: 0,
      mostVisitedCity: null,
      mostVisitedCategory: null,
      lastActivityDaysAgo: null,
    });
  });

  it("counts every ticket as purchased", () => {
    const concert = event(1, "2026-02-01T20:00:00+01:00");
    const summary = summariseTickets([ticket(concert), ticket(concert), ticket(concert)], now);
    expect(summary.ticketsPurchased).toBe(3);
  });

  describe("expenditure", () => {
    it("sums price minus discount in cents, a null discount taking nothing off", () => {
      const concert = event(1, "2026-02-01T20:00:00+01:00");
      const summary = summariseTickets(
        [
          ticket(concert, { price: 1999, discount: null }),
          ticket(concert, { price: 2500, discount: 500 }),
          ticket(concert, { price: 1001, discount: 0 }),
        ],
        now,
      );
      expect(summary.expenditureCents).toBe(1999 + 2000 + 1001);
      expect(summary.expenditure).toBe(50);
    });

    it("gives euros with two decimals", () => {
      const concert = event(1, "2026-02-01T20:00:00+01:00");
      const summary = summariseTickets(
        [
          ticket(concert, { price: 1010 }),
          ticket(concert, { price: 2020 }),
          ticket(concert, { price: 1 }),
        ],
        now,
      );
      expect(summary.expenditureCents).toBe(3031);
      expect(summary.expenditure).toBe(30.31);
    });

    it("leaves out refunded orders' tickets: their money went back", () => {
      const concert = event(1, "2026-02-01T20:00:00+01:00");
      const summary = summariseTickets(
        [
          ticket(concert, { price: 1000 }),
          ticket(concert, { price: 2500, orderStatus: "refunded" }),
        ],
        now,
      );
      expect(summary.expenditureCents).toBe(1000);
      // Bought all the same.
      expect(summary.ticketsPurchased).toBe(2);
    });
  });

  describe("events attended", () => {
    it("counts tickets with an entry scan, including past events", () => {
      const past = event(1, "2026-03-01T19:00:00+01:00");
      const summary = summariseTickets(
        [
          ticket(past, { logs: [["entry", "2026-03-01T18:05:00Z"]] }),
          ticket(past, {
            logs: [
              ["entry", "2026-03-01T18:06:00Z"],
              ["exit", "2026-03-01T20:00:00Z"],
              ["entry", "2026-03-01T20:10:00Z"],
            ],
          }),
          ticket(past),
        ],
        now,
      );
      expect(summary.eventsAttended).toBe(2);
      expect(summary.upcomingEvents).toBe(0);
    });

    it("does not count exit-only logs as attended", () => {
      const past = event(1, "2026-03-01T19:00:00+01:00");
      const summary = summariseTickets(
        [ticket(past, { logs: [["exit", "2026-03-01T21:00:00Z"]] })],
        now,
      );
      expect(summary.eventsAttended).toBe(0);
      expect(summary.mostVisitedCity).toBeNull();
      expect(summary.mostVisitedCategory).toBeNull();
    });
  });

  describe("upcoming events", () => {
    it(`uses a window of ${upcomingWindowDays} days`, () => {
      expect(upcomingWindowDays).toBe(21);
    });

    it("includes an event starting now and one starting exactly 21 days from now", () => {
      const summary = summariseTickets(
        [ticket(event(1, at(0))), ticket(event(2, at(days(21))))],
        now,
      );
      expect(summary.upcomingEvents).toBe(2);
    });

    it("excludes an event starting one second past the window", () => {
      const summary = summariseTickets([ticket(event(1, at(days(21) + seconds(1))))], now);
      expect(summary.upcomingEvents).toBe(0);
    });

    it("excludes an event that started a second ago", () => {
      const summary = summariseTickets([ticket(event(1, at(-seconds(1))))], now);
      expect(summary.upcomingEvents).toBe(0);
    });

    it("reads the start's offset (12:00+02:00 is 10:00Z)", () => {
      const inWindow = event(1, "2026-05-22T12:00:00+02:00"); // now + 21 days exactly
      const pastWindow = event(2, "2026-05-22T12:00:01+02:00");
      expect(summariseTickets([ticket(inWindow), ticket(pastWindow)], now).upcomingEvents).toBe(1);
    });

    it("counts an event bought twice once", () => {
      const concert = event(1, at(days(3)));
      const summary = summariseTickets([ticket(concert), ticket(concert)], now);
      expect(summary.upcomingEvents).toBe(1);
      expect(summary.ticketsPurchased).toBe(2);
    });

    it("does not count cancelled events", () => {
      const summary = summariseTickets(
        [ticket(event(1, at(days(3)), { status: "cancelled" })), ticket(event(2, at(days(4))))],
        now,
      );
      expect(summary.upcomingEvents).toBe(1);
    });

    it("does not count an event whose tickets were refunded", () => {
      const summary = summariseTickets(
        [ticket(event(1, at(days(3))), { orderStatus: "refunded" }), ticket(event(2, at(days(4))))],
        now,
      );
      expect(summary.upcomingEvents).toBe(1);
    });
  });

  describe("most visited city and category", () => {
    it("counts distinct attended events, not tickets or unattended events", () => {
      const berlinA = event(1, "2026-01-10T20:00:00+01:00", { city: berlin, category: concerts });
      const hamburgA = event(2, "2026-01-11T20:00:00+01:00", { city: hamburg, category: theatre });
      const hamburgB = event(3, "2026-01-12T20:00:00+01:00", { city: hamburg, category: theatre });
      const berlinUnattended = event(4, "2026-01-13T20:00:00+01:00", { city: berlin });
      const summary = summariseTickets(
        [
          // Three scanned tickets for one Berlin event still count as one event.
          attendedTicket(berlinA),
          attendedTicket(berlinA),
          attendedTicket(berlinA),
          attendedTicket(hamburgA),
          attendedTicket(hamburgB),
          ticket(berlinUnattended),
          ticket(berlinUnattended),
        ],
        now,
      );
      expect(summary.eventsAttended).toBe(5);
      expect(summary.mostVisitedCity).toEqual({ id: 5, name: "Hamburg", count: 2 });
      expect(summary.mostVisitedCategory).toEqual({ id: 11, name: "Theater", count: 2 });
    });

    it("breaks a tie by the most recent latest attended event", () => {
      const tickets = [
        attendedTicket(event(1, "2026-01-10T20:00:00+01:00", { city: berlin, category: concerts })),
        attendedTicket(event(2, "2026-04-20T20:00:00+02:00", { city: munich, category: theatre })),
        attendedTicket(event(3, "2026-04-01T20:00:00+02:00", { city: berlin, category: concerts })),
        attendedTicket(event(4, "2026-02-01T20:00:00+01:00", { city: munich, category: theatre })),
      ];
      for (const order of [tickets, [...tickets].reverse()]) {
        const summary = summariseTickets(order, now);
        // Both have two events; München's latest (20 April) beats Berlin's (1 April).
        expect(summary.mostVisitedCity).toEqual({ id: 3, name: "München", count: 2 });
        expect(summary.mostVisitedCategory).toEqual({ id: 11, name: "Theater", count: 2 });
      }
    });

    it("breaks a tie of counts and latest events by name ascending, not by id", () => {
      const sameStart = "2026-04-01T20:00:00+02:00";
      const tickets = [
        attendedTicket(event(1, sameStart, { city: munich, category: theatre })),
        attendedTicket(event(2, sameStart, { city: hamburg, category: concerts })),
      ];
      for (const order of [tickets, [...tickets].reverse()]) {
        const summary = summariseTickets(order, now);
        expect(summary.mostVisitedCity).toEqual({ id: 5, name: "Hamburg", count: 1 });
        expect(summary.mostVisitedCategory).toEqual({ id: 12, name: "Konzerte", count: 1 });
      }
    });

    it("compares the same instant written with different offsets as equal", () => {
      const tickets = [
        attendedTicket(event(1, "2026-04-01T20:00:00+02:00", { city: munich })),
        attendedTicket(event(2, "2026-04-01T18:00:00Z", { city: hamburg })),
      ];
      expect(summariseTickets(tickets, now).mostVisitedCity?.name).toBe("Hamburg");
    });
  });

  describe("last activity", () => {
    const concert = event(1, "2026-03-01T19:00:00+01:00");
    const daysAgo = (createdAt: string, nowIso: string, logs: [EntryType, string][] = []) =>
      summariseTickets([ticket(concert, { createdAt, logs })], new Date(nowIso))
        .lastActivityDaysAgo;

    it("takes the latest of purchases and door scans", () => {
      const tickets = [
        ticket(concert, { createdAt: "2026-02-01T12:00:00Z" }),
        ticket(concert, {
          createdAt: "2026-02-10T12:00:00Z",
          logs: [
            ["entry", "2026-03-01T18:00:00Z"],
            ["exit", "2026-04-28T12:00:00Z"],
          ],
        }),
        ticket(concert, { createdAt: "2026-04-20T12:00:00Z" }),
      ];
      expect(summariseTickets(tickets, now).lastActivityDaysAgo).toBe(3);
    });

    it("counts a future instant as today", () => {
      expect(daysAgo("2026-05-03T12:00:00Z", "2026-05-01T10:00:00Z")).toBe(0);
    });

    it("counts Berlin calendar days in winter (CET, UTC+1)", () => {
      // 23:30 on 10 January in Berlin, one hour before now at 00:30 on 11 January.
      expect(daysAgo("2026-01-10T22:30:00Z", "2026-01-10T23:30:00Z")).toBe(1);
      // 00:00 and 23:59:59 on 11 January in Berlin; the first is still 10 January in UTC.
      expect(daysAgo("2026-01-10T23:00:00Z", "2026-01-11T22:59:59Z")).toBe(0);
      // 23:59:59 on 10 January to 00:00 on 12 January in Berlin.
      expect(daysAgo("2026-01-10T22:59:59Z", "2026-01-11T23:00:00Z")).toBe(2);
    });

    it("counts Berlin calendar days in summer (CEST, UTC+2)", () => {
      // 23:30 on 14 July in Berlin, one hour before now at 00:30 on 15 July (same UTC day).
      expect(daysAgo("2026-07-14T21:30:00Z", "2026-07-14T22:30:00Z")).toBe(1);
      // 00:30 and 23:59 on 15 July in Berlin, on two different UTC days.
      expect(daysAgo("2026-07-14T22:30:00Z", "2026-07-15T21:59:00Z")).toBe(0);
      expect(daysAgo("2026-07-10T10:00:00Z", "2026-07-15T10:00:00Z")).toBe(5);
    });

    it("counts Berlin calendar days around the switch to summer time", () => {
      // 00:30 CET and 01:30 CET on 29 March in Berlin: the same day, though different UTC days.
      expect(daysAgo("2026-03-28T23:30:00Z", "2026-03-29T00:30:00Z")).toBe(0);
      // 23:30 CET on 28 March, then 03:30 CEST on 29 March (the 02:00–03:00 hour does not exist).
      expect(daysAgo("2026-03-28T22:30:00Z", "2026-03-29T01:30:00Z")).toBe(1);
      // Two weeks across the switch are 14 days although 1 hour short of 14 × 24 hours.
      expect(daysAgo("2026-03-20T12:00:00Z", "2026-04-03T11:00:00Z")).toBe(14);
    });

    it("counts Berlin calendar days around the switch back to winter time", () => {
      // 23:30 CEST on 24 October, then 00:30 CEST on 25 October.
      expect(daysAgo("2026-10-24T21:30:00Z", "2026-10-24T22:30:00Z")).toBe(1);
      // 00:00 CEST and 23:59 CET on 25 October, a 25-hour day.
      expect(daysAgo("2026-10-24T22:00:00Z", "2026-10-25T22:59:00Z")).toBe(0);
      // Two weeks across the switch are 14 days although 1 hour more than 14 × 24 hours.
      expect(daysAgo("2026-10-18T12:00:00Z", "2026-11-01T13:00:00Z")).toBe(14);
    });

    it("counts a door scan later than the purchase", () => {
      expect(
        daysAgo("2026-02-01T12:00:00Z", "2026-03-02T12:00:00Z", [
          ["entry", "2026-03-01T18:00:00Z"],
        ]),
      ).toBe(1);
    });
  });
});

describe("last activity message", () => {
  const cases = {
    de: { 0: "Heute", 1: "Gestern", 2: "vor 2 Tagen", 5: "vor 5 Tagen" },
    en: { 0: "Today", 1: "Yesterday", 2: "2 days ago", 5: "5 days ago" },
  } as const;
  const catalogues = { de: deAccount, en: enAccount } as const;

  it.each(["de", "en"] as const)("has the plural forms in %s", (locale) => {
    const t = createTranslator({
      locale,
      messages: { account: catalogues[locale] },
      namespace: "account",
    });
    for (const [days, expected] of Object.entries(cases[locale])) {
      expect(t("lastActivity", { days: Number(days) })).toBe(expected);
    }
  });

  it("formats a summary's lastActivityDaysAgo", () => {
    const concert = event(1, "2026-03-01T19:00:00+01:00");
    const summary = summariseTickets(
      [ticket(concert, { createdAt: "2026-04-29T21:30:00Z" })], // 23:30 on 29 April in Berlin
      new Date("2026-04-30T22:30:00Z"), // 00:30 on 1 May in Berlin
    );
    const t = createTranslator({
      locale: "de",
      messages: { account: deAccount },
      namespace: "account",
    });
    expect(t("lastActivity", { days: summary.lastActivityDaysAgo ?? 0 })).toBe("vor 2 Tagen");
  });
});

import type { TicketRecord } from "@eventwerk/contract";

/** Events starting within this many days from now count as upcoming. */
export const upcomingWindowDays = 21;

const dayMs = 24 * 60 * 60 * 1000;

/** A city or category with the number of distinct events attended there. */
export type MostVisited = { id: number; name: string; count: number };

/** The account dashboard's figures. */
export type DashboardSummary = {
  /** Tickets with at least one entry scan. */
  eventsAttended: number;
  /** Distinct non-cancelled events starting between now and now + `upcomingWindowDays`. */
  upcomingEvents: number;
  ticketsPurchased: number;
  /** Sum of ticket price minus discount, integer cents EUR. */
  expenditureCents: number;
  /** `expenditureCents` in euros (2 decimals). */
  expenditure: number;
  mostVisitedCity: MostVisited | null;
  mostVisitedCategory: MostVisited | null;
  /** Berlin calendar days between the latest purchase or scan and now; null without any. */
  lastActivityDaysAgo: number | null;
};

type TicketEvent = TicketRecord["event_ticket_type"]["event"];

const berlinDate = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** The Europe/Berlin calendar date of an instant, as a day number (days since 1970-01-01). */
function berlinDayNumber(instant: number): number {
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of berlinDate.formatToParts(instant)) {
    if (part.type === "year") year = Number(part.value);
    else if (part.type === "month") month = Number(part.value);
    else if (part.type === "day") day = Number(part.value);
  }
  return Date.UTC(year, month - 1, day) / dayMs;
}

const nameOrder = new Intl.Collator("de");

type Ranked = MostVisited & { latest: number };

/**
 * Negative when `a` ranks before `b`: more distinct attended events first; on a tie, the group
 * whose latest attended event (by start date) is the most recent; if that ties too, name
 * ascending (German collation), and finally the lower id, so input order never matters.
 */
function rank(a: Ranked, b: Ranked): number {
  return (
    b.count - a.count || b.latest - a.latest || nameOrder.compare(a.name, b.name) || a.id - b.id
  );
}

/** The city or category (per `groupOf`) with the most distinct attended events. */
function mostVisited(
  attended: readonly TicketEvent[],
  groupOf: (event: TicketEvent) => { id: number; name: string },
): MostVisited | null {
  const groups = new Map<number, { name: string; events: Set<number>; latest: number }>();
  for (const event of attended) {
    const { id, name } = groupOf(event);
    const group = groups.get(id) ?? { name, events: new Set<number>(), latest: -Infinity };
    group.events.add(event.id);
    // An unparseable start (NaN) never counts as the latest.
    const start = Date.parse(event.date);
    if (start > group.latest) group.latest = start;
    groups.set(id, group);
  }
  let best: Ranked | null = null;
  for (const [id, group] of groups) {
    const candidate = { id, name: group.name, count: group.events.size, latest: group.latest };
    if (best === null || rank(candidate, best) < 0) best = candidate;
  }
  return best && { id: best.id, name: best.name, count: best.count };
}

/** The account dashboard summary of a visitor's tickets at the instant `now`. */
export function summariseTickets(tickets: readonly TicketRecord[], now: Date): DashboardSummary {
  const nowMs = now.getTime();
  const windowEnd = nowMs + upcomingWindowDays * dayMs;

  let eventsAttended = 0;
  let expenditureCents = 0;
  let lastActivity = -Infinity;
  const upcoming = new Set<number>();
  const attendedEvents = new Map<number, TicketEvent>();

  for (const ticket of tickets) {
    const event = ticket.event_ticket_type.event;
    // A refunded order's tickets admit no one and cost nothing in the end.
    const valid = ticket.order_status === "paid";
    if (valid) expenditureCents += ticket.ticket_price - (ticket.discount_price ?? 0);

    if (ticket.event_log.some((log) => log.entry_type === "entry")) {
      eventsAttended += 1;
      attendedEvents.set(event.id, event);
    }

    const start = Date.parse(event.date);
    if (valid && event.status !== "cancelled" && start >= nowMs && start <= windowEnd)
      upcoming.add(event.id);

    // Unparseable timestamps (NaN) never win the comparison and are thereby ignored.
    for (const stamp of [ticket.created_at, ...ticket.event_log.map((log) => log.created_at)]) {
      const instant = Date.parse(stamp);
      if (instant > lastActivity) lastActivity = instant;
    }
  }

  const attended = [...attendedEvents.values()];
  return {
    eventsAttended,
    upcomingEvents: upcoming.size,
    ticketsPurchased: tickets.length,
    expenditureCents,
    expenditure: Math.round(expenditureCents) / 100,
    mostVisitedCity: mostVisited(attended, (event) => ({
      id: event.event_venue.city_id,
      name: event.event_venue.city_name,
    })),
    mostVisitedCategory: mostVisited(attended, (event) => event.event_category),
    lastActivityDaysAgo:
      lastActivity === -Infinity
        ? null
        : Math.max(0, berlinDayNumber(nowMs) - berlinDayNumber(lastActivity)),
  };
}

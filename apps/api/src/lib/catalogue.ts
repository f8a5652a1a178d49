import type { Availability, Image } from "@eventwerk/contract";

/**
 * Pure rules of the catalogue: image paths, the Berlin calendar behind the date filters and
 * the availability of ticket types and events. The SQL lives in catalogue-queries.ts.
 */

// --- Images -------------------------------------------------------------------------------

const imageWidths = [320, 640, 960] as const;

/** An image of the bundled artwork `<base>-<width>.webp` under `covers/` (storage-relative). */
export function coverImage(base: string): Image {
  return {
    src: `covers/${base}-640.webp`,
    srcset: imageWidths.map((width) => `covers/${base}-${width}.webp ${width}w`).join(", "),
    width: 640,
    height: 360,
  };
}

/** A category's picture is the first cover of its artwork set, `<image>-1`. */
export const categoryImage = (image: string): Image => coverImage(`${image}-1`);

// --- Berlin calendar ----------------------------------------------------------------------

export const catalogueTimeZone = "Europe/Berlin";

const berlinFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: catalogueTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

type CalendarDay = { year: number; month: number; day: number };

function berlinFields(instant: number) {
  const parts: Record<string, number> = {};
  for (const part of berlinFormat.formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

/** Milliseconds Berlin's wall clock is ahead of UTC at this instant (1 h or 2 h). */
function berlinOffset(instant: number): number {
  const f = berlinFields(instant);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The Berlin calendar day an instant falls on. */
export function berlinDay(instant: Date): CalendarDay {
  const f = berlinFields(instant.getTime());
  return { year: f.year, month: f.month, day: f.day };
}

/**
 * The instant of 00:00 in Berlin on a calendar day; day and month may overflow (day 32 is the
 * first of the next month), as with Date.UTC. Midnight never falls into a DST gap in Berlin.
 */
export function berlinMidnight(year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day);
  const guess = wall - berlinOffset(wall);
  return new Date(wall - berlinOffset(guess));
}

const addDays = (day: CalendarDay, days: number) =>
  berlinMidnight(day.year, day.month, day.day + days);

/** ISO weekday of a calendar day: Monday 1 … Sunday 7. */
const isoWeekday = (day: CalendarDay) =>
  ((new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7) + 1;

/** A half-open window [start, end) of instants; null is unbounded. */
export type Window = { start: Date | null; end: Date | null };

/**
 * The window of a date preset, in Berlin days:
 * - today: today 00:00 to tomorrow 00:00;
 * - tomorrow: tomorrow 00:00 to the day after 00:00;
 * - weekend: Saturday 00:00 to Monday 00:00 of the coming weekend, or of the current one on
 *   Saturday and Sunday. Friday (evening too) is not part of the weekend: on Friday the window
 *   is the following Saturday and Sunday; Friday-night events are under "today";
 * - month: today 00:00 to the first of the next month 00:00.
 * The listing also keeps only events that have not ended yet, so each preset starts "now".
 */
export function presetWindow(
  preset: "today" | "tomorrow" | "weekend" | "month",
  now: Date,
): Window {
  const today = berlinDay(now);
  switch (preset) {
    case "today":
      return { start: addDays(today, 0), end: addDays(today, 1) };
    case "tomorrow":
      return { start: addDays(today, 1), end: addDays(today, 2) };
    case "weekend": {
      const weekday = isoWeekday(today);
      const toSaturday = weekday === 7 ? -1 : 6 - weekday;
      return { start: addDays(today, toSaturday), end: addDays(today, toSaturday + 2) };
    }
    case "month":
      return { start: addDays(today, 0), end: berlinMidnight(today.year, today.month + 1, 1) };
  }
}

/** `from`/`to` (YYYY-MM-DD, inclusive Berlin days) as a window. */
export function dateRangeWindow(from?: string, to?: string): Window {
  const parse = (value: string) => value.split("-").map(Number) as [number, number, number];
  const start = from ? berlinMidnight(...parse(from)) : null;
  let end: Date | null = null;
  if (to) {
    const [y, m, d] = parse(to);
    end = berlinMidnight(y, m, d + 1);
  }
  return { start, end };
}

/** The intersection of windows. */
export function intersect(...windows: Window[]): Window {
  let start: Date | null = null;
  let end: Date | null = null;
  for (const w of windows) {
    if (w.start && (!start || w.start > start)) start = w.start;
    if (w.end && (!end || w.end < end)) end = w.end;
  }
  return { start, end };
}

// --- Availability -------------------------------------------------------------------------

export type TicketState = {
  capacity: number;
  /** Sold or held by an unexpired hold (`takenSeats`). */
  taken: number;
  salesStart: Date | null;
  salesEnd: Date | null;
};

/**
 * Whether an event sells nothing (now): it ended or was cancelled, or it is a draft again
 * (unpublished, or its organiser suspended), which sells nothing until it is published.
 */
export const isClosed = (event: { status: string; endsAt: Date }, now: Date) =>
  event.status !== "published" || event.endsAt.getTime() < now.getTime();

/**
 * One ticket type: `sale_ended` when the event is past or cancelled or its sales end passed,
 * `not_yet_on_sale` before its sales start, `sold_out` when sold and held ≥ capacity, else `on_sale`.
 * (The same rules are counted in SQL by `ticketAggregates` for the listings.)
 */
export function ticketAvailability(type: TicketState, closed: boolean, now: Date): Availability {
  if (closed || (type.salesEnd && type.salesEnd.getTime() <= now.getTime())) return "sale_ended";
  if (type.salesStart && type.salesStart.getTime() > now.getTime()) return "not_yet_on_sale";
  if (type.taken >= type.capacity) return "sold_out";
  return "on_sale";
}

export type AvailabilityCounts = Record<Availability, number>;

/**
 * The event: `on_sale` if any type is; else `sold_out` if every type still in its sales period
 * is sold out; else `not_yet_on_sale` if a type's sales start later; else `sale_ended`. An
 * upcoming event without ticket types is `not_yet_on_sale`; a closed one is always `sale_ended`.
 */
export function eventAvailability(counts: AvailabilityCounts, closed: boolean): Availability {
  if (closed) return "sale_ended";
  if (counts.on_sale > 0) return "on_sale";
  if (counts.sold_out > 0 && counts.not_yet_on_sale === 0) return "sold_out";
  if (counts.not_yet_on_sale > 0) return "not_yet_on_sale";
  if (counts.sale_ended > 0) return "sale_ended";
  return "not_yet_on_sale";
}

/** The lower-cased words of a query, once each, for highlighting. */
export function searchTerms(q: string): string[] {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word !== "or");
  return [...new Set(words)];
}

/** A LIKE pattern that matches the text literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

import { describe, expect, it } from "vitest";
import {
  berlinMidnight,
  categoryImage,
  coverImage,
  dateRangeWindow,
  eventAvailability,
  presetWindow,
  searchTerms,
  ticketAvailability,
} from "../lib/catalogue.ts";
import { buildCalendar, escapeText, foldLine } from "../lib/catalogue-ics.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;
const window = (preset: Parameters<typeof presetWindow>[0], now: string) => {
  const w = presetWindow(preset, new Date(now));
  return [iso(w.start), iso(w.end)];
};

describe("Berlin date windows", () => {
  it("finds midnight in Berlin in winter and summer time", () => {
    expect(iso(berlinMidnight(2025, 1, 15))).toBe("2025-01-14T23:00:00.000Z");
    expect(iso(berlinMidnight(2025, 7, 15))).toBe("2025-07-14T22:00:00.000Z");
    // Day overflow rolls into the next month.
    expect(iso(berlinMidnight(2025, 1, 32))).toBe("2025-01-31T23:00:00.000Z");
  });

  it("today and tomorrow are Berlin days, also just after midnight in Berlin", () => {
    // 23:30 UTC on the 10th is 00:30 on the 11th in Berlin (summer time).
    expect(window("today", "2025-06-10T22:30:00Z")).toEqual([
      "2025-06-10T22:00:00.000Z",
      "2025-06-11T22:00:00.000Z",
    ]);
    expect(window("tomorrow", "2025-06-10T12:00:00Z")).toEqual([
      "2025-06-10T22:00:00.000Z",
      "2025-06-11T22:00:00.000Z",
    ]);
  });

  it("weekend is the coming Saturday and Sunday, or the current one", () => {
    const weekend = ["2025-06-13T22:00:00.000Z", "2025-06-15T22:00:00.000Z"];
    expect(window("weekend", "2025-06-11T10:00:00Z")).toEqual(weekend); // Wednesday
    expect(window("weekend", "2025-06-13T19:00:00Z")).toEqual(weekend); // Friday 21:00
    expect(window("weekend", "2025-06-14T10:00:00Z")).toEqual(weekend); // Saturday
    expect(window("weekend", "2025-06-15T21:30:00Z")).toEqual(weekend); // Sunday 23:30
    // Monday 00:30 in Berlin: the next weekend.
    expect(window("weekend", "2025-06-15T22:30:00Z")).toEqual([
      "2025-06-20T22:00:00.000Z",
      "2025-06-22T22:00:00.000Z",
    ]);
    // The weekend summer time starts: Saturday in CET, Monday in CEST.
    expect(window("weekend", "2025-03-26T12:00:00Z")).toEqual([
      "2025-03-28T23:00:00.000Z",
      "2025-03-30T22:00:00.000Z",
    ]);
  });

  it("month runs to the first of the next month, across the year's end", () => {
    expect(window("month", "2025-12-20T12:00:00Z")).toEqual([
      "2025-12-19T23:00:00.000Z",
      "2025-12-31T23:00:00.000Z",
    ]);
  });

  it("from/to are inclusive days", () => {
    const w = dateRangeWindow("2025-06-01", "2025-06-02");
    expect([iso(w.start), iso(w.end)]).toEqual([
      "2025-05-31T22:00:00.000Z",
      "2025-06-02T22:00:00.000Z",
    ]);
    expect(dateRangeWindow(undefined, undefined)).toEqual({ start: null, end: null });
  });
});

describe("availability rules", () => {
  const now = new Date("2025-06-01T12:00:00Z");
  const later = new Date("2025-06-02T12:00:00Z");
  const earlier = new Date("2025-05-31T12:00:00Z");
  const type = { capacity: 10, taken: 0, salesStart: null, salesEnd: null };

  it("answers each ticket type's state", () => {
    expect(ticketAvailability(type, false, now)).toBe("on_sale");
    expect(ticketAvailability(type, true, now)).toBe("sale_ended");
    expect(ticketAvailability({ ...type, salesEnd: earlier }, false, now)).toBe("sale_ended");
    expect(ticketAvailability({ ...type, salesStart: later }, false, now)).toBe("not_yet_on_sale");
    expect(ticketAvailability({ ...type, taken: 10 }, false, now)).toBe("sold_out");
    expect(ticketAvailability({ ...type, salesStart: earlier, salesEnd: later }, false, now)).toBe(
      "on_sale",
    );
  });

  it("combines the types into the event's state", () => {
    const none = { on_sale: 0, sold_out: 0, not_yet_on_sale: 0, sale_ended: 0 };
    expect(eventAvailability({ ...none, on_sale: 1, sold_out: 3 }, false)).toBe("on_sale");
    expect(eventAvailability({ ...none, sold_out: 2, sale_ended: 1 }, false)).toBe("sold_out");
    expect(eventAvailability({ ...none, sold_out: 1, not_yet_on_sale: 1 }, false)).toBe(
      "not_yet_on_sale",
    );
    expect(eventAvailability({ ...none, sale_ended: 2 }, false)).toBe("sale_ended");
    expect(eventAvailability(none, false)).toBe("not_yet_on_sale");
    expect(eventAvailability({ ...none, on_sale: 1 }, true)).toBe("sale_ended");
  });
});

describe("catalogue helpers", () => {
  it("builds image paths under covers/", () => {
    expect(coverImage("jazz-2")).toEqual({
      src: "covers/jazz-2-640.webp",
      srcset:
        "covers/jazz-2-320.webp 320w, covers/jazz-2-640.webp 640w, covers/jazz-2-960.webp 960w",
      width: 640,
      height: 360,
    });
    expect(categoryImage("concerts").src).toBe("covers/concerts-1-640.webp");
  });

  it("answers the lower-cased words of a query once each", () => {
    expect(searchTerms('  "Jazz Festival" -Rock jazz Köln  ')).toEqual([
      "jazz",
      "festival",
      "rock",
      "köln",
    ]);
  });
});

describe("iCalendar writer", () => {
  it("escapes text values", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
  });

  it("folds long lines at 75 octets without splitting characters", () => {
    const line = `DESCRIPTION:${"ä".repeat(100)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    expect(folded.map((part, i) => (i ? part.slice(1) : part)).join("")).toBe(line);
  });

  it("writes one VEVENT in UTC with CRLF line ends", () => {
    const ics = buildCalendar(
      {
        uid: "event-1@example.com",
        stamp: new Date("2025-01-01T00:00:00Z"),
        start: new Date("2025-06-14T18:00:00Z"),
        end: new Date("2025-06-14T21:30:00Z"),
        summary: "Jazz, Blues; Swing",
        location: "Halle 1",
        cancelled: true,
      },
      "-//Test//EN",
    );
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics).toContain("DTSTART:20250614T180000Z\r\n");
    expect(ics).toContain("DTEND:20250614T213000Z\r\n");
    expect(ics).toContain("SUMMARY:Jazz\\, Blues\\; Swing\r\n");
    expect(ics).toContain("STATUS:CANCELLED\r\n");
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/\n/);
  });
});

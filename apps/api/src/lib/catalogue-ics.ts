import type { Locale } from "@eventwerk/contract";
import type { EventRecord } from "./catalogue-queries.ts";
import type { MailAttachment } from "./mailer.ts";

/**
 * A tiny iCalendar (RFC 5545) writer for one event: escaped text values, UTC times, lines
 * folded at 75 octets without splitting a UTF-8 character, CRLF line ends.
 */

export type CalendarEvent = {
  uid: string;
  /** When this version of the event was last changed. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  geo?: { latitude: number; longitude: number };
  cancelled?: boolean;
};

/** TEXT value escaping: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** 20250614T180000Z */
export const icsDate = (date: Date) =>
  `${date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")}`;

/** Folds a content line into lines of at most 75 octets, continued by a leading space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const sequenceEpoch = Date.UTC(2020, 0, 1);

export function buildCalendar(event: CalendarEvent, productId: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsDate(event.stamp)}`,
    // Calendars take the file with the higher sequence as the newer version of the same UID: the
    // seconds from 2020 to the last change only grow (a moved event's notice after its
    // confirmation), and stay a 32-bit integer, as RFC 5545 wants, until 2088.
    `SEQUENCE:${Math.max(0, Math.floor((event.stamp.getTime() - sequenceEpoch) / 1000))}`,
    `DTSTART:${icsDate(event.start)}`,
    `DTEND:${icsDate(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.geo) lines.push(`GEO:${event.geo.latitude};${event.geo.longitude}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  );
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** One event of the catalogue as a calendar file, in the language its record was read in. */
export function eventCalendar(
  event: EventRecord,
  options: { publicUrl: string; siteName: string; locale: Locale },
): { body: string; filename: string } {
  const { summary, detail } = event;
  const venue = detail.venue;
  const body = buildCalendar(
    {
      uid: `event-${summary.id}@${new URL(options.publicUrl).hostname}`,
      stamp: event.updatedAt,
      start: new Date(summary.starts_at),
      end: new Date(summary.ends_at),
      summary: summary.title,
      location: `${venue.name}, ${venue.address_line}, ${venue.postal_code} ${venue.city_name}`,
      geo: { latitude: venue.latitude, longitude: venue.longitude },
      description: event.description,
      cancelled: summary.status === "cancelled",
    },
    `-//${options.siteName}//Catalogue//${options.locale.toUpperCase()}`,
  );
  return { body, filename: `${summary.slug}.ics` };
}

/** The event's calendar file as a mail attachment, published (no invitation to answer). */
export function calendarAttachment(calendar: { body: string; filename: string }) {
  return {
    filename: calendar.filename,
    content: calendar.body,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
  } satisfies MailAttachment;
}

/**
 * Form values of the panel as the API wants them: `datetime-local` fields are Berlin wall-clock
 * times (the catalogue's calendar), prices are typed in euros.
 */
const timeZone = "Europe/Berlin";

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
const partsFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Berlin's UTC offset at an instant, as `+01:00`. */
function berlinOffset(instant: Date): string {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === "timeZoneName");
  const match = /GMT([+-]\d{2}:\d{2})/.exec(name?.value ?? "");
  return match ? match[1]! : "+00:00";
}

/**
 * A `datetime-local` value (Berlin time) as ISO 8601 with Berlin's offset at that time; what is
 * not such a value is passed on as typed, so the API names the field. Empty: null.
 */
export function berlinIso(local: string): string | null {
  const value = local.trim();
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const [, y, m, d, h, min] = match.map(Number) as number[];
  const guess = new Date(Date.UTC(y!, m! - 1, d!, h!, min!));
  // The offset an hour either side of a clock change can differ: take it at the guessed instant.
  const offset = berlinOffset(
    new Date(guess.getTime() - offsetMinutes(berlinOffset(guess)) * 60_000),
  );
  return `${value}:00${offset}`;
}

function offsetMinutes(offset: string): number {
  const [, sign, h, m] = /([+-])(\d{2}):(\d{2})/.exec(offset) ?? [];
  return (sign === "-" ? -1 : 1) * (Number(h ?? 0) * 60 + Number(m ?? 0));
}

/** An ISO instant as a `datetime-local` value in Berlin time. */
export function berlinLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const parts = Object.fromEntries(
    partsFormat.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * A `datetime-local` value as ISO 8601, or `stored` (the instant the form was filled from) while
 * the value still shows that instant: in the hour October's clock change repeats, the Berlin time
 * alone names two instants, and saving a form unchanged must not move the event by an hour.
 */
export function berlinIsoKeeping(local: string, stored: string | null | undefined): string | null {
  const kept = stored && !Number.isNaN(Date.parse(stored)) && local.trim() === berlinLocal(stored);
  return kept ? stored : berlinIso(local);
}

/**
 * Euros as typed (`25`, `25,50`, `25.5`, `-5`) in cents; not a number: NaN. The API names the
 * field, and a negative amount gets its range rather than "not a number".
 */
export function centsOf(euros: string): number {
  const value = euros.trim().replace(",", ".");
  if (!/^-?\d+(\.\d{1,2})?$/.test(value)) return Number.NaN;
  return Math.round(Number(value) * 100);
}

/** A decimal number as typed (`7`, `8,1`, `48.13`); not a number: NaN (the API names the field). */
export const decimal = (text: string) => {
  const value = text.trim().replace(",", ".");
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
};

/**
 * A number as typed, or null when the field is empty. A fraction goes on as one: the API says "a
 * whole number" where one belongs, rather than "not a number".
 */
export const numberOrNull = (text: string): number | null => (text.trim() ? decimal(text) : null);

/** Cents as a euro amount for a form field (`25,50` in German, `25.50` in English). */
export const eurosOf = (cents: number, locale: "de" | "en") => {
  const text = (cents / 100).toFixed(2);
  return locale === "de" ? text.replace(".", ",") : text;
};

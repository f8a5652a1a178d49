import { z } from "zod";
import { idempotencyKeyHeader } from "./constants.ts";
import { oneLinePattern } from "./text-rules.ts";

/**
 * A whole number from a query string or path: decimal digits only (a minus may lead, so that
 * `schema` names its range), then `schema`. Coercing with `Number` would read `1e3`, `0x10`,
 * `1.0` or `" 7"` as a number the visitor never wrote (and `""` as 0); such a string stays a
 * string here, and `schema` refuses it as "not a number". A number (a JSON body's) passes to
 * `schema` as it is. A default goes on `schema`: outside, the OpenAPI document would not show it.
 */
export const decimal = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value: string | number) =>
      typeof value === "string" && /^-?[0-9]{1,15}$/.test(value) ? Number(value) : value,
    schema,
  );

/** Wraps a payload in the `{ data: ... }` envelope every API answer uses. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/**
 * A list's paging in the query string, spread into its query schema: `page` from 1, `per_page` up
 * to 100 (the default is the list's own). Bounded, so that no offset makes the database walk far.
 */
export const pageQuery = (defaultPerPage: number) => ({
  page: decimal(z.number().int().min(1).max(10_000).default(1)),
  per_page: decimal(z.number().int().min(1).max(100).default(defaultPerPage)),
});

/** Where a page stands in the whole list. */
export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** One page of a list: its rows in `data`, and `meta`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });

/** The `meta` of the page `query` asked for, of `total` rows in all. */
export const pageMeta = (query: { page: number; per_page: number }, total: number): PageMeta => ({
  page: query.page,
  per_page: query.per_page,
  total,
  pages: Math.ceil(total / query.per_page),
});

/** Ids are PostgreSQL integers; a larger number can name no row. */
export const refIdSchema = z.number().int().positive().max(2_147_483_647);
/** An id from a query string or path (or a JSON body's number). */
export const idSchema = decimal(refIdSchema);
export const idQuerySchema = z.object({ id: idSchema });
export const idParamSchema = z.object({ id: idSchema });

/*
 * Every text a visitor sends goes through one of these, so no field can carry what PostgreSQL
 * refuses (NUL), what forges a line in an email (CR/LF in one-line text), what reverses how a
 * name reads (bidi overrides), or a lone UTF-16 surrogate: valid JSON, but not text, and stored
 * as U+FFFD. With the `u` flag a character class sees a surrogate pair as one code point, so
 * D800–DFFF matches only a lone half. C1 controls (U+0080–U+009F) go with the C0 ones. One-line
 * text's pattern (`oneLinePattern`) is in text-rules.ts: the door scanner checks codes with it too.
 */
/** Multi-line text keeps TAB, LF and CR (browsers send a textarea's line breaks as CRLF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const multiLinePattern = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;
/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), and the invisible
 * zero-width space, word joiner and BOM that make two names look alike; the zero-width
 * (non-)joiners stay, as scripts and emoji need them.
 */
const disguisePattern = /^[^\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]*$/u;
const invalidCharacters = { error: "invalid_characters" } as const;

/**
 * A string of `min` to `max` characters. An empty one fails "at least 1" first, so a form shows
 * "required" rather than "at least 3 characters" (a field shows its first issue).
 */
export const lengthBetween = (schema: z.ZodString, min: number, max: number) =>
  (min > 1 ? schema.min(1) : schema).min(min).max(max);
/** One line of text: no control characters at all. */
export const oneLine = (max = 120, min = 1) =>
  lengthBetween(z.string().trim(), min, max).regex(oneLinePattern, invalidCharacters);
/** Text with line breaks and tabs, no other control characters. */
export const multiLine = (max: number, min = 1) =>
  lengthBetween(z.string().trim(), min, max).regex(multiLinePattern, invalidCharacters);
/** A person's or company's name: one line, and no bidi controls that could disguise it. */
export const personName = (max = 80) => oneLine(max).regex(disguisePattern, invalidCharacters);
/** A token or id that is compared, never shown: one line, untrimmed. */
export const opaqueText = (max: number, min = 1) =>
  lengthBetween(z.string(), min, max).regex(oneLinePattern, invalidCharacters);
/**
 * A moment as ISO 8601 with offset, within the years PostgreSQL and JavaScript both write: the
 * format alone lets through year 0, and 9999-12-31T23:59:59-14:00, which is 10000 in UTC.
 */
export const isoMoment = () =>
  z.iso.datetime({ offset: true, error: "invalid_datetime" }).refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 1970 && year <= 9999;
    },
    { error: "invalid_datetime" },
  );
/**
 * The request headers of a create call that takes an Idempotency-Key. A key that seals what the
 * call answers (a door link's secret) must be long enough not to be guessed from its hash.
 */
export const idempotencyHeaders = (minLength = 8) =>
  z.looseObject({ [idempotencyKeyHeader]: z.string().min(minLength).max(100).optional() });
export const phoneSchema = oneLine(32, 0).regex(/^\+?[0-9 ()/-]{4,}$/, { error: "invalid_phone" });

export const okSchema = dataOf(z.object({ success: z.literal(true) }));
export type Ok = z.infer<typeof okSchema>;

const thisMachine = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Whether an address (PUBLIC_URL) names this machine. */
export const isLoopbackUrl = (url: string) => thisMachine.has(new URL(url).hostname);
/**
 * Where a server listens unless HOST says: this machine only while its address (PUBLIC_URL) is
 * this machine's, else every address. The demo's published logins and secrets are then never
 * reachable from elsewhere by default.
 */
export const defaultListenHost = (publicUrl: string | undefined) => {
  const host = publicUrl ? new URL(publicUrl).hostname : "localhost";
  if (!thisMachine.has(host)) return "0.0.0.0";
  return host === "[::1]" ? "::1" : "127.0.0.1";
};

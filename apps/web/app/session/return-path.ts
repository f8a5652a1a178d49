/**
 * Controls, whitespace, invisible and bidi characters: browsers drop or rewrite some of them in a
 * URL (`/\t/evil.example` becomes `//evil.example`), CR/LF would split the Location header, and
 * none belongs in one of our paths.
 */
const unsafe = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;

/** Where a return path would lead, resolved as a browser resolves a Location on our origin. */
const ourOrigin = "http://eventwerk.invalid";

/**
 * The path to send the visitor back to after the login: only a path on this site (`/x`, never
 * `//host`, `/\host` or anything a browser would turn into one), else the fallback.
 */
export function safeReturnPath(value: string | undefined, fallback: string): string {
  if (!value || value.length > 2000 || !/^\/(?!\/)/.test(value) || unsafe.test(value)) {
    return fallback;
  }
  return URL.parse(value, ourOrigin)?.origin === ourOrigin ? value : fallback;
}

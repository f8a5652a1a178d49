import { createHash } from "node:crypto";

/**
 * Validators shared by the API and the web server. Server side only: it needs node:crypto, so it
 * is a subpath of its own that never reaches the browser bundle.
 */

/** A weak validator of a body: equal bodies (same language, same data) have equal tags. */
export const weakEtag = (body: string | Uint8Array) =>
  `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;

const stripWeak = (tag: string) => tag.trim().replace(/^W\//, "");

/** Whether an If-None-Match header names the tag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const wanted = stripWeak(etag);
  return header.split(",").some((tag) => stripWeak(tag) === wanted);
}

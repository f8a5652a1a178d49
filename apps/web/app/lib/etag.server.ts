import { matchesEtag, weakEtag } from "@eventwerk/contract/http-cache";
import { nonceOf } from "./security-headers.server";

/** What a 304 carries of the full answer (RFC 9110, 15.4.5). */
const notModifiedHeaderNames = ["cache-control", "content-location", "etag", "expires", "vary"];

export function notModifiedHeaders(headers: HeadersInit): Headers {
  const all = new Headers(headers);
  const kept = new Headers();
  for (const name of notModifiedHeaderNames) {
    const value = all.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept;
}

const isPublic = (response: Response) =>
  response.status === 200 && /\bpublic\b/.test(response.headers.get("cache-control") ?? "");

/**
 * The weak ETag of a body without its page's script nonce, which is new on every render: pages
 * that differ only in it are the same page, and revalidate with a 304 (which keeps the stored
 * nonce and policy). The nonce is ASCII, so it is cut out of the bytes as they are, without
 * decoding the page to text and encoding it again (~2 % of a page view's CPU).
 */
function etagWithoutNonce(body: Uint8Array, headers: Headers): string {
  const nonce = nonceOf(headers.get("content-security-policy"));
  if (!nonce) return weakEtag(body);
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let at = bytes.indexOf(nonce, 0, "latin1"); at !== -1; ) {
    parts.push(bytes.subarray(from, at));
    from = at + nonce.length;
    at = bytes.indexOf(nonce, from, "latin1");
  }
  parts.push(bytes.subarray(from));
  return weakEtag(Buffer.concat(parts));
}

/**
 * A public page with a weak ETag of its body, so that browsers and CDNs revalidate with a 304
 * instead of fetching it again. Public pages are small and the guest cache buffers them anyway;
 * personal pages keep streaming untouched.
 */
export async function withEtag(response: Response): Promise<Response> {
  if (!isPublic(response) || response.headers.has("etag")) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set("etag", etagWithoutNonce(body, headers));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** The answer, or a 304 when the request's If-None-Match names its ETag. */
export function conditional(request: Request, response: Response): Response {
  const etag = response.headers.get("etag");
  if (
    response.status !== 200 ||
    !etag ||
    !matchesEtag(request.headers.get("if-none-match"), etag)
  ) {
    return response;
  }
  void response.body?.cancel();
  return new Response(null, { status: 304, headers: notModifiedHeaders(response.headers) });
}

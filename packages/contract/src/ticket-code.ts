import * as z from "zod/mini";
import type { TicketKey } from "./checkout.ts";

/*
 * Signed ticket codes, checked by the API and, offline, by the door scanner in the browser. Zod's
 * tree-shakable build (`zod/mini`) for the one schema here: the scanner loads this module (as
 * `@eventwerk/contract/ticket-code`, right after its page), and the classic build with the
 * contract's schemas was a file of 24.5 kB of its JavaScript (gzip); this one is 5.5 kB.
 */

/**
 * What a ticket's QR code says, signed with Ed25519: no personal data, only ids. `kid` names
 * the key (see the ticket-keys endpoint), so keys can be rotated.
 */
export const ticketCodePayloadSchema = z.object({
  v: z.literal(1),
  kid: z.string(),
  /** Ticket, event and ticket type ids. */
  tid: z.int(),
  eid: z.int(),
  ttid: z.int(),
});
export type TicketCodePayload = z.infer<typeof ticketCodePayloadSchema>;

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

/** Imported once per key: a door checks every scan against the same few keys. */
type ImportedKey = ReturnType<typeof crypto.subtle.importKey>;
const importedKeys = new Map<string, ImportedKey>();
function importedKey(key: TicketKey): ImportedKey {
  const id = `${key.kid}.${key.x}`;
  let imported = importedKeys.get(id);
  if (!imported) {
    imported = crypto.subtle.importKey(
      "jwk",
      { kty: key.kty, crv: key.crv, x: key.x },
      { name: "Ed25519" },
      false,
      ["verify"],
    );
    // A key that failed to import is tried again next time rather than kept as a failure.
    imported.catch(() => importedKeys.delete(id));
    importedKeys.set(id, imported);
  }
  return imported;
}

/**
 * Checks a scanned code (`base64url(payload).base64url(signature)`) against the published keys,
 * without the database: the payload when the signature holds, else null. Works in browsers and
 * Node (WebCrypto Ed25519).
 */
export async function verifyTicketCode(
  code: string,
  keys: readonly TicketKey[],
): Promise<TicketCodePayload | null> {
  const parts = code.split(".");
  if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]!) || !/^[\w-]+$/.test(parts[1]!)) {
    return null;
  }
  try {
    const payloadBytes = fromBase64url(parts[0]!);
    const parsed = ticketCodePayloadSchema.safeParse(
      JSON.parse(new TextDecoder().decode(payloadBytes)),
    );
    if (!parsed.success) return null;
    const key = keys.find((candidate) => candidate.kid === parsed.data.kid);
    if (!key) return null;
    const publicKey = await importedKey(key);
    const valid = await crypto.subtle.verify(
      { name: "Ed25519" },
      publicKey,
      fromBase64url(parts[1]!),
      payloadBytes,
    );
    return valid ? parsed.data : null;
  } catch {
    return null;
  }
}

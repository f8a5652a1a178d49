import { createHash, KeyObject, sign, verify, type webcrypto } from "node:crypto";
import type { TicketCodePayload, TicketKey } from "@eventwerk/contract";
import type { Config } from "../config.ts";
import { loadKeys } from "./tokens.ts";

export type TicketSigner = {
  /** `base64url(payload).base64url(Ed25519 signature)`: what the ticket's QR code carries. */
  sign: (ticket: { tid: number; eid: number; ttid: number }) => string;
  /** The public keys scanners verify codes with. */
  keys: TicketKey[];
  /**
   * What lets a guest read their order: the key's signature of the order's id and creation
   * instant, as `<instant, base 36>.<signature>`. The instant tells this order from one that got
   * the same id after the database lost the first (a hold commits without waiting for the disk).
   */
  orderToken: (order: { id: number; createdAt: Date }) => string;
  /**
   * The creation instant (ms) a valid token for this order id was signed with, `"id-only"` for a
   * token from before the instant was signed, or null when it is not a valid token.
   */
  verifyOrderToken: (orderId: number, token: string) => number | "id-only" | null;
};

/** Keys from configuration come as WebCrypto keys, generated ones as Node key objects. */
const toKeyObject = (key: Awaited<ReturnType<typeof loadKeys>>["privateKey"]): KeyObject =>
  key instanceof KeyObject ? key : KeyObject.from(key as webcrypto.CryptoKey);

/** Ed25519 signatures are deterministic: the same order always gets the same token. */
const orderTokenData = (orderId: number, createdAtMs?: number) =>
  Buffer.from(`eventwerk-order:${orderId}${createdAtMs === undefined ? "" : `:${createdAtMs}`}`);
const signatureShape = /^[\w-]{86}$/;

/** A code is signed when it has the two parts; the demo data's older codes are random strings. */
export const isSignedTicketCode = (code: string) => code.includes(".");

/**
 * Signs with the API's own Ed25519 key (the access tokens' key), so a scanner that fetched the
 * public key once verifies tickets offline. The key id is derived from the public key.
 */
export async function createTicketSigner(config: Config): Promise<TicketSigner> {
  const pair = await loadKeys(config);
  const privateKey = toKeyObject(pair.privateKey);
  const publicKey = toKeyObject(pair.publicKey);
  const jwk = publicKey.export({ format: "jwk" });
  if (!jwk.x) throw new Error("the signing key is not an Ed25519 key");
  const kid = createHash("sha256").update(jwk.x).digest("base64url").slice(0, 16);
  return {
    keys: [{ kid, kty: "OKP", crv: "Ed25519", alg: "EdDSA", x: jwk.x }],
    sign: ({ tid, eid, ttid }) => {
      const payload: TicketCodePayload = { v: 1, kid, tid, eid, ttid };
      const body = Buffer.from(JSON.stringify(payload));
      return `${body.toString("base64url")}.${sign(null, body, privateKey).toString("base64url")}`;
    },
    orderToken: ({ id, createdAt }) => {
      const at = createdAt.getTime();
      const signature = sign(null, orderTokenData(id, at), privateKey).toString("base64url");
      return `${at.toString(36)}.${signature}`;
    },
    verifyOrderToken: (orderId, token) => {
      // `<instant>.<signature>`, or the signature alone (a token signed for the id only).
      const parts = token.split(".");
      const signature = parts.pop() ?? "";
      const instant = parts[0];
      if (parts.length > 1 || !signatureShape.test(signature)) return null;
      if (instant !== undefined && !/^[0-9a-z]{1,12}$/.test(instant)) return null;
      const at = instant === undefined ? undefined : Number.parseInt(instant, 36);
      const data = orderTokenData(orderId, at);
      if (!verify(null, data, publicKey, Buffer.from(signature, "base64url"))) return null;
      return at ?? "id-only";
    },
  };
}

import { createHash, KeyObject, sign, verify, type webcrypto } from "node:crypto";
import type { TicketCodePayload, TicketKey } from "@eventwerk/contract";
import type { Config } from "../config.ts";
import { loadKeys } from "./tokens.ts";

export type TicketSigner = {
  /** `base64url(payload).base64url(Ed25519 signature)`: what the ticket's QR code carries. */
  sign: (ticket: { tid: number; eid: number; ttid: number }) => string;
  /** The public keys scanners verify codes with. */
  keys: TicketKey[];
  /** What lets a guest read their order: the key's signature of the order id. */
  orderToken: (orderId: number) => string;
  verifyOrderToken: (orderId: number, token: string) => boolean;
};

/** Keys from configuration come as WebCrypto keys, generated ones as Node key objects. */
const toKeyObject = (key: Awaited<ReturnType<typeof loadKeys>>["privateKey"]): KeyObject =>
  key instanceof KeyObject ? key : KeyObject.from(key as webcrypto.CryptoKey);

/** Ed25519 signatures are deterministic: the same order always gets the same token. */
const orderTokenData = (orderId: number) => Buffer.from(`eventwerk-order:${orderId}`);

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
    orderToken: (orderId) => sign(null, orderTokenData(orderId), privateKey).toString("base64url"),
    verifyOrderToken: (orderId, token) => {
      if (!/^[\w-]{86}$/.test(token)) return false;
      return verify(null, orderTokenData(orderId), publicKey, Buffer.from(token, "base64url"));
    },
  };
}

import { sign as cryptoSign, generateKeyPairSync } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { TicketKey } from "./checkout.ts";
import { verifyTicketCode } from "./ticket-code.ts";

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

let keys: TicketKey[];
let sign: (payload: unknown) => string;

beforeAll(() => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const { x } = publicKey.export({ format: "jwk" });
  keys = [{ kid: "k1", kty: "OKP", crv: "Ed25519", alg: "EdDSA", x: x! }];
  sign = (payload) => {
    const body = new TextEncoder().encode(JSON.stringify(payload));
    return `${base64url(body)}.${base64url(cryptoSign(null, body, privateKey))}`;
  };
});

describe("verifyTicketCode", () => {
  it("gives the payload of a code signed with a published key", async () => {
    const payload = { v: 1, kid: "k1", tid: 12, eid: 3, ttid: 4 };
    expect(await verifyTicketCode(sign(payload), keys)).toEqual(payload);
  });

  it.each([
    ["another version", { v: 2, kid: "k1", tid: 12, eid: 3, ttid: 4 }],
    ["an id that is not an integer", { v: 1, kid: "k1", tid: 1.5, eid: 3, ttid: 4 }],
    ["an id as text", { v: 1, kid: "k1", tid: "12", eid: 3, ttid: 4 }],
    ["a missing id", { v: 1, kid: "k1", tid: 12, eid: 3 }],
    ["an unpublished key", { v: 1, kid: "k2", tid: 12, eid: 3, ttid: 4 }],
    ["not an object", [1, "k1", 12, 3, 4]],
  ])("refuses a signed payload with %s", async (_, payload) => {
    expect(await verifyTicketCode(sign(payload), keys)).toBeNull();
  });

  it("refuses a changed payload, a changed signature and what is no code at all", async () => {
    const code = sign({ v: 1, kid: "k1", tid: 12, eid: 3, ttid: 4 });
    const [body, signature] = code.split(".") as [string, string];
    const forged = base64url(
      new TextEncoder().encode(JSON.stringify({ v: 1, kid: "k1", tid: 13, eid: 3, ttid: 4 })),
    );
    expect(await verifyTicketCode(`${forged}.${signature}`, keys)).toBeNull();
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await verifyTicketCode(`${body}.${flipped}`, keys)).toBeNull();
    // The last two pass the shape check and fail in decoding: no JSON, no base64.
    for (const text of ["", "abc", `${body}.`, `${body}.${signature}.x`, "ä.ö", "abc.def", "a.b"])
      expect(await verifyTicketCode(text, keys)).toBeNull();
  });

  it("keeps only the payload's fields and refuses ids beyond the safe integers", async () => {
    const payload = { v: 1, kid: "k1", tid: 12, eid: 3, ttid: 4 };
    expect(await verifyTicketCode(sign({ ...payload, extra: "x" }), keys)).toEqual(payload);
    expect(await verifyTicketCode(sign({ ...payload, tid: 2 ** 53 }), keys)).toBeNull();
  });

  it("refuses a code whose key cannot be imported", async () => {
    const code = sign({ v: 1, kid: "k1", tid: 12, eid: 3, ttid: 4 });
    expect(await verifyTicketCode(code, [{ ...keys[0]!, x: "not-a-key" }])).toBeNull();
  });
});

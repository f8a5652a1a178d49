import { createPrivateKey, createPublicKey } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type AccessTokenClaims, accessTokenClaimsSchema } from "@eventwerk/contract";
import {
  type CryptoKey,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  jwtVerify,
  type KeyObject,
  SignJWT,
} from "jose";
import type { Config } from "../config.ts";

const ALG = "EdDSA";
type Key = CryptoKey | KeyObject;

export type TokenSigner = {
  sign: (claims: { sub?: string; sid?: string; cid: string }) => Promise<string>;
  /** The verified claims, or null for a token that is malformed, tampered with or expired. */
  verify: (token: string) => Promise<AccessTokenClaims | null>;
  ttl: number;
};

/** Keys from configuration, else a pair generated once and kept under the data dir. */
export async function loadKeys(config: Config): Promise<{ privateKey: Key; publicKey: Key }> {
  if (config.JWT_PRIVATE_KEY && config.JWT_PUBLIC_KEY) {
    return {
      privateKey: await importPKCS8(config.JWT_PRIVATE_KEY, ALG),
      publicKey: await importSPKI(config.JWT_PUBLIC_KEY, ALG),
    };
  }
  const file = path.join(config.dataDir, "keys", "jwt-ed25519.pem");
  let pem: string;
  try {
    pem = await readFile(file, "utf8");
  } catch {
    const pair = await generateKeyPair(ALG, { crv: "Ed25519", extractable: true });
    pem = await exportPKCS8(pair.privateKey);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, pem, { mode: 0o600, flag: "wx" }).catch(async () => {
      pem = await readFile(file, "utf8"); // another instance wrote it first
    });
  }
  const privateKey = createPrivateKey(pem);
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

export async function createTokenSigner(config: Config): Promise<TokenSigner> {
  const { privateKey, publicKey } = await loadKeys(config);
  const ttl = config.ACCESS_TOKEN_TTL;
  return {
    ttl,
    sign: ({ sub, sid, cid }) => {
      const jwt = new SignJWT({ cid, ...(sid ? { sid } : {}) })
        .setProtectedHeader({ alg: ALG, typ: "JWT" })
        .setIssuer(config.JWT_ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttl}s`);
      if (sub) jwt.setSubject(sub);
      return jwt.sign(privateKey);
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: [ALG],
          issuer: config.JWT_ISSUER,
          requiredClaims: ["exp"],
        });
        const parsed = accessTokenClaimsSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

import { timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { sha256 } from "./secrets.ts";

// @node-rs/argon2 defaults to argon2id; these are OWASP's recommended minimums.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * OAuth client secrets are long random strings, not passwords people choose: a SHA-256 of one
 * cannot be guessed back, costs nothing to check (no argon2 for anyone who sends a client id), and
 * is compared in constant time.
 */
const clientSecretPrefix = "sha256:";

export const hashClientSecret = (secret: string) => `${clientSecretPrefix}${sha256(secret)}`;

/** Whether a stored client secret hash is the current kind; older rows hold argon2 hashes. */
export const isCurrentClientSecretHash = (stored: string) => stored.startsWith(clientSecretPrefix);

export async function verifyClientSecret(stored: string, secret: string): Promise<boolean> {
  if (!isCurrentClientSecretHash(stored)) return verifyPassword(stored, secret);
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashClientSecret(secret));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

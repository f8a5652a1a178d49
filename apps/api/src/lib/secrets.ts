import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** An unguessable token for links and refresh tokens (256 bits, URL-safe). */
export const randomToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored only as their SHA-256, so a database leak reveals no usable token. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The AES-256-GCM key that one secret (a refresh token) seals another with. */
const sealingKey = (secret: string) =>
  createHash("sha256").update(`eventwerk-seal:${secret}`).digest();

/** `value` encrypted so that only a holder of `secret` can read it (AES-256-GCM). */
export function seal(value: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(secret), iv);
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** What `seal` sealed with this secret, or null when it was another secret or altered. */
export function unseal(sealed: string, secret: string): string | null {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

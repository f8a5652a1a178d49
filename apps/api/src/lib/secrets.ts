import { createHash, randomBytes } from "node:crypto";

/** An unguessable token for links and refresh tokens (256 bits, URL-safe). */
export const randomToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored only as their SHA-256, so a database leak reveals no usable token. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

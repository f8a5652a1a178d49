import { decodeJwt } from "jose";

export type TokenKind = "login" | "client";
export type DecodedToken = { kind: TokenKind; expired: boolean; sub?: string };

/**
 * A token with a subject claim is a 'login' token, one without is a
 * 'client' token. Only decoded here; the API verifies the signature on every call.
 */
export function decodeToken(
  token: string | undefined | null,
  now = Date.now(),
): DecodedToken | null {
  if (!token) return null;
  try {
    const payload = decodeJwt(token);
    const expired = typeof payload.exp !== "number" || payload.exp * 1000 <= now;
    return payload.sub ? { kind: "login", expired, sub: payload.sub } : { kind: "client", expired };
  } catch {
    return null;
  }
}

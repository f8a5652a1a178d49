import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { decodeToken } from "./token";

const key = new TextEncoder().encode("a-test-key-of-at-least-32-bytes!!");
const sign = (claims: Record<string, unknown>, exp: number) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setExpirationTime(exp).sign(key);
const now = Date.now();
const inAnHour = Math.floor(now / 1000) + 3600;

describe("decodeToken", () => {
  it("no token: logged out", () => {
    expect(decodeToken(undefined)).toBeNull();
    expect(decodeToken("")).toBeNull();
  });

  it("a subject claim makes a login token", async () => {
    expect(decodeToken(await sign({ sub: "user-1" }, inAnHour), now)).toEqual({
      kind: "login",
      expired: false,
      sub: "user-1",
    });
  });

  it("no subject makes a client token", async () => {
    expect(decodeToken(await sign({ cid: "web" }, inAnHour), now)).toEqual({
      kind: "client",
      expired: false,
    });
  });

  it("an expired token says so, as does one without exp", async () => {
    expect(
      decodeToken(await sign({ sub: "user-1" }, Math.floor(now / 1000) - 1), now)?.expired,
    ).toBe(true);
    expect(decodeToken(new UnsecuredJWT({ sub: "user-1" }).encode(), now)?.expired).toBe(true);
  });

  it("garbage is no token", () => {
    expect(decodeToken("not.a.jwt")).toBeNull();
    expect(decodeToken("abc")).toBeNull();
  });
});

import { loginDeviceDays } from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import { createCookies, insecureCookieWarning } from "./cookies.server";

const tokens = { access_token: "a", refresh_token: "r", expires_in: 900 };

describe("cookies", () => {
  it("are Secure with __Host- login names when PUBLIC_URL is https", () => {
    const cookies = createCookies({ PUBLIC_URL: "https://shop.example", COOKIE_SECURE: undefined });
    const set = cookies.loginCookies(tokens);
    expect(set.map((cookie) => cookie.split("=")[0])).toEqual([
      "__Host-token",
      "__Host-is_login",
      "__Host-refresh_token",
    ]);
    for (const cookie of [...set, ...cookies.logoutCookies(), ...cookies.localeCookies("en")]) {
      expect(cookie).toContain("; Secure");
      // What the __Host- prefix demands: Path=/ and no Domain.
      expect(cookie).toContain("Path=/;");
      expect(cookie).not.toMatch(/Domain=/i);
    }
    expect(cookies.localeCookies("en")[0]).toMatch(/^i18n_redirected=en;/);
    // A guest's order token and a door link are secrets too.
    expect(cookies.hostOnly("order_7")).toBe("__Host-order_7");
    expect(
      createCookies({ PUBLIC_URL: "http://localhost:3000", COOKIE_SECURE: undefined }).hostOnly(
        "door_link",
      ),
    ).toBe("door_link");
  });

  it("are plain on http, and COOKIE_SECURE overrides PUBLIC_URL's scheme", () => {
    const plain = createCookies({ PUBLIC_URL: "http://localhost:3000", COOKIE_SECURE: undefined });
    expect(plain.loginCookies(tokens)[0]).toMatch(
      /^token=a; Path=\/; SameSite=Lax; Max-Age=\d+; HttpOnly$/,
    );
    expect(createCookies({ PUBLIC_URL: undefined, COOKIE_SECURE: undefined }).secure).toBe(false);
    const forced = createCookies({ PUBLIC_URL: "http://shop.example", COOKIE_SECURE: true });
    expect(forced.names.token).toBe("__Host-token");
    expect(forced.loginCookies(tokens)[0]).toContain("; Secure");
    const off = createCookies({ PUBLIC_URL: "https://shop.example", COOKIE_SECURE: false });
    expect(off.names.refreshToken).toBe("refresh_token");
    expect(off.loginCookies(tokens)[0]).not.toContain("Secure");
  });

  it("keep a device token for loginDeviceDays, httpOnly, and past a logout", () => {
    const cookies = createCookies({ PUBLIC_URL: "https://shop.example", COOKIE_SECURE: undefined });
    const set = cookies.loginCookies({ ...tokens, device_token: "d".repeat(43) });
    expect(set[0]).toBe(
      `__Host-device=${"d".repeat(43)}; Path=/; SameSite=Lax; Max-Age=${loginDeviceDays * 86_400}; HttpOnly; Secure`,
    );
    expect(cookies.logoutCookies().join()).not.toContain("device");
    expect(cookies.loginCookies(tokens).join()).not.toContain("device");
  });

  it("warn when production sends them without Secure, but not on this machine", () => {
    const warn = (PUBLIC_URL: string | undefined, production = true) =>
      insecureCookieWarning({ PUBLIC_URL, COOKIE_SECURE: undefined }, production);
    expect(warn("http://shop.example")).toMatch(/without Secure/);
    expect(warn(undefined)).toMatch(/PUBLIC_URL/);
    expect(warn("https://shop.example")).toBeNull();
    expect(warn("http://localhost:3000")).toBeNull();
    expect(warn("http://shop.example", false)).toBeNull();
  });
});

import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveSession } from "./session.server";

const key = new TextEncoder().encode("a-test-key-of-at-least-32-bytes!!");
const token = (claims: Record<string, unknown>, expSeconds: number) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime(Math.floor(Date.now() / 1000) + expSeconds)
    .sign(key);

const user = {
  id: "u1",
  name: "Lena",
  surname: "Hoffmann",
  email: "visitor@eventwerk.example",
  email_verified: true,
  pending_email: null,
  phone: null,
  role: "visitor",
  preferred_locale: "de",
  newsletter: false,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  organiser: null,
};

/** Answers the API calls the session makes, by path. */
function fakeApi(answers: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : input).pathname;
    calls.push(path);
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return answer();
  });
  return calls;
}

const cleared = (cookies: string[]) =>
  ["token", "refresh_token", "is_login"].every((name) =>
    cookies.some((c) => c.startsWith(`${name}=;`) && c.includes("Max-Age=0")),
  );

afterEach(() => vi.unstubAllGlobals());

describe("resolveSession", () => {
  it("no cookie: logged out, no API call", async () => {
    const calls = fakeApi({});
    expect(await resolveSession(new Map(), "de")).toEqual({
      token: null,
      user: null,
      setCookies: [],
    });
    expect(calls).toEqual([]);
  });

  it("a valid login token loads the user", async () => {
    fakeApi({ "/api/v1/getUser": () => Response.json({ data: user }) });
    const access = await token({ sub: "u1" }, 600);
    const session = await resolveSession(new Map([["token", access]]), "de");
    expect(session.user?.name).toBe("Lena");
    expect(session.token).toBe(access);
  });

  it("a 500 while loading the user clears the login state and the cookies", async () => {
    fakeApi({
      "/api/v1/getUser": () =>
        Response.json({ error: { code: "internal_error", message: "x" } }, { status: 500 }),
    });
    const session = await resolveSession(
      new Map([
        ["token", await token({ sub: "u1" }, 600)],
        ["is_login", "true"],
      ]),
      "de",
    );
    expect(session.user).toBeNull();
    expect(session.token).toBeNull();
    expect(cleared(session.setCookies)).toBe(true);
  });

  it("an expired login token is renewed with the refresh token", async () => {
    const renewed = await token({ sub: "u1" }, 600);
    const calls = fakeApi({
      "/api/v1/token": () =>
        Response.json({
          access_token: renewed,
          refresh_token: "r2",
          expires_in: 900,
          token_type: "Bearer",
        }),
      "/api/v1/getUser": () => Response.json({ data: user }),
    });
    const session = await resolveSession(
      new Map([
        ["token", await token({ sub: "u1" }, -10)],
        ["refresh_token", "r1"],
      ]),
      "de",
    );
    expect(calls).toEqual(["/api/v1/token", "/api/v1/getUser"]);
    expect(session.token).toBe(renewed);
    expect(
      session.setCookies.some((c) => c.startsWith("refresh_token=r2;") && c.includes("HttpOnly")),
    ).toBe(true);
  });

  it("an expired token whose refresh token the API turns down logs out", async () => {
    fakeApi({
      "/api/v1/token": () =>
        Response.json({ error: { code: "invalid_grant", message: "x" } }, { status: 400 }),
    });
    const session = await resolveSession(
      new Map([
        ["token", await token({ sub: "u1" }, -10)],
        ["refresh_token", "r-turned-down"],
      ]),
      "de",
    );
    expect(session.user).toBeNull();
    expect(cleared(session.setCookies)).toBe(true);
  });

  it.each([
    [
      "a limit",
      () => Response.json({ error: { code: "rate_limited", message: "x" } }, { status: 429 }),
    ],
    [
      "an outage",
      () => Response.json({ error: { code: "internal_error", message: "x" } }, { status: 503 }),
    ],
    [
      "a network failure",
      () => {
        throw new TypeError("fetch failed");
      },
    ],
    [
      // What fetch throws when the client's AbortSignal.timeout runs out.
      "a timeout",
      () => {
        throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
      },
    ],
  ])("a refresh that fails with %s keeps the session for the next request", async (_, answer) => {
    fakeApi({ "/api/v1/token": answer });
    const session = await resolveSession(
      new Map([
        ["token", await token({ sub: "u1" }, -10)],
        ["refresh_token", `r-${_}`],
        ["is_login", "true"],
      ]),
      "de",
    );
    expect(session.user).toBeNull();
    expect(session.token).toBeNull();
    expect(session.setCookies).toEqual([]);
  });

  it("concurrent renewals of one session make one refresh and share its successor", async () => {
    const renewed = await token({ sub: "u1" }, 600);
    const calls = fakeApi({
      "/api/v1/token": () =>
        Response.json({
          access_token: renewed,
          refresh_token: "r-successor",
          expires_in: 900,
          token_type: "Bearer",
        }),
      "/api/v1/getUser": () => Response.json({ data: user }),
    });
    const expired = await token({ sub: "u1" }, -10);
    const cookies = new Map([
      ["token", expired],
      ["refresh_token", "r-shared"],
    ]);
    // Hover-prefetch and click: both requests carry the old cookies.
    const first = resolveSession(cookies, "de");
    const second = resolveSession(cookies, "de");
    const sessions = await Promise.all([first, second]);
    // And a third that left the browser before the new cookies arrived.
    sessions.push(await resolveSession(cookies, "de"));
    expect(calls.filter((path) => path === "/api/v1/token")).toHaveLength(1);
    for (const session of sessions) {
      expect(session.token).toBe(renewed);
      expect(session.user?.name).toBe("Lena");
      expect(session.setCookies.some((c) => c.startsWith("refresh_token=r-successor;"))).toBe(true);
    }
  });

  it("a client token (no subject) is no login", async () => {
    const calls = fakeApi({});
    const session = await resolveSession(
      new Map([["token", await token({ cid: "web" }, 600)]]),
      "de",
    );
    expect(session.user).toBeNull();
    expect(calls).toEqual([]);
  });
});

import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  type ErrorBody,
  loginDeviceDays,
  type TokenResponse,
  type User,
} from "@eventwerk/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importPKCS8,
  type JWTPayload,
  SignJWT,
} from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loginDevices, oauthClients, refreshTokens, sessions, users } from "../db/schema.ts";
import { hashPassword } from "../lib/passwords.ts";
import { sha256 } from "../lib/secrets.ts";
import { demoUsers } from "../seed/index.ts";
import {
  call,
  createTestApp,
  loginDemoVisitor,
  passwordLogin,
  registerVisitor,
  requestResetToken,
  type TestApp,
  testClient,
} from "../testing/app.ts";

const tokenUrl = "/api/v1/token";
const getUserUrl = "/api/v1/getUser";

let t: TestApp;
let visitorId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoUsers.visitor.email));
  visitorId = row!.id;
});
afterAll(() => t.close());

const passwordGrant = (overrides: Record<string, unknown> = {}) => ({
  grant_type: "password",
  username: demoUsers.visitor.email,
  password: demoUsers.visitor.password,
  ...testClient,
  ...overrides,
});

const postToken = (payload: Record<string, unknown>, locale?: "de" | "en") =>
  call(t.app, { method: "POST", url: tokenUrl, payload, locale });

const refresh = (refreshToken: string) =>
  postToken({ grant_type: "refresh_token", refresh_token: refreshToken, ...testClient });

const getUser = (token: string) => call(t.app, { method: "GET", url: getUserUrl, token });

/** Runs `use` as if `seconds` had passed (Date only: the grace window and lifetimes read it). */
async function later<T>(seconds: number, use: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    vi.setSystemTime(Date.now() + seconds * 1000);
    return await use();
  } finally {
    vi.useRealTimers();
  }
}

/** Past the grace window in which a used refresh token still gets its successor. */
const afterGrace = <T>(use: () => Promise<T>) => later(t.ctx.config.REFRESH_GRACE_SECONDS + 1, use);

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;

/** Rows that a failed token request must not have added. */
async function sessionCount(userId: string) {
  return (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

async function signingKey() {
  const pem = await readFile(path.join(t.dataDir, "keys", "jwt-ed25519.pem"), "utf8");
  return importPKCS8(pem, "EdDSA");
}

/** A token signed with the app's own key, with whatever claims and expiry the test wants. */
async function signWithAppKey(claims: JWTPayload, exp: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT" })
    .setIssuer(t.ctx.config.JWT_ISSUER)
    .setIssuedAt(exp - 900)
    .setExpirationTime(exp)
    .sign(await signingKey());
}

const expectInvalidToken = async (token: string) => {
  const response = await getUser(token);
  expect(response.statusCode).toBe(401);
  expect(errorOf(response).code).toBe("invalid_token");
};

describe("POST /token, password grant", () => {
  it("answers a bearer token pair for JSON", async () => {
    const response = await postToken(passwordGrant());
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json<TokenResponse>();
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
      token_type: "Bearer",
      device_token: expect.any(String),
    });
    expect(decodeProtectedHeader(body.access_token).alg).toBe("EdDSA");
    const claims = decodeJwt(body.access_token);
    expect(claims.sub).toBe(visitorId);
    expect(claims.iss).toBe("eventwerk");
    expect(claims.exp).toEqual(expect.any(Number));
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(890);
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(900);

    const me = await getUser(body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json<{ data: User }>().data.email).toBe(demoUsers.visitor.email);
  });

  it("accepts application/x-www-form-urlencoded", async () => {
    const response = await call(t.app, {
      method: "POST",
      url: tokenUrl,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        grant_type: "password",
        username: demoUsers.visitor.email,
        password: demoUsers.visitor.password,
        ...testClient,
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<TokenResponse>();
    expect(body.token_type).toBe("Bearer");
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(decodeJwt(body.access_token).sub).toBe(visitorId);
  });

  it("matches the email case-insensitively and ignores surrounding spaces", async () => {
    const response = await postToken(
      passwordGrant({ username: `  ${demoUsers.visitor.email.toUpperCase()} ` }),
    );
    expect(response.statusCode).toBe(200);
    expect(decodeJwt(response.json<TokenResponse>().access_token).sub).toBe(visitorId);
  });

  it("answers 400 invalid_grant for a wrong password, in both languages", async () => {
    const before = await sessionCount(visitorId);
    const de = await postToken(passwordGrant({ password: "wrong-password-1" }));
    expect(de.statusCode).toBe(400);
    expect(de.json()).toEqual({
      error: { code: "invalid_grant", message: "Benutzername oder Passwort ist falsch." },
    });
    const en = await postToken(passwordGrant({ password: "wrong-password-1" }), "en");
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      error: { code: "invalid_grant", message: "Username or password is wrong." },
    });
    expect(await sessionCount(visitorId)).toBe(before);
  });

  it("answers the same 400 invalid_grant for an unknown email", async () => {
    const sessionsBefore = await t.ctx.db.select().from(sessions);
    const de = await postToken(passwordGrant({ username: "nobody@eventwerk.example" }));
    expect(de.statusCode).toBe(400);
    expect(de.json()).toEqual({
      error: { code: "invalid_grant", message: "Benutzername oder Passwort ist falsch." },
    });
    const en = await postToken(passwordGrant({ username: "nobody@eventwerk.example" }), "en");
    expect(en.json()).toEqual({
      error: { code: "invalid_grant", message: "Username or password is wrong." },
    });
    expect(await t.ctx.db.select().from(sessions)).toHaveLength(sessionsBefore.length);
  });

  it.each([
    ["a wrong client secret", { client_secret: "not-the-secret" }],
    ["an unknown client", { client_id: "someone-else" }],
  ])("answers 401 invalid_client for %s", async (_name, overrides) => {
    const before = await sessionCount(visitorId);
    const response = await postToken(passwordGrant(overrides), "en");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: "invalid_client", message: "Unknown client or wrong client secret." },
    });
    const de = await postToken(passwordGrant(overrides));
    expect(errorOf(de)).toEqual({
      code: "invalid_client",
      message: "Unbekannter Client oder falsches Client-Geheimnis.",
    });
    expect(await sessionCount(visitorId)).toBe(before);
  });

  it("answers 400 unauthorized_client for a grant the client may not use", async () => {
    await t.ctx.db.insert(oauthClients).values({
      id: "machine-only",
      name: "Machine",
      secretHash: await hashPassword("machine-secret-1"),
      grants: ["client_credentials"],
    });
    const before = await sessionCount(visitorId);
    const response = await postToken(
      passwordGrant({ client_id: "machine-only", client_secret: "machine-secret-1" }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("unauthorized_client");
    expect(await sessionCount(visitorId)).toBe(before);
  });

  it.each(["authorization_code", "implicit", "PASSWORD"])(
    "answers 400 unsupported_grant_type for grant_type=%s",
    async (grantType) => {
      const response = await postToken(passwordGrant({ grant_type: grantType }), "en");
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: "unsupported_grant_type", message: "This grant type is not supported." },
      });
    },
  );
});

describe("POST /token, bad input", () => {
  const { password: _password, ...withoutPassword } = passwordGrant();
  const { username: _username, ...withoutUsername } = passwordGrant();
  const { client_secret: _secret, ...withoutSecret } = passwordGrant();
  const { grant_type: _grant, ...withoutGrant } = passwordGrant();

  it.each<[string, Record<string, unknown>, string]>([
    ["missing password", withoutPassword, "password"],
    ["missing username", withoutUsername, "username"],
    ["missing client_secret", withoutSecret, "client_secret"],
    ["missing grant_type", withoutGrant, "grant_type"],
    ["empty password", passwordGrant({ password: "" }), "password"],
    ["blank username", passwordGrant({ username: "   " }), "username"],
    ["numeric username", passwordGrant({ username: 12345 }), "username"],
    ["password as array", passwordGrant({ password: ["a"] }), "password"],
    ["grant_type as number", passwordGrant({ grant_type: 1 }), "grant_type"],
    ["client_id as object", passwordGrant({ client_id: { id: 1 } }), "client_id"],
    ["254+ character username", passwordGrant({ username: `${"a".repeat(250)}@x.de` }), "username"],
    ["201 character password", passwordGrant({ password: `${"p1".repeat(100)}x` }), "password"],
    ["101 character client_id", passwordGrant({ client_id: "c".repeat(101) }), "client_id"],
    ["missing refresh_token", { grant_type: "refresh_token", ...testClient }, "refresh_token"],
    [
      "201 character refresh_token",
      { grant_type: "refresh_token", refresh_token: "r".repeat(201), ...testClient },
      "refresh_token",
    ],
  ])("answers 400 validation_failed for %s", async (_name, payload, field) => {
    const before = await sessionCount(visitorId);
    const response = await postToken(payload, "en");
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe("The input is invalid. Please check the marked fields.");
    expect(error.fields).toHaveProperty(field, expect.any(String));
    expect(await sessionCount(visitorId)).toBe(before);
  });

  it("names the field in German by default", async () => {
    const response = await postToken(passwordGrant({ password: "" }));
    const error = errorOf(response);
    expect(error.message).toBe(
      "Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.",
    );
    expect(Object.keys(error.fields ?? {})).toEqual(["password"]);
  });

  it("answers 400 validation_failed for a form that misses a field", async () => {
    const response = await call(t.app, {
      method: "POST",
      url: tokenUrl,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `grant_type=password&username=${encodeURIComponent(demoUsers.visitor.email)}&client_id=${testClient.client_id}&client_secret=${testClient.client_secret}`,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("validation_failed");
    expect(errorOf(response).fields).toHaveProperty("password");
  });

  it("answers 400 malformed_request for broken JSON", async () => {
    const before = await sessionCount(visitorId);
    for (const payload of ['{"grant_type": "password",', "not json", ""]) {
      const response = await call(t.app, {
        method: "POST",
        url: tokenUrl,
        headers: { "content-type": "application/json" },
        payload,
        locale: "en",
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({
        error: { code: "malformed_request", message: "The request body is not valid JSON." },
      });
    }
    expect(await sessionCount(visitorId)).toBe(before);
  });

  it("answers 415 unsupported_media_type for text/plain", async () => {
    const response = await call(t.app, {
      method: "POST",
      url: tokenUrl,
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify(passwordGrant()),
      locale: "en",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: "unsupported_media_type", message: "This content type is not supported." },
    });
    const de = await call(t.app, {
      method: "POST",
      url: tokenUrl,
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(errorOf(de)).toEqual({
      code: "unsupported_media_type",
      message: "Dieser Inhaltstyp wird nicht unterstützt.",
    });
  });

  it("answers 413 payload_too_large for a body over the limit", async () => {
    expect(t.ctx.config.BODY_LIMIT).toBe(100 * 1024);
    const before = await sessionCount(visitorId);
    const response = await postToken(passwordGrant({ password: "x".repeat(101 * 1024) }), "en");
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: "payload_too_large", message: "The request is too large." },
    });
    const form = await call(t.app, {
      method: "POST",
      url: tokenUrl,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `grant_type=password&password=${"x".repeat(101 * 1024)}`,
    });
    expect(form.statusCode).toBe(413);
    expect(errorOf(form).code).toBe("payload_too_large");
    expect(await sessionCount(visitorId)).toBe(before);
  });
});

describe("POST /token, client_credentials grant", () => {
  it("answers an access token without subject and without refresh token", async () => {
    const response = await postToken({ grant_type: "client_credentials", ...testClient });
    expect(response.statusCode).toBe(200);
    const body = response.json<TokenResponse>();
    expect(body).toEqual({
      access_token: expect.any(String),
      expires_in: 900,
      token_type: "Bearer",
    });
    const claims = decodeJwt(body.access_token);
    expect(claims.sub).toBeUndefined();
    expect(claims.sid).toBeUndefined();
    expect(claims.cid).toBe(testClient.client_id);
    expect(claims.exp).toEqual(expect.any(Number));

    const me = await call(t.app, { method: "GET", url: getUserUrl, token: body.access_token });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({
      error: { code: "forbidden", message: "Dafür fehlt Ihnen die Berechtigung." },
    });
  });

  it("needs the right client secret", async () => {
    const response = await postToken({
      grant_type: "client_credentials",
      client_id: testClient.client_id,
      client_secret: "wrong-secret",
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("invalid_client");
  });
});

describe("POST /token, refresh_token grant", () => {
  it("rotates: the new refresh token works, the used one does not", async () => {
    const { tokens } = await registerVisitor(t.app);
    const first = await refresh(tokens.refresh_token!);
    expect(first.statusCode).toBe(200);
    const rotated = first.json<TokenResponse>();
    expect(rotated.refresh_token).toEqual(expect.any(String));
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(rotated.access_token).sub).toBe(decodeJwt(tokens.access_token).sub);
    expect(decodeJwt(rotated.access_token).sid).toBe(decodeJwt(tokens.access_token).sid);
    expect((await getUser(rotated.access_token)).statusCode).toBe(200);

    const next = await refresh(rotated.refresh_token!);
    expect(next.statusCode).toBe(200);

    const replay = await afterGrace(() =>
      postToken(
        { grant_type: "refresh_token", refresh_token: tokens.refresh_token, ...testClient },
        "en",
      ),
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      error: { code: "invalid_grant", message: "Your login has expired. Please log in again." },
    });
  });

  it("revokes the whole family when a used refresh token comes back", async () => {
    const { tokens } = await registerVisitor(t.app);
    const sid = decodeJwt(tokens.access_token).sid as string;
    const second = (await refresh(tokens.refresh_token!)).json<TokenResponse>();
    const third = (await refresh(second.refresh_token!)).json<TokenResponse>();
    expect((await getUser(third.access_token)).statusCode).toBe(200);

    // A thief replays the first refresh token, after the grace window.
    const replay = await afterGrace(() => refresh(tokens.refresh_token!));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      error: {
        code: "invalid_grant",
        message: "Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
      },
    });

    // The newest token of the family is dead too, and so are its access tokens.
    const newest = await refresh(third.refresh_token!);
    expect(newest.statusCode).toBe(400);
    expect(errorOf(newest).code).toBe("invalid_grant");
    await expectInvalidToken(third.access_token);
    await expectInvalidToken(tokens.access_token);

    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(session!.revokedAt).toBeInstanceOf(Date);
    const family = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, sid));
    expect(family).toHaveLength(3);
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it("leaves other sessions of the same user alone when one family is revoked", async () => {
    const { email, password, tokens } = await registerVisitor(t.app);
    const other = await passwordLogin(t.app, email, password);
    await refresh(tokens.refresh_token!);
    // Reuse after the grace window: revokes the first family only.
    await afterGrace(() => refresh(tokens.refresh_token!));
    await expectInvalidToken(tokens.access_token);
    expect((await getUser(other.access_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token!)).statusCode).toBe(200);
  });

  it("gives parallel uses of a refresh token one successor, and keeps the session", async () => {
    const { tokens } = await registerVisitor(t.app);
    const sid = decodeJwt(tokens.access_token).sid as string;
    const responses = await Promise.all([
      refresh(tokens.refresh_token!),
      refresh(tokens.refresh_token!),
      refresh(tokens.refresh_token!),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const answers = responses.map((r) => r.json<TokenResponse>());
    expect(new Set(answers.map((a) => a.refresh_token)).size).toBe(1);
    for (const answer of answers) {
      expect((await getUser(answer.access_token)).statusCode).toBe(200);
    }
    // One line of successors: the family holds the first token and the one successor.
    const family = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, sid));
    expect(family).toHaveLength(2);
    expect(family.every((row) => row.revokedAt === null)).toBe(true);
    expect((await refresh(answers[0]!.refresh_token!)).statusCode).toBe(200);
  });

  it("gives the successor only to the used token's holder, and only within the window", async () => {
    const { tokens } = await registerVisitor(t.app);
    const successor = (await refresh(tokens.refresh_token!)).json<TokenResponse>();
    const again = await later(t.ctx.config.REFRESH_GRACE_SECONDS - 5, () =>
      refresh(tokens.refresh_token!),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json<TokenResponse>().refresh_token).toBe(successor.refresh_token);
    // The database keeps the successor sealed with the used token: it is not readable there.
    const rows = await t.ctx.db.select().from(refreshTokens);
    expect(JSON.stringify(rows)).not.toContain(successor.refresh_token);
    // Past the window the same use is a replay: the session ends.
    expect((await afterGrace(() => refresh(tokens.refresh_token!))).statusCode).toBe(400);
    expect((await refresh(successor.refresh_token!)).statusCode).toBe(400);
  });

  it("stops renewing a session at its absolute lifetime", async () => {
    const { tokens } = await registerVisitor(t.app);
    const sid = decodeJwt(tokens.access_token).sid as string;
    const day = 86_400;
    const maxAge = t.ctx.config.SESSION_MAX_AGE;
    // Renewed within each refresh token's lifetime, until the session is nearly 90 days old.
    let current = tokens.refresh_token!;
    for (const days of [29, 58, 87]) {
      const renewed = await later(days * day, () => refresh(current));
      expect(renewed.statusCode, `day ${days}`).toBe(200);
      current = renewed.json<TokenResponse>().refresh_token!;
    }
    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, sid));
    const end = session!.createdAt.getTime() + maxAge * 1000;
    const [newest] = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, sid), isNull(refreshTokens.usedAt)));
    // The last token runs out with the session, not 30 days after it was issued.
    expect(newest!.expiresAt.getTime()).toBeLessThanOrEqual(end);
    const afterEnd = await later(maxAge + 60, () => refresh(current));
    expect(afterEnd.statusCode).toBe(400);
    expect(errorOf(afterEnd).code).toBe("invalid_grant");
  });

  it("answers 400 invalid_grant for an expired refresh token", async () => {
    const { tokens } = await registerVisitor(t.app);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + (t.ctx.config.REFRESH_TOKEN_TTL + 60) * 1000);
      const response = await refresh(tokens.refresh_token!);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("invalid_grant");
    } finally {
      vi.useRealTimers();
    }
    // Expiry is not reuse: the session was not revoked, the token just may not be traded any more.
    const sid = decodeJwt(tokens.access_token).sid as string;
    const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(session!.revokedAt).toBeNull();
  });

  it("answers 400 invalid_grant for an unknown refresh token", async () => {
    const response = await refresh("definitely-not-a-refresh-token");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("invalid_grant");
  });

  it("answers 400 invalid_grant for a refresh token issued to another client", async () => {
    await t.ctx.db.insert(oauthClients).values({
      id: "other-app",
      name: "Other app",
      secretHash: await hashPassword("other-secret-1"),
      grants: ["password", "refresh_token"],
    });
    const { tokens } = await registerVisitor(t.app);
    const response = await postToken({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: "other-app",
      client_secret: "other-secret-1",
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("invalid_grant");
    // Not a replay: the token still works for its own client.
    expect((await refresh(tokens.refresh_token!)).statusCode).toBe(200);
  });

  it("does not accept an access token as refresh token", async () => {
    const { tokens } = await registerVisitor(t.app);
    const response = await refresh(tokens.access_token.slice(0, 200));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("invalid_grant");
  });
});

describe("bearer tokens", () => {
  it("answers 401 unauthorized without an Authorization header", async () => {
    const de = await call(t.app, { method: "GET", url: getUserUrl });
    expect(de.statusCode).toBe(401);
    expect(de.json()).toEqual({
      error: { code: "unauthorized", message: "Bitte melden Sie sich an." },
    });
    const en = await call(t.app, { method: "GET", url: getUserUrl, locale: "en" });
    expect(en.json()).toEqual({ error: { code: "unauthorized", message: "Please log in." } });
  });

  it.each([
    "Bearer",
    "Bearer ",
    "Basic dXNlcjpwYXNz",
    "Token abc.def.ghi",
    "Bearer a b",
    "Bearer not-a-jwt",
    "Bearer a.b.c",
  ])("answers 401 invalid_token for the header %j", async (authorization) => {
    const response = await call(t.app, {
      method: "GET",
      url: getUserUrl,
      headers: { authorization },
      locale: "en",
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: {
        code: "invalid_token",
        message: "Your session has expired or is invalid. Please log in again.",
      },
    });
  });

  it("accepts the scheme case-insensitively", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    const response = await call(t.app, {
      method: "GET",
      url: getUserUrl,
      headers: { authorization: `bearer ${access_token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 401 invalid_token for an expired token signed with the app's key", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    const claims = decodeJwt(access_token);
    const now = Math.floor(Date.now() / 1000);
    // The same claims with a future expiry are accepted: the self-signed token is sound.
    const valid = await signWithAppKey(
      { sub: claims.sub, sid: claims.sid, cid: claims.cid },
      now + 60,
    );
    expect((await getUser(valid)).statusCode).toBe(200);

    const expired = await signWithAppKey(
      { sub: claims.sub, sid: claims.sid, cid: claims.cid },
      now - 60,
    );
    const response = await getUser(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: {
        code: "invalid_token",
        message: "Ihre Sitzung ist abgelaufen oder ungültig. Bitte melden Sie sich erneut an.",
      },
    });
  });

  it("answers 401 invalid_token once the access token's lifetime has passed", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    expect((await getUser(access_token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + (t.ctx.config.ACCESS_TOKEN_TTL + 5) * 1000);
      await expectInvalidToken(access_token);
    } finally {
      vi.useRealTimers();
    }
    expect((await getUser(access_token)).statusCode).toBe(200);
  });

  it("answers 401 invalid_token for a token with a tampered payload", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    const { tokens: other } = await registerVisitor(t.app);
    const [header, payload, signature] = access_token.split(".") as [string, string, string];
    // Claim to be another user, keeping the original signature.
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as JWTPayload;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: decodeJwt(other.access_token).sub }),
    ).toString("base64url");
    await expectInvalidToken(`${header}.${forged}.${signature}`);
    // One changed character in the middle of the payload.
    const middle = Math.floor(payload.length / 2);
    const flipped = payload[middle] === "A" ? "B" : "A";
    const tampered = `${payload.slice(0, middle)}${flipped}${payload.slice(middle + 1)}`;
    await expectInvalidToken(`${header}.${tampered}.${signature}`);
  });

  it("answers 401 invalid_token for a token with a tampered signature", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    const [header, payload, signature] = access_token.split(".") as [string, string, string];
    const flipped = signature[10] === "A" ? "B" : "A";
    await expectInvalidToken(
      `${header}.${payload}.${signature.slice(0, 10)}${flipped}${signature.slice(11)}`,
    );
    await expectInvalidToken(`${header}.${payload}.`);
  });

  it("answers 401 invalid_token for an unsigned (alg none) token", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    const payload = access_token.split(".")[1]!;
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    await expectInvalidToken(`${header}.${payload}.`);
  });

  it("answers 401 invalid_token for a token signed by another key", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    const claims = decodeJwt(access_token);
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const foreign = await new SignJWT({ sub: claims.sub, sid: claims.sid, cid: claims.cid })
      .setProtectedHeader({ alg: "EdDSA", typ: "JWT" })
      .setIssuer(t.ctx.config.JWT_ISSUER)
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(privateKey);
    await expectInvalidToken(foreign);
  });

  it("answers 401 invalid_token for a token of another issuer or without expiry", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    const claims = decodeJwt(access_token);
    const key = await signingKey();
    const otherIssuer = await new SignJWT({ sub: claims.sub, sid: claims.sid, cid: claims.cid })
      .setProtectedHeader({ alg: "EdDSA" })
      .setIssuer("someone-else")
      .setExpirationTime("10m")
      .sign(key);
    await expectInvalidToken(otherIssuer);
    const noExpiry = await new SignJWT({ sub: claims.sub, sid: claims.sid, cid: claims.cid })
      .setProtectedHeader({ alg: "EdDSA" })
      .setIssuer(t.ctx.config.JWT_ISSUER)
      .sign(key);
    await expectInvalidToken(noExpiry);
  });
});

describe("rate limit", () => {
  /** A password grant (the demo visitor's, unless overridden) from the address `ip`. */
  const grantFrom = (app: TestApp["app"], ip: string, overrides: Record<string, unknown>) =>
    call(app, {
      method: "POST",
      url: tokenUrl,
      headers: { "x-forwarded-for": ip },
      payload: passwordGrant(overrides),
    });

  it("answers 429 rate_limited with Retry-After on the 4th attempt for one account", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const attempt = (
        ip: string,
        overrides: Record<string, unknown> = { password: "wrong-password-1" },
        locale?: "de" | "en",
      ) =>
        call(limited.app, {
          method: "POST",
          url: tokenUrl,
          headers: { "x-forwarded-for": ip },
          payload: passwordGrant(overrides),
          locale,
        });
      // The owner's browser signed in before the guessing, and keeps its device token.
      const earlier = await attempt("10.0.0.9", {});
      expect(earlier.statusCode).toBe(200);
      const device = earlier.json<TokenResponse>().device_token!;
      expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const organiserDevice = (
        await attempt("10.0.0.9", {
          username: demoUsers.organiser.email,
          password: demoUsers.organiser.password,
        })
      ).json<TokenResponse>().device_token;

      // Each attempt from another address: the account's own counter must stop the 4th.
      for (const ip of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) {
        const response = await attempt(ip);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).code).toBe("invalid_grant");
      }
      // The same account in other letters counts as the same account.
      const fourth = await attempt(
        "10.0.0.4",
        { username: demoUsers.visitor.email.toUpperCase(), password: "wrong-password-1" },
        "en",
      );
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({
        error: { code: "rate_limited", message: "Too many attempts. Please wait a moment." },
      });
      const retryAfter = Number(fourth.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);

      // Wrong passwords keep being refused while the account backs off, in the visitor's language.
      const wrongAgain = await attempt("10.0.0.5");
      expect(wrongAgain.statusCode).toBe(429);
      expect(errorOf(wrongAgain)).toEqual({
        code: "rate_limited",
        message: "Zu viele Versuche. Bitte warten Sie einen Moment.",
      });
      // So is the right one from a browser the account does not know, or that knows another
      // account: a guesser from new addresses cannot tell a right guess from a wrong one.
      // (Each from an address of its own: an address has its own limit over all accounts.)
      for (const [ip, device_token] of [
        ["10.0.2.1", undefined],
        ["10.0.2.2", "made-up-device-token"],
        ["10.0.2.3", organiserDevice],
      ] as const) {
        const right = await attempt(ip, { device_token });
        expect(right.statusCode, String(device_token)).toBe(429);
        expect(errorOf(right).code).toBe("rate_limited");
      }

      // The owner's browser gets through the back-off: nobody can lock the owner out. Its
      // device token stays the same.
      const owner = await attempt("10.0.0.7", { device_token: device });
      expect(owner.statusCode).toBe(200);
      expect(owner.json<TokenResponse>().device_token).toBe(device);
      // It backs off on its own wrong passwords (from anywhere), and then refuses the right one.
      for (const ip of ["10.0.1.1", "10.0.1.2", "10.0.1.3"]) {
        expect(
          (await attempt(ip, { password: "wrong-password-1", device_token: device })).statusCode,
        ).toBe(400);
      }
      expect((await attempt("10.0.1.4", { device_token: device })).statusCode).toBe(429);

      // Another account from a fresh address is not affected.
      const other = await attempt("10.0.0.6", {
        username: demoUsers.organiser.email,
        password: demoUsers.organiser.password,
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("counts each attempt before the password is checked: concurrent guesses get no more", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      // 30 guesses at once from 30 addresses; the last one is right.
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call(limited.app, {
            method: "POST",
            url: tokenUrl,
            headers: { "x-forwarded-for": `10.9.${i}.1` },
            payload: passwordGrant(i === 29 ? {} : { password: `wrong-password-${i}` }),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status !== 429)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it("lets a known browser in past guesses from its own address, and shares one token between accounts", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const signIn = (ip: string, overrides: Record<string, unknown>) =>
        grantFrom(limited.app, ip, overrides);
      const visitorDevice = (await signIn("192.0.2.7", {})).json<TokenResponse>().device_token;
      // The organiser signs in on the same browser: it keeps its one token, now for both.
      const organiser = await signIn("192.0.2.8", {
        username: demoUsers.organiser.email,
        password: demoUsers.organiser.password,
        device_token: visitorDevice,
      });
      expect(organiser.json<TokenResponse>().device_token).toBe(visitorDevice);
      // Someone behind the visitor's address (a shared network) uses up the account's attempts.
      for (let n = 0; n < 3; n++) {
        expect((await signIn("192.0.2.9", { password: "wrong-password-1" })).statusCode).toBe(400);
      }
      expect((await signIn("192.0.2.10", {})).statusCode).toBe(429);
      expect((await signIn("192.0.2.11", { device_token: visitorDevice })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("makes the browser that reset the password a known one: it signs in while the account backs off", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const user = await registerVisitor(limited.app);
      const signIn = (ip: string, overrides: Record<string, unknown>) =>
        grantFrom(limited.app, ip, { username: user.email, ...overrides });
      const reset = (ip: string, payload: Record<string, unknown>) =>
        call(limited.app, {
          method: "POST",
          url: "/api/v1/password/reset",
          headers: { "x-forwarded-for": ip },
          payload,
          locale: "en",
        });
      // Someone signed in with the old password, and their browser is one the account knows.
      const intruder = (
        await signIn("10.9.0.20", { password: user.password })
      ).json<TokenResponse>().device_token;
      // Guesses from elsewhere make the account back off, for its owner's new browser too.
      for (const ip of ["10.9.0.1", "10.9.0.2", "10.9.0.3"]) {
        expect((await signIn(ip, { password: "wrong-password-1" })).statusCode).toBe(400);
      }
      expect((await signIn("10.9.0.4", { password: user.password })).statusCode).toBe(429);

      // A device token that is not text is refused, and the link stays unused.
      const token = await requestResetToken(limited, user.email);
      const bad = await reset("10.9.0.5", {
        token,
        password: "neues-passwort-9",
        device_token: "x".repeat(201),
      });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).code).toBe("validation_failed");

      // The owner sets a new password from the mailed link: that browser is known from now on,
      // and the browsers that knew the old password are forgotten.
      const done = await reset("10.9.0.5", { token, password: "neues-passwort-9" });
      expect(done.statusCode).toBe(200);
      const device = done.json<{ data: { device_token: string } }>().data.device_token;
      expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await signIn("10.9.0.6", { password: "neues-passwort-9" })).statusCode).toBe(429);
      const owner = await signIn("10.9.0.7", {
        password: "neues-passwort-9",
        device_token: device,
      });
      expect(owner.statusCode).toBe(200);
      expect(owner.json<TokenResponse>().device_token).toBe(device);
      const forgotten = await signIn("10.9.0.8", {
        password: "neues-passwort-9",
        device_token: intruder,
      });
      expect(forgotten.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("forgets a browser unused for longer than loginDeviceDays", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const signIn = (ip: string, overrides: Record<string, unknown>) =>
        grantFrom(limited.app, ip, overrides);
      const device = (await signIn("10.8.0.1", {})).json<TokenResponse>().device_token ?? "";
      await limited.ctx.db
        .update(loginDevices)
        .set({ usedAt: sql`now() - make_interval(days => ${loginDeviceDays + 1})` })
        .where(eq(loginDevices.tokenHash, sha256(device)));
      for (const ip of ["10.8.0.2", "10.8.0.3", "10.8.0.4"]) {
        expect((await signIn(ip, { password: "wrong-password-1" })).statusCode).toBe(400);
      }
      expect((await signIn("10.8.0.5", { device_token: device })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("keeps 20 browsers per account: those that came back before those that never did", async () => {
    const user = await registerVisitor(t.app);
    const [{ id: userId } = { id: "none" }] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    const signIn = async (device_token?: string) => {
      const response = await postToken(
        passwordGrant({ username: user.email, password: user.password, device_token }),
      );
      expect(response.statusCode).toBe(200);
      return response.json<TokenResponse>().device_token ?? "";
    };
    const devicesOf = async () =>
      (
        await t.ctx.db
          .select({ tokenHash: loginDevices.tokenHash })
          .from(loginDevices)
          .where(eq(loginDevices.userId, userId))
      ).map((row) => row.tokenHash);

    const browser = await signIn();
    expect(await signIn(browser)).toBe(browser);
    // A client that keeps no token makes a new one at every sign-in.
    for (let i = 0; i < 25; i += 1) await signIn();
    const newest = await signIn("made-up-token-the-api-never-issued");
    expect(newest).not.toBe("made-up-token-the-api-never-issued");
    const kept = await devicesOf();
    expect(kept).toHaveLength(20);
    expect(kept).toContain(sha256(browser));
    expect(kept).toContain(sha256(newest));
  });

  it("keeps every browser of an account signing in at once", async () => {
    const user = await registerVisitor(t.app);
    const signIn = async (device_token?: string) => {
      const response = await postToken(
        passwordGrant({ username: user.email, password: user.password, device_token }),
      );
      expect(response.statusCode).toBe(200);
      return response.json<TokenResponse>().device_token ?? "";
    };
    const browsers: string[] = [];
    for (let i = 0; i < 20; i += 1) browsers.push(await signIn());
    // Each sign-in prunes the account's browsers in its transaction, at the same moment.
    expect(await Promise.all(browsers.map((browser) => signIn(browser)))).toEqual(browsers);
    const kept = (
      await t.ctx.db
        .select({ tokenHash: loginDevices.tokenHash })
        .from(loginDevices)
        .innerJoin(users, eq(users.id, loginDevices.userId))
        .where(eq(users.email, user.email))
    ).map((row) => row.tokenHash);
    expect(kept.sort()).toEqual(browsers.map(sha256).sort());
  });

  it("refuses a device token that is not text, and answers no device token to other grants", async () => {
    const bad = await postToken(passwordGrant({ device_token: "x".repeat(201) }), "en");
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe("validation_failed");
    const control = await postToken(passwordGrant({ device_token: "a\u0000b" }));
    expect(control.statusCode).toBe(400);
    const session = (await postToken(passwordGrant())).json<TokenResponse>();
    const renewed = await postToken({
      grant_type: "refresh_token",
      refresh_token: session.refresh_token,
      ...testClient,
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<TokenResponse>().device_token).toBeUndefined();
  });
});

describe("client authentication", () => {
  const clientGrant = (overrides: Record<string, unknown> = {}) => ({
    grant_type: "client_credentials",
    ...testClient,
    ...overrides,
  });
  const storedHash = async (id: string) =>
    (
      await t.ctx.db
        .select({ secretHash: oauthClients.secretHash })
        .from(oauthClients)
        .where(eq(oauthClients.id, id))
    )[0]?.secretHash;

  it("limits wrong client secrets and unknown clients per IP, before checking them", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const attempt = (payload: Record<string, unknown>, ip: string) =>
        call(limited.app, {
          method: "POST",
          url: tokenUrl,
          headers: { "x-forwarded-for": ip },
          payload,
        });
      const wrongSecret = clientGrant({ client_secret: "wrong-secret-1" });
      const unknownClient = clientGrant({ client_id: "no-such-client" });
      for (const payload of [wrongSecret, unknownClient, wrongSecret]) {
        expect((await attempt(payload, "10.1.0.1")).statusCode).toBe(401);
      }
      const fourth = await attempt(unknownClient, "10.1.0.1");
      expect(fourth.statusCode).toBe(429);
      expect(errorOf(fourth).code).toBe("rate_limited");
      // Even the right secret waits: the limit comes before any check.
      expect((await attempt(clientGrant(), "10.1.0.1")).statusCode).toBe(429);
      expect((await attempt(clientGrant(), "10.1.0.2")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("keeps the web client's secret as a SHA-256, not an argon2 hash", async () => {
    expect(await storedHash(testClient.client_id)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("accepts a client stored with an argon2 hash and stores its SHA-256 instead", async () => {
    await t.ctx.db.insert(oauthClients).values({
      id: "legacy-app",
      name: "Legacy",
      secretHash: await hashPassword("legacy-secret-1"),
      grants: ["client_credentials"],
    });
    const wrong = await postToken(
      clientGrant({ client_id: "legacy-app", client_secret: "legacy-secret-2" }),
    );
    expect(wrong.statusCode).toBe(401);
    expect(await storedHash("legacy-app")).toMatch(/^\$argon2id\$/);
    const right = clientGrant({ client_id: "legacy-app", client_secret: "legacy-secret-1" });
    expect((await postToken(right)).statusCode).toBe(200);
    expect(await storedHash("legacy-app")).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await postToken(right)).statusCode).toBe(200);
    expect(
      (await postToken(clientGrant({ client_id: "legacy-app", client_secret: "legacy-secret-2" })))
        .statusCode,
    ).toBe(401);
  });
});

describe("refresh limits", () => {
  /** Grants as one address sends them. */
  const grantsFrom = (app: TestApp, ip: string) => (payload: Record<string, unknown>) =>
    call(app.app, { method: "POST", url: tokenUrl, headers: { "x-forwarded-for": ip }, payload });

  it("keeps refreshes out of the per-IP login bucket", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const from = grantsFrom(limited, "10.5.0.1");
      const login = await from(passwordGrant());
      expect(login.statusCode).toBe(200);
      // Guesses for other accounts from the same address use up its login attempts …
      for (let n = 0; n < 3; n++) {
        await from(passwordGrant({ username: `other-${n}@example.org`, password: "guess-1" }));
      }
      expect((await from(passwordGrant())).statusCode).toBe(429);
      // … but the session's renewal still works: it is limited per refresh token.
      let refreshToken = login.json<TokenResponse>().refresh_token;
      for (let n = 0; n < 3; n++) {
        const renewed = await from({
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          ...testClient,
        });
        expect(renewed.statusCode).toBe(200);
        refreshToken = renewed.json<TokenResponse>().refresh_token;
      }
    } finally {
      await limited.close();
    }
  });

  it("refuses a made-up refresh token before the client secret: guesses learn nothing, and the address's renewals go on", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const from = grantsFrom(limited, "10.7.0.1");
      const login = await from(passwordGrant());
      expect(login.statusCode).toBe(200);
      // Each guess with a made-up refresh token of its own, so no token's budget stops them: the
      // right secret answers as the wrong ones do.
      const guess = (secret: string) =>
        from({
          grant_type: "refresh_token",
          refresh_token: `made-up-${randomUUID()}`,
          ...testClient,
          client_secret: secret,
        });
      for (const secret of ["guess-1-secret", "guess-2-secret", testClient.client_secret]) {
        for (let n = 0; n < 2; n++) {
          const answer = await guess(secret);
          expect(answer.statusCode, secret).toBe(400);
          expect(errorOf(answer).code).toBe("invalid_grant");
        }
      }
      // A real token with a wrong secret is the client's failure, counted against that token.
      const refreshToken = login.json<TokenResponse>().refresh_token;
      const wrongClient = await from({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        ...testClient,
        client_secret: "guess-3-secret",
      });
      expect(wrongClient.statusCode).toBe(401);
      expect(errorOf(wrongClient).code).toBe("invalid_client");
      // Strangers' guesses from the same address cost its visitors nothing.
      const renewed = await from({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        ...testClient,
      });
      expect(renewed.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("limits the attempts with one refresh token", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const statuses = [];
      for (const ip of ["10.6.0.1", "10.6.0.2", "10.6.0.3", "10.6.0.4"]) {
        const response = await call(limited.app, {
          method: "POST",
          url: tokenUrl,
          headers: { "x-forwarded-for": ip },
          payload: { grant_type: "refresh_token", refresh_token: "not-a-token", ...testClient },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("account lockout", () => {
  it("counts failures per account and source: another source's guesses keep no known browser out", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const login = (ip: string, password: string, device_token?: string) =>
        call(limited.app, {
          method: "POST",
          url: tokenUrl,
          headers: { "x-forwarded-for": ip },
          payload: passwordGrant({ password, device_token }),
        });
      const device = (await login("10.2.0.2", demoUsers.visitor.password)).json<TokenResponse>()
        .device_token;
      // An attacker uses up the attempts for this account from their address …
      for (let n = 0; n < 3; n++) {
        expect((await login("10.2.0.1", "wrong-password-1")).statusCode).toBe(400);
      }
      expect((await login("10.2.0.1", "wrong-password-1")).statusCode).toBe(429);
      // … and stays refused there, even with the right password.
      expect((await login("10.2.0.1", demoUsers.visitor.password)).statusCode).toBe(429);
      // The owner, from their own browser, logs in; a browser new to the account waits.
      expect((await login("10.2.0.2", demoUsers.visitor.password, device)).statusCode).toBe(200);
      expect((await login("10.2.0.3", demoUsers.visitor.password)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("does not count a successful login against the account", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      for (const ip of ["10.3.0.1", "10.3.0.2", "10.3.0.3", "10.3.0.4", "10.3.0.5"]) {
        const response = await call(limited.app, {
          method: "POST",
          url: tokenUrl,
          headers: { "x-forwarded-for": ip },
          payload: passwordGrant(),
        });
        expect(response.statusCode, ip).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it("keeps a global limit per address over all accounts", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const statuses = [];
      for (let n = 0; n < 4; n++) {
        const response = await call(limited.app, {
          method: "POST",
          url: tokenUrl,
          headers: { "x-forwarded-for": "10.4.0.1" },
          payload: passwordGrant({ username: `someone-${n}@example.org`, password: "guess-1" }),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("the visitor's address behind the web app", () => {
  // Wrong passwords for accounts that do not exist: only the per-IP counter can stop them.
  const guess = (app: TestApp["app"], n: number, headers: Record<string, string>, from: string) =>
    call(app, {
      method: "POST",
      url: tokenUrl,
      remoteAddress: from,
      headers,
      payload: passwordGrant({ username: `nobody-${n}@example.org`, password: "wrong-password-1" }),
    });

  it("counts each visitor the web app forwards from loopback on their own", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "2" });
    try {
      // The web app on this machine forwards three visitors; none reaches its own limit.
      for (const [n, visitor] of ["203.0.113.1", "203.0.113.2", "203.0.113.3"].entries()) {
        const response = await guess(limited.app, n, { "x-forwarded-for": visitor }, "127.0.0.1");
        expect(response.statusCode).toBe(400);
      }
      // One visitor's third attempt is limited.
      await guess(limited.app, 10, { "x-forwarded-for": "203.0.113.9" }, "127.0.0.1");
      await guess(limited.app, 11, { "x-forwarded-for": "203.0.113.9" }, "127.0.0.1");
      const third = await guess(limited.app, 12, { "x-forwarded-for": "203.0.113.9" }, "127.0.0.1");
      expect(third.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("ignores X-Forwarded-For from a caller that is not a trusted proxy", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const statuses = [];
      for (const [n, spoofed] of ["198.51.100.1", "198.51.100.2", "198.51.100.3"].entries()) {
        const response = await guess(limited.app, n, { "x-forwarded-for": spoofed }, "192.0.2.7");
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it("believes the proxies TRUST_PROXY names", async () => {
    const limited = await createTestApp({
      RATE_LIMIT_PER_MINUTE: "2",
      TRUST_PROXY: "192.0.2.0/24",
    });
    try {
      for (const [n, visitor] of ["198.51.100.1", "198.51.100.2", "198.51.100.3"].entries()) {
        const response = await guess(limited.app, n, { "x-forwarded-for": visitor }, "192.0.2.7");
        expect(response.statusCode).toBe(400);
      }
    } finally {
      await limited.close();
    }
  });
});

import type { ErrorBody, TokenResponse, User } from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginDevices, sessions, users } from "../db/schema.ts";
import { sha256 } from "../lib/secrets.ts";
import { demoUsers } from "../seed/index.ts";
import {
  call,
  createTestApp,
  loginDemoVisitor,
  passwordLogin,
  registerVisitor,
  requestResetToken,
  resetPassword,
  type TestApp,
  testClient,
} from "../testing/app.ts";

const getUserUrl = "/api/v1/getUser";
const updateUserUrl = "/api/v1/updateUser";
const profileUrl = "/api/v1/auth/profile";
const passwordUrl = "/api/v1/auth/password";
const logoutUrl = "/api/v1/auth/logout";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;

const getUser = (token: string) => call(t.app, { method: "GET", url: getUserUrl, token });

const refresh = (refreshToken: string) =>
  call(t.app, {
    method: "POST",
    url: "/api/v1/token",
    payload: { grant_type: "refresh_token", refresh_token: refreshToken, ...testClient },
  });

const login = (username: string, password: string) =>
  call(t.app, {
    method: "POST",
    url: "/api/v1/token",
    payload: { grant_type: "password", username, password, ...testClient },
  });

async function userRow(email: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return row!;
}

async function expectRevoked(tokens: TokenResponse) {
  const me = await getUser(tokens.access_token);
  expect(me.statusCode).toBe(401);
  expect(errorOf(me).code).toBe("invalid_token");
  const renewed = await refresh(tokens.refresh_token!);
  expect(renewed.statusCode).toBe(400);
  expect(errorOf(renewed).code).toBe("invalid_grant");
}

describe("GET /getUser", () => {
  it("answers the signed-in user without any password hash", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    const response = await getUser(access_token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { data } = response.json<{ data: User }>();
    expect(data).toMatchObject({
      id: decodeJwt(access_token).sub,
      name: "Lena",
      surname: "Hoffmann",
      email: demoUsers.visitor.email,
      phone: "+49 170 2345678",
      role: "visitor",
      preferred_locale: "de",
      organiser: null,
    });
    const row = await userRow(demoUsers.visitor.email);
    expect(response.body).not.toContain(row.passwordHash);
    expect(response.body).not.toMatch(/password|argon2|hash/i);
  });

  it("answers the organiser with the company profile", async () => {
    const tokens = await passwordLogin(
      t.app,
      demoUsers.organiser.email,
      demoUsers.organiser.password,
    );
    const { data } = (await getUser(tokens.access_token)).json<{ data: User }>();
    expect(data.role).toBe("organiser");
    expect(data.organiser).toMatchObject({
      company_name: "Spreeklang Konzerte GmbH",
      approval_status: "approved",
    });
    expect(JSON.stringify(data)).not.toMatch(/password|argon2/i);
  });
});

describe("GET /updateUser", () => {
  it("records and answers last_seen_at", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    expect((await userRow(email)).lastSeenAt).toBeNull();
    const before = Date.now();
    const response = await call(t.app, {
      method: "GET",
      url: updateUserUrl,
      token: tokens.access_token,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { last_seen_at: string } }>();
    expect(Object.keys(data)).toEqual(["last_seen_at"]);
    const seen = new Date(data.last_seen_at);
    expect(data.last_seen_at).toBe(seen.toISOString());
    expect(seen.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(seen.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await userRow(email)).lastSeenAt?.toISOString()).toBe(data.last_seen_at);
  });
});

describe("PATCH /auth/profile", () => {
  it("changes name, surname, phone and preferred language", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    const response = await call(t.app, {
      method: "PATCH",
      url: profileUrl,
      token: tokens.access_token,
      payload: {
        name: "  Erika ",
        surname: "Mustermann",
        phone: "+49 30 1234567",
        preferred_locale: "en",
      },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: User }>();
    expect(data).toMatchObject({
      name: "Erika",
      surname: "Mustermann",
      phone: "+49 30 1234567",
      preferred_locale: "en",
      email,
    });
    const row = await userRow(email);
    expect(row).toMatchObject({
      name: "Erika",
      surname: "Mustermann",
      phone: "+49 30 1234567",
      preferredLocale: "en",
    });
    expect((await getUser(tokens.access_token)).json<{ data: User }>().data).toEqual(data);
  });

  it("changes only the fields given, and clears the phone with null", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    await call(t.app, {
      method: "PATCH",
      url: profileUrl,
      token: tokens.access_token,
      payload: { phone: "030 123456" },
    });
    const renamed = await call(t.app, {
      method: "PATCH",
      url: profileUrl,
      token: tokens.access_token,
      payload: { surname: "Neu" },
    });
    expect(renamed.json<{ data: User }>().data).toMatchObject({
      name: "Max",
      surname: "Neu",
      phone: "030 123456",
    });
    const cleared = await call(t.app, {
      method: "PATCH",
      url: profileUrl,
      token: tokens.access_token,
      payload: { phone: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<{ data: User }>().data.phone).toBeNull();
    expect((await userRow(email)).phone).toBeNull();
  });

  it("cannot change the role or the email", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    const response = await call(t.app, {
      method: "PATCH",
      url: profileUrl,
      token: tokens.access_token,
      payload: { name: "Mallory", role: "admin", email: "admin@eventwerk.example" },
    });
    expect(response.statusCode).toBe(200);
    const row = await userRow(email);
    expect(row).toMatchObject({ name: "Mallory", role: "visitor", email });
  });

  it.each<[string, unknown, string, { de: string; en: string } | null]>([
    [
      "an empty body",
      {},
      "body",
      { de: "Es wurde nichts zum Ändern angegeben.", en: "Nothing to change was given." },
    ],
    [
      "only unknown fields",
      { role: "admin" },
      "body",
      { de: "Es wurde nichts zum Ändern angegeben.", en: "Nothing to change was given." },
    ],
    [
      "a bad phone",
      { phone: "call me" },
      "phone",
      {
        de: "Bitte geben Sie eine gültige Telefonnummer an.",
        en: "Please enter a valid phone number.",
      },
    ],
    ["a too long phone", { phone: "1".repeat(33) }, "phone", null],
    ["a numeric name", { name: 42 }, "name", null],
    ["a blank surname", { surname: "   " }, "surname", null],
    ["a too long name", { name: "x".repeat(81) }, "name", null],
    ["phone as number", { phone: 4930123456 }, "phone", null],
    ["an unknown locale", { preferred_locale: "fr" }, "preferred_locale", null],
    ["a body that is an array", [{ name: "Max" }], "body", null],
  ])("rejects %s with 400 and leaves the user unchanged", async (_name, payload, field, text) => {
    const { email, tokens } = await registerVisitor(t.app);
    const before = await userRow(email);
    for (const locale of ["de", "en"] as const) {
      const response = await call(t.app, {
        method: "PATCH",
        url: profileUrl,
        token: tokens.access_token,
        payload: JSON.stringify(payload),
        headers: { "content-type": "application/json" },
        locale,
      });
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields).toHaveProperty(field, expect.any(String));
      if (text) expect(error.fields![field]).toBe(text[locale]);
    }
    expect(await userRow(email)).toEqual(before);
  });

  it("rejects a valid field next to an invalid one without changing either", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    const before = await userRow(email);
    const response = await call(t.app, {
      method: "PATCH",
      url: profileUrl,
      token: tokens.access_token,
      payload: { name: "Changed", preferred_locale: "xx" },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual(["preferred_locale"]);
    expect(await userRow(email)).toEqual(before);
  });
});

describe("POST /auth/password", () => {
  it("rejects a wrong current password and keeps the hash", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    const before = await userRow(email);
    const de = await call(t.app, {
      method: "POST",
      url: passwordUrl,
      token: tokens.access_token,
      payload: { current_password: "not-my-password-1", new_password: "ganz-neu-2024" },
    });
    expect(de.statusCode).toBe(400);
    expect(de.json()).toEqual({
      error: {
        code: "wrong_password",
        message: "Das aktuelle Passwort ist falsch.",
        fields: { current_password: "Das aktuelle Passwort ist falsch." },
      },
    });
    const en = await call(t.app, {
      method: "POST",
      url: passwordUrl,
      token: tokens.access_token,
      payload: { current_password: "not-my-password-1", new_password: "ganz-neu-2024" },
      locale: "en",
    });
    expect(en.json()).toEqual({
      error: {
        code: "wrong_password",
        message: "The current password is wrong.",
        fields: { current_password: "The current password is wrong." },
      },
    });
    expect(await userRow(email)).toEqual(before);
    expect((await getUser(tokens.access_token)).statusCode).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["a too short new password", { new_password: "abc1" }, "new_password"],
    ["a new password without a digit", { new_password: "nur-buchstaben" }, "new_password"],
    ["a new password without a letter", { new_password: "1234567890" }, "new_password"],
    ["a 201 character new password", { new_password: `a1${"x".repeat(199)}` }, "new_password"],
    ["a missing current password", { current_password: undefined }, "current_password"],
    ["an empty current password", { current_password: "" }, "current_password"],
    ["a numeric new password", { new_password: 12345678 }, "new_password"],
    ["a 201 character device token", { device_token: "x".repeat(201) }, "device_token"],
  ])("rejects %s with 400 and keeps the hash", async (_name, overrides, field) => {
    const { email, password, tokens } = await registerVisitor(t.app);
    const before = await userRow(email);
    const response = await call(t.app, {
      method: "POST",
      url: passwordUrl,
      token: tokens.access_token,
      payload: { current_password: password, new_password: "ganz-neu-2024", ...overrides },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toHaveProperty(field, expect.any(String));
    expect(await userRow(email)).toEqual(before);
  });

  it("names the password rule in both languages", async () => {
    const { password, tokens } = await registerVisitor(t.app);
    const texts = {
      de: "Das Passwort braucht mindestens 8 Zeichen, davon mindestens einen Buchstaben und eine Ziffer.",
      en: "The password needs at least 8 characters, including at least one letter and one digit.",
    };
    for (const locale of ["de", "en"] as const) {
      const response = await call(t.app, {
        method: "POST",
        url: passwordUrl,
        token: tokens.access_token,
        payload: { current_password: password, new_password: "keine-ziffern" },
        locale,
      });
      expect(errorOf(response).fields).toEqual({ new_password: texts[locale] });
    }
  });

  it("changes the password, keeps this session and signs out the others", async () => {
    const { email, password, tokens: current } = await registerVisitor(t.app);
    const other = await passwordLogin(t.app, email, password);
    const third = await passwordLogin(t.app, email, password);
    const before = await userRow(email);

    const response = await call(t.app, {
      method: "POST",
      url: passwordUrl,
      token: current.access_token,
      payload: { current_password: password, new_password: "ganz-neu-2024" },
      locale: "en",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { message: "Your password has been changed. Other sessions have been signed out." },
    });
    expect((await userRow(email)).passwordHash).not.toBe(before.passwordHash);

    const old = await login(email, password);
    expect(old.statusCode).toBe(400);
    expect(errorOf(old).code).toBe("invalid_grant");
    expect((await login(email, "ganz-neu-2024")).statusCode).toBe(200);

    // This session goes on, with its access token and its refresh token.
    expect((await getUser(current.access_token)).statusCode).toBe(200);
    const renewed = await refresh(current.refresh_token!);
    expect(renewed.statusCode).toBe(200);
    expect((await getUser(renewed.json<TokenResponse>().access_token)).statusCode).toBe(200);

    await expectRevoked(other);
    await expectRevoked(third);

    const currentSid = decodeJwt(current.access_token).sid as string;
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, before.id));
    for (const row of rows) {
      if (row.id === currentSid) expect(row.revokedAt).toBeNull();
      else if (row.id === decodeJwt(other.access_token).sid) expect(row.revokedAt).not.toBeNull();
    }
  });

  it("forgets the browsers the account knew, except the one that changed it", async () => {
    const { email, password, tokens } = await registerVisitor(t.app);
    const kept = (await passwordLogin(t.app, email, password)).device_token!;
    const other = (await passwordLogin(t.app, email, password)).device_token!;
    const user = await userRow(email);
    const known = async () =>
      (
        await t.ctx.db
          .select({ hash: loginDevices.tokenHash })
          .from(loginDevices)
          .where(eq(loginDevices.userId, user.id))
      ).map((row) => row.hash);
    // Registration signs in too, so the account knows a third browser.
    expect(await known()).toHaveLength(3);
    expect(await known()).toEqual(expect.arrayContaining([sha256(kept), sha256(other)]));

    const response = await call(t.app, {
      method: "POST",
      url: passwordUrl,
      token: tokens.access_token,
      payload: { current_password: password, new_password: "ganz-neu-2024", device_token: kept },
    });
    expect(response.statusCode).toBe(200);
    expect(await known()).toEqual([sha256(kept)]);

    // Without a device token (a browser that never signed in with a password), none stays.
    const again = await call(t.app, {
      method: "POST",
      url: passwordUrl,
      token: tokens.access_token,
      payload: { current_password: "ganz-neu-2024", new_password: "noch-neuer-2025" },
    });
    expect(again.statusCode).toBe(200);
    expect(await known()).toEqual([]);
  });

  it("German answer by default", async () => {
    const { password, tokens } = await registerVisitor(t.app);
    const response = await call(t.app, {
      method: "POST",
      url: passwordUrl,
      token: tokens.access_token,
      payload: { current_password: password, new_password: "ganz-neu-2024" },
    });
    expect(response.json()).toEqual({
      data: { message: "Ihr Passwort wurde geändert. Andere Sitzungen wurden abgemeldet." },
    });
  });
});

describe("POST /auth/password and reset links", () => {
  it("makes every reset link mailed before stop working", async () => {
    const { email, password, tokens } = await registerVisitor(t.app);
    const links = [await requestResetToken(t, email), await requestResetToken(t, email)];
    const other = await registerVisitor(t.app);
    const othersLink = await requestResetToken(t, other.email);

    // A refused change (wrong current password) leaves the links alone.
    const refused = await call(t.app, {
      method: "POST",
      url: passwordUrl,
      token: tokens.access_token,
      payload: { current_password: "not-my-password-1", new_password: "ganz-neu-2024" },
    });
    expect(refused.statusCode).toBe(400);
    const stillGood = await call(t.app, {
      method: "POST",
      url: "/api/v1/password/reset/check",
      payload: { token: links[0] },
    });
    expect(stillGood.statusCode).toBe(200);

    const changed = await call(t.app, {
      method: "POST",
      url: passwordUrl,
      token: tokens.access_token,
      payload: { current_password: password, new_password: "ganz-neu-2024" },
    });
    expect(changed.statusCode).toBe(200);
    for (const link of links) {
      const response = await resetPassword(t, link, "zurueck-zum-alten-1");
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("invalid_reset_token");
    }
    expect((await login(email, "ganz-neu-2024")).statusCode).toBe(200);
    expect((await login(email, "zurueck-zum-alten-1")).statusCode).toBe(400);

    // Other accounts keep theirs, and a link asked for after the change works.
    expect((await resetPassword(t, othersLink, "anderes-konto-2")).statusCode).toBe(200);
    expect(
      (await resetPassword(t, await requestResetToken(t, email), "nach-dem-wechsel-3")).statusCode,
    ).toBe(200);
  });
});

describe("POST /auth/logout", () => {
  it("revokes this session's refresh and access tokens, not other sessions", async () => {
    const { email, password, tokens } = await registerVisitor(t.app);
    const other = await passwordLogin(t.app, email, password);
    const response = await call(t.app, {
      method: "POST",
      url: logoutUrl,
      token: tokens.access_token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { success: true } });

    await expectRevoked(tokens);
    const again = await call(t.app, { method: "POST", url: logoutUrl, token: tokens.access_token });
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).code).toBe("invalid_token");

    expect((await getUser(other.access_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token!)).statusCode).toBe(200);
  });

  it("also revokes the refresh tokens rotated within the session", async () => {
    const { tokens } = await registerVisitor(t.app);
    const rotated = (await refresh(tokens.refresh_token!)).json<TokenResponse>();
    await call(t.app, { method: "POST", url: logoutUrl, token: tokens.access_token });
    await expectRevoked(rotated);
  });
});

describe("authentication", () => {
  it.each([
    ["GET", getUserUrl],
    ["GET", updateUserUrl],
    ["PATCH", profileUrl],
    ["POST", passwordUrl],
    ["POST", logoutUrl],
  ] as const)("%s %s answers 401 without a token", async (method, url) => {
    const payload =
      method === "PATCH"
        ? { name: "X" }
        : method === "POST" && url === passwordUrl
          ? { current_password: "irrelevant-1", new_password: "ganz-neu-2024" }
          : undefined;
    const response = await call(t.app, { method, url, payload, locale: "en" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: "unauthorized", message: "Please log in." } });
  });

  it.each([
    ["GET", getUserUrl],
    ["GET", updateUserUrl],
    ["PATCH", profileUrl],
    ["POST", passwordUrl],
    ["POST", logoutUrl],
  ] as const)("%s %s answers 403 to a client token", async (method, url) => {
    const client = await call(t.app, {
      method: "POST",
      url: "/api/v1/token",
      payload: { grant_type: "client_credentials", ...testClient },
    });
    const token = client.json<TokenResponse>().access_token;
    const payload =
      method === "PATCH"
        ? { name: "X" }
        : url === passwordUrl
          ? { current_password: "irrelevant-1", new_password: "ganz-neu-2024" }
          : undefined;
    const response = await call(t.app, { method, url, payload, token });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe("forbidden");
  });

  it("answers 401 invalid_token once the user is deleted", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    await t.ctx.db.delete(users).where(eq(users.email, email));
    const response = await getUser(tokens.access_token);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("invalid_token");
  });
});

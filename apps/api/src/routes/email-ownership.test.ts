import { apiPaths } from "@eventwerk/contract";
import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTokens, outboxJobs, users } from "../db/schema.ts";
import { requestEmailChange } from "../lib/email-ownership.ts";
import { enqueue } from "../lib/outbox.ts";
import {
  call,
  createTestApp,
  linkTokenTo,
  mailsTo,
  passwordLogin,
  registerVisitor,
  requestResetToken,
  resetPassword,
  resetTokenFrom,
  type TestApp,
  testClient,
} from "../testing/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };
type Me = { email: string; email_verified: boolean; pending_email: string | null };

let counter = 0;
const newEmail = (label: string) => `${label}${Date.now()}${counter++}@example.com`;

const confirm = (token: unknown, options: { token?: string; locale?: "de" | "en" } = {}) =>
  call(t.app, {
    method: "POST",
    url: apiPaths.emailConfirm,
    payload: { token },
    token: options.token,
    locale: options.locale,
  });
const me = async (accessToken: string) =>
  (await call(t.app, { method: "GET", url: apiPaths.getUser, token: accessToken })).json<{
    data: Me;
  }>().data;
const requestChange = (accessToken: string, email: string, password = "sicher-passwort-1") =>
  call(t.app, {
    method: "POST",
    url: apiPaths.email,
    token: accessToken,
    payload: { email, current_password: password },
    locale: "en",
  });
const refresh = (refreshToken: string) =>
  call(t.app, {
    method: "POST",
    url: apiPaths.token,
    payload: { grant_type: "refresh_token", refresh_token: refreshToken, ...testClient },
  });
/** These calls answer POST only: a GET (a token in the address, say) is 405 and does nothing. */
const expectPostOnly = async (url: string, accessToken?: string) =>
  expect((await call(t.app, { method: "GET", url, token: accessToken })).statusCode).toBe(405);
/** How many outbox jobs there are, queued or done (a mail is one). */
const queuedJobs = async () => (await t.ctx.db.select({ n: count() }).from(outboxJobs))[0]!.n;
/** Every row of the tables an address link writes, to show that a refused one wrote nothing. */
const snapshot = async () => {
  // Mails still queued (the registration's link) would add tokens in between.
  await t.drainOutbox();
  return {
    users: await t.ctx.db.select().from(users).orderBy(users.id),
    tokens: await t.ctx.db.select().from(emailTokens).orderBy(emailTokens.id),
  };
};

describe("registration mails a verification link", () => {
  it("verifies the address once; a second use says the link was used", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    expect(await me(tokens.access_token)).toMatchObject({ email, email_verified: false });
    const [mail, ...more] = await mailsTo(t, email);
    expect(more).toEqual([]);
    expect(mail).toContain("/e-mail-bestaetigen?token=");
    expect(mail).toContain("Bitte bestätigen Sie Ihre E-Mail-Adresse");
    const token = await linkTokenTo(t, email);
    // A registration's link needs no login: it is often opened in the mail program's browser.
    const first = await confirm(token, { locale: "en" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      data: { purpose: "verify", email, message: "Your email address is confirmed." },
    });
    expect(await me(tokens.access_token)).toMatchObject({ email_verified: true });
    const before = await snapshot();
    const second = await confirm(token, { locale: "en" });
    expect(second.statusCode).toBe(400);
    expect(second.json<ErrorAnswer>().error).toEqual({
      code: "email_token_used",
      message: "This confirmation link has already been used.",
      fields: { token: "This confirmation link has already been used." },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("mails the owner of a known address instead, in the owner's language", async () => {
    const { email } = await registerVisitor(t.app, { preferred_locale: "en" });
    await t.drainOutbox();
    const tokenCount = async () => (await t.ctx.db.select({ n: count() }).from(emailTokens))[0]!.n;
    const tokensBefore = await tokenCount();
    const response = await call(t.app, {
      method: "POST",
      url: apiPaths.register,
      payload: {
        name: "Eve",
        surname: "Mallory",
        email: email.toUpperCase(),
        password: "anderes-passwort-2",
        accept_terms: true,
      },
      locale: "de",
    });
    expect(response.statusCode).toBe(201);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    const note = mails.at(-1)!;
    expect(note).toContain("someone tried to register");
    expect(note).toContain("http://localhost:3000/en/login");
    expect(note).toContain("http://localhost:3000/en/reset-password");
    // No link: the note proves nothing and changes nothing.
    expect(resetTokenFrom(note)).toBeUndefined();
    expect(await tokenCount()).toBe(tokensBefore);
  });

  it("does the same work for a new and a known address: one queued job each", async () => {
    const { email } = await registerVisitor(t.app);
    await t.drainOutbox();
    for (const address of [newEmail("fresh"), email]) {
      const before = await queuedJobs();
      const response = await call(t.app, {
        method: "POST",
        url: apiPaths.register,
        payload: {
          name: "Max",
          surname: "Muster",
          email: address,
          password: "sicher-passwort-1",
          accept_terms: true,
        },
      });
      expect(response.statusCode).toBe(201);
      expect(await queuedJobs()).toBe(before + 1);
    }
  });

  it("answers unknown, expired and malformed links per field, in both languages, writing nothing", async () => {
    const { email } = await registerVisitor(t.app);
    const token = await linkTokenTo(t, email);
    await t.ctx.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.email, email));
    const before = await snapshot();
    const cases: [unknown, string, string][] = [
      [
        token,
        "email_token_expired",
        "Dieser Bestätigungslink ist abgelaufen. Fordern Sie einen neuen an.",
      ],
      [
        "x".repeat(43),
        "invalid_email_token",
        expect.stringContaining("Bestätigungslink ist ungültig"),
      ],
      [
        `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
        "invalid_email_token",
        expect.any(String),
      ],
      ["", "validation_failed", expect.any(String)],
      ["x".repeat(201), "validation_failed", expect.any(String)],
      [42, "validation_failed", expect.any(String)],
      [null, "validation_failed", expect.any(String)],
      ["a\u0000b", "validation_failed", expect.any(String)],
    ];
    for (const [value, code, message] of cases) {
      const response = await confirm(value, { locale: "de" });
      expect(response.statusCode, String(value)).toBe(400);
      const { error } = response.json<ErrorAnswer>();
      expect(error.code, String(value)).toBe(code);
      if (code !== "validation_failed") expect(error.fields?.token).toEqual(message);
      expect(error.fields?.token, String(value)).toBeTruthy();
    }
    const en = await confirm("x".repeat(43), { locale: "en" });
    expect(en.json<ErrorAnswer>().error.message).toBe(
      "This confirmation link is not valid. Part of it may be missing, or a newer link has replaced it.",
    );
    // The link's page posts the token: a GET with it in the address is not the call.
    await expectPostOnly(`${apiPaths.emailConfirm}?token=${token}`);
    expect(await snapshot()).toEqual(before);
  });

  it("a password reset link proves the address too", async () => {
    const { email } = await registerVisitor(t.app);
    await t.drainOutbox();
    const reset = await resetPassword(t, await requestResetToken(t, email), "neues-passwort-3");
    expect(reset.statusCode).toBe(200);
    const { access_token } = await passwordLogin(t.app, email, "neues-passwort-3");
    expect(await me(access_token)).toMatchObject({ email_verified: true });
  });
});

describe("mailing the verification link again", () => {
  const resend = (accessToken?: string) =>
    call(t.app, { method: "POST", url: apiPaths.emailVerification, token: accessToken });

  it("mails a new link to an unverified address; the older link keeps working until used", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    const first = await linkTokenTo(t, email);
    const response = await resend(tokens.access_token);
    expect(response.statusCode).toBe(200);
    const second = await linkTokenTo(t, email);
    expect(second).not.toBe(first);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await resend(tokens.access_token)).statusCode).toBe(409);
  });

  it("needs a login and a POST, and mails nothing otherwise", async () => {
    const { tokens } = await registerVisitor(t.app);
    await t.drainOutbox();
    const before = await queuedJobs();
    expect((await resend()).statusCode).toBe(401);
    await expectPostOnly(apiPaths.emailVerification, tokens.access_token);
    expect(await queuedJobs()).toBe(before);
  });

  it("is rate limited per account with 429", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const { tokens } = await registerVisitor(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await call(limited.app, {
          method: "POST",
          url: apiPaths.emailVerification,
          token: tokens.access_token,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("changing the email address", () => {
  it("takes effect only through the new address's link, notifies the old one and signs out the other sessions", async () => {
    const { email, password, tokens } = await registerVisitor(t.app);
    const other = await passwordLogin(t.app, email, password);
    await t.drainOutbox();
    const target = newEmail("moved");

    const asked = await requestChange(tokens.access_token, target.toUpperCase(), password);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      data: {
        message:
          "We have sent a confirmation link to the new address. The change takes effect once you open it.",
      },
    });
    // Nothing changed yet: the login is still the old address.
    await t.drainOutbox();
    expect(await me(tokens.access_token)).toMatchObject({ email, pending_email: target });
    const notice = (await mailsTo(t, email)).at(-1)!;
    expect(notice).toContain(target);
    expect(resetTokenFrom(notice)).toBeUndefined();
    const token = await linkTokenTo(t, target);

    // Not signed in: the link asks for a login and stays usable.
    const anonymous = await confirm(token);
    expect(anonymous.statusCode).toBe(401);
    // Another user's login: the link answers like an unknown one and stays usable.
    const stranger = await registerVisitor(t.app);
    const before = await snapshot();
    const wrongUser = await confirm(token, { token: stranger.tokens.access_token });
    expect(wrongUser.statusCode).toBe(400);
    expect(wrongUser.json<ErrorAnswer>().error.code).toBe("invalid_email_token");
    expect(await snapshot()).toEqual(before);

    const done = await confirm(token, { token: tokens.access_token, locale: "en" });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      data: {
        purpose: "change",
        email: target,
        message: "Your email address has been changed. Other sessions have been signed out.",
      },
    });
    expect(await me(tokens.access_token)).toMatchObject({
      email: target,
      email_verified: true,
      pending_email: null,
    });
    // The other session is signed out: its access token and its refresh token stop working.
    expect(
      (await call(t.app, { method: "GET", url: apiPaths.getUser, token: other.access_token }))
        .statusCode,
    ).toBe(401);
    expect((await refresh(other.refresh_token!)).json<ErrorAnswer>().error.code).toBe(
      "invalid_grant",
    );
    // This session renews as before.
    expect((await refresh(tokens.refresh_token!)).statusCode).toBe(200);
    await expect(passwordLogin(t.app, target, password)).resolves.toHaveProperty("access_token");
    await expect(passwordLogin(t.app, email, password)).rejects.toThrow(/login failed/);
    expect((await confirm(token, { token: tokens.access_token })).statusCode).toBe(400);
  });

  it("shows the pending address only while its link works", async () => {
    const { email, password, tokens } = await registerVisitor(t.app);
    const target = newEmail("later");
    expect((await requestChange(tokens.access_token, target, password)).statusCode).toBe(200);
    // The outbox's job writes the link.
    await t.drainOutbox();
    expect(await me(tokens.access_token)).toMatchObject({ email, pending_email: target });
    // The link runs out after that read: a read that kept the instant of its first run would
    // still show it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.ctx.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 10) })
      .where(eq(emailTokens.email, target));
    expect(await me(tokens.access_token)).toMatchObject({ email, pending_email: null });
  });

  it("refuses a wrong password, a taken address and bad input, queuing nothing", async () => {
    const { email, password, tokens } = await registerVisitor(t.app);
    const taken = await registerVisitor(t.app);
    await t.drainOutbox();
    const before = await queuedJobs();
    const cases: [string, string, number, string][] = [
      [newEmail("x"), "falsches-passwort-1", 400, "wrong_password"],
      [taken.email.toUpperCase(), password, 409, "email_taken"],
      ["not-an-address", password, 400, "validation_failed"],
      [`a\r\nb@example.com`, password, 400, "validation_failed"],
      ["", password, 400, "validation_failed"],
    ];
    for (const [address, current, status, code] of cases) {
      const response = await requestChange(tokens.access_token, address, current);
      expect(response.statusCode, address).toBe(status);
      expect(response.json<ErrorAnswer>().error.code, address).toBe(code);
    }
    // Without a login, or with another method: refused, nothing queued either.
    const guest = await call(t.app, {
      method: "POST",
      url: apiPaths.email,
      payload: { email: newEmail("guest"), current_password: password },
    });
    expect(guest.statusCode).toBe(401);
    await expectPostOnly(apiPaths.email, tokens.access_token);
    expect(await queuedJobs()).toBe(before);
    expect(await me(tokens.access_token)).toMatchObject({ email, pending_email: null });
  });

  it("a newer request replaces the older link; a taken address at confirmation is 409", async () => {
    const { password, tokens } = await registerVisitor(t.app);
    const first = newEmail("first");
    const second = newEmail("second");
    await requestChange(tokens.access_token, first, password);
    const firstToken = await linkTokenTo(t, first);
    await requestChange(tokens.access_token, second, password);
    const secondToken = await linkTokenTo(t, second);
    const stale = await confirm(firstToken, { token: tokens.access_token });
    expect(stale.json<ErrorAnswer>().error.code).toBe("invalid_email_token");
    // Someone registers the address before the link is followed.
    const taken = await call(t.app, {
      method: "POST",
      url: apiPaths.register,
      payload: { name: "Max", surname: "Muster", email: second, password, accept_terms: true },
    });
    expect(taken.statusCode).toBe(201);
    const before = await snapshot();
    const late = await confirm(secondToken, { token: tokens.access_token });
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorAnswer>().error.code).toBe("email_taken");
    expect(await snapshot()).toEqual(before);
  });

  it("a request replaced before its mail went out sends no working link", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    await t.drainOutbox();
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    const first = newEmail("queued");
    const second = newEmail("instead");
    // As the route does, without waking the outbox: the first request's mail stays queued.
    const ttl = t.ctx.config.EMAIL_TOKEN_TTL;
    await requestEmailChange(t.ctx.db, user!.id, first, "en", ttl);
    // The account shows the address it is moving to at once, before its mail goes out.
    expect(await me(tokens.access_token)).toMatchObject({ email, pending_email: first });
    await requestEmailChange(t.ctx.db, user!.id, second, "en", ttl);
    await t.drainOutbox();
    expect(await mailsTo(t, first)).toEqual([]);
    expect(await me(tokens.access_token)).toMatchObject({ email, pending_email: second });
    const moved = await confirm(await linkTokenTo(t, second), { token: tokens.access_token });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await me(tokens.access_token)).toMatchObject({ email: second, pending_email: null });
  });

  it("a change mail's job run again (its completion lost) mails a second link; the first still works", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    await t.drainOutbox();
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    const target = newEmail("twice");
    await requestEmailChange(t.ctx.db, user!.id, target, "en", t.ctx.config.EMAIL_TOKEN_TTL);
    await t.drainOutbox();
    const firstToken = await linkTokenTo(t, target);
    // The outbox runs a job at least once: the same job again, as after a lost completion.
    const [job] = await t.ctx.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, "email_change_mail"))
      .orderBy(desc(outboxJobs.createdAt))
      .limit(1);
    await enqueue(t.ctx.db, { kind: job!.kind, payload: job!.payload, dedupKey: "again" });
    await t.drainOutbox();
    expect(await mailsTo(t, target)).toHaveLength(2);
    const moved = await confirm(firstToken, { token: tokens.access_token });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await me(tokens.access_token)).toMatchObject({ email: target, pending_email: null });
  });

  it("a registration link stops working once the account moved to another address", async () => {
    const { email, password, tokens } = await registerVisitor(t.app);
    const verifyToken = await linkTokenTo(t, email);
    const target = newEmail("away");
    await requestChange(tokens.access_token, target, password);
    expect(
      (await confirm(await linkTokenTo(t, target), { token: tokens.access_token })).statusCode,
    ).toBe(200);
    const response = await confirm(verifyToken);
    expect(response.statusCode).toBe(400);
    const [row] = await t.ctx.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.email, email), eq(emailTokens.purpose, "verify")));
    // Removed with the move: the link is unknown now.
    expect(row).toBeUndefined();
  });
});

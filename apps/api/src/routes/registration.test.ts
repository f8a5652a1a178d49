import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { count, eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organiserProfiles, passwordResetTokens, users } from "../db/schema.ts";
import { randomToken, sha256 } from "../lib/secrets.ts";
import {
  call,
  createTestApp,
  passwordLogin,
  readMail,
  registerVisitor,
  requestResetToken,
  resetPassword,
  resetTokenFrom,
  type TestApp,
} from "../testing/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () => (await t.ctx.db.select({ n: count() }).from(users))[0]!.n;
type Fields = { error: { code: string; message: string; fields?: Record<string, string> } };

/** The English field messages the tests expect (apps/api/src/lib/messages.ts). */
const fieldText: Record<string, string> = {
  field_required: "Please fill in this field.",
  field_too_long: expect.stringMatching(/^Please enter at most \d+ characters\.$/),
  field_too_short: expect.stringMatching(/^Please enter at least \d+ characters\.$/),
  field_email: "Please enter a valid email address.",
  password_rule:
    "The password needs at least 8 characters, including at least one letter and one digit.",
  accept_terms: "Please accept the terms and conditions and the privacy policy.",
  invalid_phone: "Please enter a valid phone number.",
  invalid_tax_number: "Please enter a valid tax number.",
  unknown_company_category: "This company category does not exist.",
  unknown_country: "This country does not exist.",
  unknown_city: "This city does not exist in this country.",
  unknown_district: "This district does not exist in this city.",
};

/** The answer to every registration that passes validation, new or known address (English). */
const registrationReceivedEn =
  "Almost done: we have sent you an email. Please confirm your address with the link in it; you can log in already.";

const check = (token: string, locale?: "de" | "en") =>
  call(t.app, { method: "POST", url: "/api/v1/password/reset/check", payload: { token }, locale });
/** Lets one link's time run out. */
const expire = (token: string) =>
  t.ctx.db
    .update(passwordResetTokens)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(passwordResetTokens.tokenHash, sha256(token)));

async function placeIds() {
  const countries = (await call(t.app, { method: "GET", url: "/api/v1/general/country" })).json<{
    data: { id: number }[];
  }>().data;
  const cities = (
    await call(t.app, { method: "GET", url: `/api/v1/general/city?country_id=${countries[0]!.id}` })
  ).json<{ data: { id: number; name: string }[] }>().data;
  const berlin = cities.find((c) => c.name === "Berlin")!;
  const munich = cities.find((c) => c.name === "München")!;
  const districts = (
    await call(t.app, { method: "GET", url: `/api/v1/general/district?city_id=${berlin.id}` })
  ).json<{ data: { id: number }[] }>().data;
  const categories = (await call(t.app, { method: "GET", url: "/api/v1/company-category" })).json<{
    data: { id: number }[];
  }>().data;
  return {
    countryId: countries[0]!.id,
    austriaId: countries[1]!.id,
    berlinId: berlin.id,
    munichId: munich.id,
    districtId: districts[0]!.id,
    categoryId: categories[0]!.id,
  };
}

describe("visitor registration", () => {
  const valid = () => ({
    name: "Mia",
    surname: "Schulz",
    email: `mia${Date.now()}@example.com`,
    password: "konzert-2026",
    accept_terms: true,
  });

  it("creates the account unverified; the visitor logs in with the password", async () => {
    const input = valid();
    const response = await call(t.app, {
      method: "POST",
      url: "/api/v1/register",
      payload: { ...input, email: input.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { message: expect.any(String) } });
    const tokens = await passwordLogin(t.app, input.email, input.password);
    const user = await call(t.app, {
      method: "GET",
      url: "/api/v1/getUser",
      token: tokens.access_token,
    });
    expect(
      user.json<{ data: { email: string; role: string; organiser: null } }>().data,
    ).toMatchObject({
      email: input.email,
      email_verified: false,
      pending_email: null,
      role: "visitor",
      organiser: null,
    });
  });

  it("answers a known email, whatever its case, like a new one and creates nothing", async () => {
    const { email, password } = await registerVisitor(t.app);
    const before = await userCount();
    const fresh = await call(t.app, {
      method: "POST",
      url: "/api/v1/register",
      payload: valid(),
      locale: "en",
    });
    const known = await call(t.app, {
      method: "POST",
      url: "/api/v1/register",
      payload: { ...valid(), email: email.toUpperCase(), password: "anderes-passwort-2" },
      locale: "en",
    });
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.json()).toEqual(fresh.json());
    expect(await userCount()).toBe(before + 1);
    // The owner's password is untouched.
    await expect(passwordLogin(t.app, email, password)).resolves.toHaveProperty("access_token");
  });

  it.each([
    ["no name", { name: "" }, "name"],
    ["an over-long name", { name: "x".repeat(81) }, "name"],
    ["no surname", { surname: undefined }, "surname"],
    ["a bad email", { email: "mia@" }, "email"],
    ["a short password", { password: "abc1" }, "password"],
    ["a password without digits", { password: "nurbuchstaben" }, "password"],
    ["a password without a letter", { password: "1234567890" }, "password"],
    ["a password over 200 characters", { password: `a1${"x".repeat(199)}` }, "password"],
    ["an over-long surname", { surname: "x".repeat(81) }, "surname"],
    ["terms not accepted", { accept_terms: false }, "accept_terms"],
    ["a wrong-typed newsletter flag", { newsletter: "yes" }, "newsletter"],
    ["an unknown language", { preferred_locale: "fr" }, "preferred_locale"],
  ])("rejects %s with 400 on that field and creates nothing", async (_case, change, field) => {
    const before = await userCount();
    const response = await call(t.app, {
      method: "POST",
      url: "/api/v1/register",
      payload: { ...valid(), ...change },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<Fields>();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields).toHaveProperty([field]);
    expect(await userCount()).toBe(before);
  });

  it("words the common field errors for people, in both languages", async () => {
    const payload = { ...valid(), name: "", email: "mia@", password: "abc1", surname: undefined };
    const de = (
      await call(t.app, { method: "POST", url: "/api/v1/register", payload })
    ).json<Fields>();
    const en = (
      await call(t.app, { method: "POST", url: "/api/v1/register", payload, locale: "en" })
    ).json<Fields>();
    expect(de.error.fields).toMatchObject({
      name: "Bitte füllen Sie dieses Feld aus.",
      surname: "Bitte füllen Sie dieses Feld aus.",
      email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      password: "Bitte geben Sie mindestens 8 Zeichen ein.",
    });
    expect(en.error.fields).toMatchObject({
      name: "Please fill in this field.",
      email: "Please enter a valid email address.",
      password: "Please enter at least 8 characters.",
    });
  });

  it("names the type a wrong-typed field needs, not a value it was never sent", async () => {
    const payload = { ...valid(), newsletter: "yes", name: 7 };
    for (const [locale, boolean, text] of [
      ["de", "Ungültiger Wert: erwartet boolean.", "Ungültiger Wert: erwartet string."],
      ["en", "Invalid value: expected boolean.", "Invalid value: expected string."],
    ] as const) {
      const body = (
        await call(t.app, { method: "POST", url: "/api/v1/register", payload, locale })
      ).json<Fields>();
      expect(body.error.fields).toMatchObject({ newsletter: boolean, name: text });
      expect(JSON.stringify(body)).not.toContain("undefined");
    }
  });

  it("names the length limits of password and surname", async () => {
    const response = await call(t.app, {
      method: "POST",
      url: "/api/v1/register",
      payload: { ...valid(), password: `a1${"x".repeat(199)}`, surname: "x".repeat(81) },
      locale: "en",
    });
    expect(response.json<Fields>().error.fields).toMatchObject({
      password: "Please enter at most 200 characters.",
      surname: "Please enter at most 80 characters.",
    });
  });

  it("explains the password rule in the visitor's language", async () => {
    const payload = { ...valid(), password: "nurbuchstaben" };
    const de = await call(t.app, { method: "POST", url: "/api/v1/register", payload });
    const en = await call(t.app, {
      method: "POST",
      url: "/api/v1/register",
      payload,
      locale: "en",
    });
    expect(de.json<Fields>().error.fields?.password).toMatch(/mindestens 8 Zeichen/);
    expect(en.json<Fields>().error.fields?.password).toMatch(/at least 8 characters/);
  });
});

describe("organiser registration", () => {
  type Ids = Awaited<ReturnType<typeof placeIds>>;
  const organiserUrl = "/api/v1/register/organiser";
  const validOrganiser = (ids: Ids) => ({
    name: "Tom",
    surname: "Weber",
    email: `org${Date.now()}${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: "buehne-2026",
    phone: "+49 30 1234567",
    company_name: "Kiezbühne UG",
    company_category_id: ids.categoryId,
    tax_number: "DE123456789",
    address: {
      line: "Hauptstraße 1",
      postal_code: "10827",
      country_id: ids.countryId,
      city_id: ids.berlinId,
    },
    accept_terms: true,
  });
  const profileCount = async () =>
    (await t.ctx.db.select({ n: count() }).from(organiserProfiles))[0]!.n;

  it("creates an organiser whose profile is pending approval, with the address as given", async () => {
    const ids = await placeIds();
    const email = `veranstalter${Date.now()}@example.com`;
    const response = await call(t.app, {
      method: "POST",
      url: organiserUrl,
      payload: {
        ...validOrganiser(ids),
        email,
        address: {
          line: "Hauptstraße 1",
          postal_code: "10827",
          country_id: ids.countryId,
          city_id: ids.berlinId,
          district_id: ids.districtId,
        },
      },
    });
    expect(response.statusCode).toBe(201);
    const { access_token } = await passwordLogin(t.app, email, "buehne-2026");
    const user = await call(t.app, { method: "GET", url: "/api/v1/getUser", token: access_token });
    const me = user.json<{
      data: { id: string; role: string; phone: string; organiser: Record<string, unknown> };
    }>().data;
    expect(me).toMatchObject({
      role: "organiser",
      phone: "+49 30 1234567",
      organiser: {
        approval_status: "pending",
        company_name: "Kiezbühne UG",
        company_category_id: ids.categoryId,
        tax_number: "DE123456789",
      },
    });
    const [profile] = await t.ctx.db
      .select()
      .from(organiserProfiles)
      .where(eq(organiserProfiles.userId, me.id));
    expect(profile).toMatchObject({
      approvalStatus: "pending",
      addressLine: "Hauptstraße 1",
      postalCode: "10827",
      countryId: ids.countryId,
      cityId: ids.berlinId,
      districtId: ids.districtId,
    });
  });

  it("stores no district when none is given", async () => {
    const ids = await placeIds();
    const input = validOrganiser(ids);
    const response = await call(t.app, { method: "POST", url: organiserUrl, payload: input });
    expect(response.statusCode).toBe(201);
    const [row] = await t.ctx.db
      .select({ profile: organiserProfiles })
      .from(organiserProfiles)
      .innerJoin(users, eq(users.id, organiserProfiles.userId))
      .where(eq(users.email, input.email));
    expect(row!.profile).toMatchObject({ cityId: ids.berlinId, districtId: null });
  });

  it("answers a known email, whatever its case, like a new one and creates no profile", async () => {
    const ids = await placeIds();
    const { email } = await registerVisitor(t.app);
    const before = await userCount();
    const profiles = await profileCount();
    for (const taken of [email, email.toUpperCase(), "organiser@eventwerk.example"]) {
      const response = await call(t.app, {
        method: "POST",
        url: organiserUrl,
        payload: { ...validOrganiser(ids), email: taken },
        locale: "en",
      });
      expect(response.statusCode, taken).toBe(201);
      expect(response.json()).toEqual({ data: { message: registrationReceivedEn } });
    }
    expect(await userCount()).toBe(before);
    expect(await profileCount()).toBe(profiles);
  });

  const address = (ids: Ids, change: Record<string, unknown>) => ({
    address: { ...validOrganiser(ids).address, ...change },
  });
  it.each<[string, (ids: Ids) => Record<string, unknown>, string, string?]>([
    ["no name", () => ({ name: "" }), "name", "field_required"],
    ["a blank name", () => ({ name: "   " }), "name", "field_required"],
    ["an over-long name", () => ({ name: "x".repeat(81) }), "name", "field_too_long"],
    ["no surname", () => ({ surname: undefined }), "surname", "field_required"],
    ["an over-long surname", () => ({ surname: "x".repeat(81) }), "surname", "field_too_long"],
    ["no email", () => ({ email: undefined }), "email", "field_required"],
    ["a bad email", () => ({ email: "tom@" }), "email", "field_email"],
    [
      "an over-long email",
      () => ({ email: `${"a".repeat(250)}@example.com` }),
      "email",
      "field_too_long",
    ],
    ["no password", () => ({ password: undefined }), "password", "field_required"],
    // Empty is missing, not short: the form says "required" (`lengthBetween`).
    ["an empty password", () => ({ password: "" }), "password", "field_required"],
    ["a short password", () => ({ password: "abc1" }), "password", "field_too_short"],
    [
      "a password without digits",
      () => ({ password: "nurbuchstaben" }),
      "password",
      "password_rule",
    ],
    [
      "a password without a letter",
      () => ({ password: "1234567890" }),
      "password",
      "password_rule",
    ],
    [
      "a password over 200 characters",
      () => ({ password: `a1${"x".repeat(199)}` }),
      "password",
      "field_too_long",
    ],
    ["terms not accepted", () => ({ accept_terms: false }), "accept_terms", "accept_terms"],
    ["terms missing", () => ({ accept_terms: undefined }), "accept_terms", "accept_terms"],
    ["no phone", () => ({ phone: undefined }), "phone", "field_required"],
    ["a bad phone", () => ({ phone: "call me" }), "phone", "invalid_phone"],
    ["a too short phone", () => ({ phone: "+49" }), "phone", "invalid_phone"],
    ["an over-long phone", () => ({ phone: "1".repeat(33) }), "phone", "field_too_long"],
    ["no company name", () => ({ company_name: "" }), "company_name", "field_required"],
    [
      "an over-long company name",
      () => ({ company_name: "x".repeat(161) }),
      "company_name",
      "field_too_long",
    ],
    [
      "an unknown company category",
      () => ({ company_category_id: 99999 }),
      "company_category_id",
      "unknown_company_category",
    ],
    ["no company category", () => ({ company_category_id: undefined }), "company_category_id"],
    ["a company category as text", () => ({ company_category_id: "1" }), "company_category_id"],
    ["a company category of 0", () => ({ company_category_id: 0 }), "company_category_id"],
    [
      "a company category beyond the id range",
      () => ({ company_category_id: 2 ** 31 }),
      "company_category_id",
    ],
    ["no tax number", () => ({ tax_number: undefined }), "tax_number", "field_required"],
    ["a bad tax number", () => ({ tax_number: "DE#12345!" }), "tax_number", "invalid_tax_number"],
    ["a too short tax number", () => ({ tax_number: "1234" }), "tax_number", "field_too_short"],
    [
      "an over-long tax number",
      () => ({ tax_number: "1".repeat(33) }),
      "tax_number",
      "field_too_long",
    ],
    ["no address", () => ({ address: undefined }), "address", "field_required"],
    ["no address line", (ids) => address(ids, { line: "" }), "address.line", "field_required"],
    [
      "an over-long address line",
      (ids) => address(ids, { line: "x".repeat(201) }),
      "address.line",
      "field_too_long",
    ],
    [
      "no postal code",
      (ids) => address(ids, { postal_code: undefined }),
      "address.postal_code",
      "field_required",
    ],
    [
      "an empty postal code",
      (ids) => address(ids, { postal_code: "  " }),
      "address.postal_code",
      "field_required",
    ],
    [
      "a too short postal code",
      (ids) => address(ids, { postal_code: "12" }),
      "address.postal_code",
      "field_too_short",
    ],
    [
      "an over-long postal code",
      (ids) => address(ids, { postal_code: "12345678901" }),
      "address.postal_code",
      "field_too_long",
    ],
    [
      "no country",
      (ids) => address(ids, { country_id: undefined }),
      "address.country_id",
      "field_required",
    ],
    [
      "an unknown country",
      (ids) => address(ids, { country_id: 99999 }),
      "address.country_id",
      "unknown_country",
    ],
    ["no city", (ids) => address(ids, { city_id: undefined }), "address.city_id", "field_required"],
    [
      "an unknown city",
      (ids) => address(ids, { city_id: 99999 }),
      "address.city_id",
      "unknown_city",
    ],
    [
      "a city outside the country",
      (ids) => address(ids, { country_id: ids.austriaId, city_id: ids.berlinId }),
      "address.city_id",
      "unknown_city",
    ],
    [
      "an unknown district",
      (ids) => address(ids, { district_id: 99999 }),
      "address.district_id",
      "unknown_district",
    ],
    [
      "a district outside the city",
      (ids) => address(ids, { city_id: ids.munichId, district_id: ids.districtId }),
      "address.district_id",
      "unknown_district",
    ],
    ["a district as text", (ids) => address(ids, { district_id: "1" }), "address.district_id"],
  ])("rejects %s with 400 on that field and creates nothing", async (_case, change, field, key) => {
    const ids = await placeIds();
    const before = await userCount();
    const profiles = await profileCount();
    const response = await call(t.app, {
      method: "POST",
      url: organiserUrl,
      payload: { ...validOrganiser(ids), ...change(ids) },
      locale: "en",
    });
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json<Fields>();
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe("The input is invalid. Please check the marked fields.");
    expect(error.fields).toEqual({ [field]: key ? fieldText[key] : expect.any(String) });
    expect(await userCount()).toBe(before);
    expect(await profileCount()).toBe(profiles);
  });

  it("words a place error in German by default", async () => {
    const ids = await placeIds();
    const response = await call(t.app, {
      method: "POST",
      url: organiserUrl,
      payload: {
        ...validOrganiser(ids),
        ...address(ids, { city_id: ids.munichId, district_id: ids.districtId }),
      },
    });
    expect(response.json<Fields>().error.fields).toEqual({
      "address.district_id": "Diesen Bezirk gibt es nicht in dieser Stadt.",
    });
  });
});

describe("password reset", () => {
  it("answers the same whether the email exists or not, and mails only real accounts", async () => {
    const { email } = await registerVisitor(t.app);
    const mailsBefore = (await t.outbox()).length;
    const known = await call(t.app, {
      method: "POST",
      url: "/api/v1/password/forgot",
      payload: { email },
    });
    const unknown = await call(t.app, {
      method: "POST",
      url: "/api/v1/password/forgot",
      payload: { email: "nobody@example.com" },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mails = await t.outbox();
    expect(mails.length).toBe(mailsBefore + 1);
    // German by default, umlauts and all.
    expect(mails.at(-1)).toContain("Subject: Passwort zurücksetzen – Eventwerk");
    expect(mails.at(-1)).toContain(
      "Sie haben angefordert, Ihr Passwort bei Eventwerk zurückzusetzen.",
    );
  });

  it("sets a new password once from the emailed link, in the visitor's language", async () => {
    const { email, password } = await registerVisitor(t.app);
    await call(t.app, {
      method: "POST",
      url: "/api/v1/password/forgot",
      payload: { email },
      locale: "en",
    });
    const mail = (await t.outbox()).at(-1)!;
    expect(mail).toContain("Subject: Reset your password");
    expect(mail).toContain("http://localhost:3000/en/reset-password?token=");
    const token = resetTokenFrom(mail)!;

    const reset = await call(t.app, {
      method: "POST",
      url: "/api/v1/password/reset",
      payload: { token, password: "neues-passwort-9" },
    });
    expect(reset.statusCode).toBe(200);
    await expect(passwordLogin(t.app, email, "neues-passwort-9")).resolves.toHaveProperty(
      "access_token",
    );
    await expect(passwordLogin(t.app, email, password)).rejects.toThrow();

    const again = await call(t.app, {
      method: "POST",
      url: "/api/v1/password/reset",
      payload: { token, password: "drittes-passwort-3" },
      locale: "en",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<Fields>().error).toEqual({
      code: "reset_token_used",
      message: "This link has already been used. Request a new one.",
      fields: { token: "This link has already been used. Request a new one." },
    });
    await expect(passwordLogin(t.app, email, "neues-passwort-9")).resolves.toHaveProperty(
      "access_token",
    );
  });

  it("refuses an expired link, says so, and keeps the password", async () => {
    const { email, password } = await registerVisitor(t.app);
    const token = await requestResetToken(t, email);
    await expire(token);
    const response = await resetPassword(t, token, "neues-passwort-9");
    expect(response.statusCode).toBe(400);
    expect(response.json<Fields>().error).toEqual({
      code: "reset_token_expired",
      message: "Dieser Link ist abgelaufen. Fordern Sie einen neuen an.",
      fields: { token: "Dieser Link ist abgelaufen. Fordern Sie einen neuen an." },
    });
    const english = await resetPassword(t, token, "neues-passwort-9", "en");
    expect(english.json<Fields>().error.message).toBe("This link has expired. Request a new one.");
    await expect(passwordLogin(t.app, email, password)).resolves.toHaveProperty("access_token");
  });

  it("tells a used link from an expired and an unknown one, in both languages", async () => {
    const { email } = await registerVisitor(t.app);
    const token = await requestResetToken(t, email);
    expect((await resetPassword(t, token, "neues-passwort-9")).statusCode).toBe(200);
    const used = await resetPassword(t, token, "drittes-passwort-3");
    expect(used.json<Fields>().error).toMatchObject({
      code: "reset_token_used",
      message: "Dieser Link wurde bereits verwendet. Fordern Sie einen neuen an.",
    });
    // Used stays used after the link's time is up too.
    await expire(token);
    expect((await resetPassword(t, token, "drittes-passwort-3")).json<Fields>().error.code).toBe(
      "reset_token_used",
    );

    const unknown = await resetPassword(t, randomToken(), "drittes-passwort-3");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Fields>().error).toMatchObject({
      code: "invalid_reset_token",
      fields: { token: expect.stringContaining("ungültig") },
    });
    const unknownEn = await resetPassword(t, randomToken(), "drittes-passwort-3", "en");
    expect(unknownEn.json<Fields>().error.message).toMatch(/^This reset link is not valid\./);
    await expect(passwordLogin(t.app, email, "neues-passwort-9")).resolves.toHaveProperty(
      "access_token",
    );
  });

  it("a reset makes every other link of the account stop working, not other accounts' links", async () => {
    const { email } = await registerVisitor(t.app);
    const other = await registerVisitor(t.app);
    const first = await requestResetToken(t, email);
    const second = await requestResetToken(t, email);
    const third = await requestResetToken(t, email);
    const othersLink = await requestResetToken(t, other.email);
    expect(new Set([first, second, third]).size).toBe(3);

    expect((await resetPassword(t, second, "neues-passwort-9")).statusCode).toBe(200);
    for (const token of [first, third]) {
      const response = await resetPassword(t, token, "boeses-passwort-6");
      expect(response.statusCode).toBe(400);
      expect(response.json<Fields>().error.code).toBe("invalid_reset_token");
      expect((await check(token)).json<Fields>().error.code).toBe("invalid_reset_token");
    }
    expect((await check(second)).json<Fields>().error.code).toBe("reset_token_used");
    await expect(passwordLogin(t.app, email, "neues-passwort-9")).resolves.toHaveProperty(
      "access_token",
    );
    // Nothing of it is left in the table but the used one.
    const rows = await t.ctx.db
      .select({ hash: passwordResetTokens.tokenHash, usedAt: passwordResetTokens.usedAt })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(eq(users.email, email));
    expect(rows).toEqual([{ hash: sha256(second), usedAt: expect.any(Date) }]);

    // Another account's link is untouched, and a link asked for afterwards works.
    expect((await check(othersLink)).statusCode).toBe(200);
    const fresh = await requestResetToken(t, email);
    expect((await resetPassword(t, fresh, "viertes-passwort-4")).statusCode).toBe(200);
  });

  it("keeps an expired link saying 'expired' after a reset with another one", async () => {
    const { email } = await registerVisitor(t.app);
    const old = await requestResetToken(t, email);
    await expire(old);
    const current = await requestResetToken(t, email);
    expect((await resetPassword(t, current, "neues-passwort-9")).statusCode).toBe(200);
    expect((await resetPassword(t, old, "boeses-passwort-6")).json<Fields>().error.code).toBe(
      "reset_token_expired",
    );
  });

  it("signs out every session of the account", async () => {
    const { email, tokens } = await registerVisitor(t.app);
    await call(t.app, { method: "POST", url: "/api/v1/password/forgot", payload: { email } });
    const token = resetTokenFrom((await t.outbox()).at(-1)!)!;
    await call(t.app, {
      method: "POST",
      url: "/api/v1/password/reset",
      payload: { token, password: "neues-passwort-9" },
    });
    const me = await call(t.app, {
      method: "GET",
      url: "/api/v1/getUser",
      token: tokens.access_token,
    });
    expect(me.statusCode).toBe(401);
  });

  it("checks a link without using it", async () => {
    const { email } = await registerVisitor(t.app);
    const token = await requestResetToken(t, email);
    const before = Date.now();
    for (let i = 0; i < 3; i++) {
      const response = await check(token);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const { data } = response.json<{ data: { valid: true; expires_at: string } }>();
      expect(data.valid).toBe(true);
      // RESET_TOKEN_TTL defaults to an hour.
      expect(Date.parse(data.expires_at)).toBeGreaterThan(before + 59 * 60_000);
      expect(Date.parse(data.expires_at)).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    }
    const [row] = await t.ctx.db
      .select({ usedAt: passwordResetTokens.usedAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    expect(row).toEqual({ usedAt: null });
    // Still good for the reset itself, and afterwards the check says it was used.
    expect((await resetPassword(t, token, "neues-passwort-9")).statusCode).toBe(200);
    const used = await check(token, "en");
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({
      error: {
        code: "reset_token_used",
        message: "This link has already been used. Request a new one.",
        fields: { token: "This link has already been used. Request a new one." },
      },
    });
  });

  it("checks answer expired and unknown links with their own codes", async () => {
    const { email } = await registerVisitor(t.app);
    const token = await requestResetToken(t, email);
    await expire(token);
    const expired = await check(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json<Fields>().error).toMatchObject({
      code: "reset_token_expired",
      message: "Dieser Link ist abgelaufen. Fordern Sie einen neuen an.",
    });
    for (const unknown of [randomToken(), "x", "a".repeat(200)]) {
      const response = await check(unknown, "en");
      expect(response.statusCode, unknown).toBe(400);
      expect(response.json<Fields>().error).toMatchObject({
        code: "invalid_reset_token",
        fields: { token: expect.stringMatching(/^This reset link is not valid\./) },
      });
    }
  });

  it.each<[string, unknown]>([
    ["no token", {}],
    ["an empty token", { token: "" }],
    ["a token over 200 characters", { token: "x".repeat(201) }],
    ["a token that is no text", { token: 12345 }],
    ["a null token", { token: null }],
  ])("a check with %s answers 400 on the token field", async (_case, payload) => {
    const response = await call(t.app, {
      method: "POST",
      url: "/api/v1/password/reset/check",
      payload: payload as object,
      locale: "en",
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<Fields>();
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toHaveProperty(["token"]);
  });

  it("the check is in the OpenAPI document beside the reset, with its body and answers", async () => {
    const spec = (await call(t.app, { method: "GET", url: "/api/v1/openapi.json" })).json<{
      paths: Record<string, Record<string, { tags: string[]; responses: object }>>;
    }>();
    const post = spec.paths["/api/v1/password/reset/check"]?.post;
    expect(post?.tags).toEqual(spec.paths["/api/v1/password/reset"]?.post?.tags);
    expect(Object.keys(post?.responses ?? {}).sort()).toEqual(["200", "400", "409", "429"]);
    expect(JSON.stringify(post)).toContain("PasswordResetCheck");
  });

  it("a check takes no token from the address, only from the body", async () => {
    const { email } = await registerVisitor(t.app);
    const token = await requestResetToken(t, email);
    const response = await call(t.app, {
      method: "POST",
      url: `/api/v1/password/reset/check?token=${token}`,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    const get = await call(t.app, {
      method: "GET",
      url: `/api/v1/password/reset/check?token=${token}`,
    });
    // The address answers POST only: 405, and the token in the URL was never looked at.
    expect(get.statusCode).toBe(405);
  });

  it.each([
    ["forgot", { email: "kaputt" }],
    ["forgot", {}],
    ["reset", { token: "short", password: "neues-passwort-9" }],
    ["reset", { token: "x".repeat(43), password: "kurz" }],
  ])("rejects bad input on /password/%s with 400", async (path, payload) => {
    const response = await call(t.app, {
      method: "POST",
      url: `/api/v1/password/${path}`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Fields>().error.code).toBe("validation_failed");
  });
});

describe("email over SMTP", () => {
  it("delivers the reset mail to an SMTP server, and its link works once", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, _session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
        stream.on("end", () => {
          received.push(readMail(raw));
          callback();
        });
      },
    });
    server.listen(0, "127.0.0.1");
    await once(server.server, "listening");
    const port = (server.server.address() as AddressInfo).port;
    const smtp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const { email } = await registerVisitor(smtp.app);
      // The registration's verification link.
      await smtp.drainOutbox();
      received.length = 0;
      await call(smtp.app, { method: "POST", url: "/api/v1/password/forgot", payload: { email } });
      // The mail goes out through the outbox, after the answer.
      await smtp.drainOutbox();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`To: ${email}`);
      expect(received[0]).toContain("/passwort-zurucksetzen?token=");
      const token = resetTokenFrom(received[0]!)!;
      const first = await call(smtp.app, {
        method: "POST",
        url: "/api/v1/password/reset",
        payload: { token, password: "smtp-passwort-1" },
      });
      const second = await call(smtp.app, {
        method: "POST",
        url: "/api/v1/password/reset",
        payload: { token, password: "smtp-passwort-2" },
      });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(400);
      expect(await smtp.outbox()).toEqual([]);
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("rate limits", () => {
  it("limits registrations per IP with 429 and Retry-After", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof call>> | undefined;
      for (let i = 0; i < 3; i++) {
        last = await call(limited.app, {
          method: "POST",
          url: "/api/v1/password/forgot",
          payload: { email: `x${i}@example.com` },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last!.json<Fields>().error.code).toBe("rate_limited");
      expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it("counts link checks with the other password calls of the IP", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const checkFrom = (ip: string) =>
        call(limited.app, {
          method: "POST",
          url: "/api/v1/password/reset/check",
          payload: { token: randomToken() },
          headers: { "x-forwarded-for": ip },
          remoteAddress: ip,
        });
      const forgot = await call(limited.app, {
        method: "POST",
        url: "/api/v1/password/forgot",
        payload: { email: "x@example.com" },
        remoteAddress: "10.0.0.7",
      });
      expect(forgot.statusCode).toBe(200);
      expect((await checkFrom("10.0.0.7")).statusCode).toBe(400);
      const limitedCheck = await checkFrom("10.0.0.7");
      expect(limitedCheck.statusCode).toBe(429);
      expect(limitedCheck.json<Fields>().error.code).toBe("rate_limited");
      expect(Number(limitedCheck.headers["retry-after"])).toBeGreaterThan(0);
      // Another address has its own count.
      expect((await checkFrom("10.0.0.8")).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});

describe("users table", () => {
  it("never stores a password in plain text", async () => {
    const { email, password } = await registerVisitor(t.app);
    const [row] = await t.ctx.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    expect(row!.hash.startsWith("$argon2id$")).toBe(true);
    expect(row!.hash).not.toContain(password);
  });
});

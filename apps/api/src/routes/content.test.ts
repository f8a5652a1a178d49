import { apiPaths } from "@eventwerk/contract";
import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, outboxJobs } from "../db/schema.ts";
import { call, createTestApp, type TestApp } from "../testing/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const storedMessages = async () =>
  (await t.ctx.db.select({ n: count() }).from(contactMessages))[0]!.n;
const newestMessageId = async () =>
  (
    await t.ctx.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1)
  )[0]!.id;

type Summary = { id: number; key: string; title: string; slug: string; menu: string };

describe("languages", () => {
  it("lists de and en with flag images under the storage path", async () => {
    const response = await call(t.app, { method: "GET", url: "/api/v1/general/langs" });
    expect(response.json()).toEqual({
      data: [
        { locale: "de", name: "Deutsch", flag: "flags/de.svg" },
        { locale: "en", name: "English", flag: "flags/en.svg" },
      ],
    });
    const flag = await call(t.app, { method: "GET", url: "/storage/flags/en.svg" });
    expect(flag.statusCode).toBe(200);
    expect(flag.headers["content-type"]).toContain("image/svg+xml");
  });

  it("getLang answers the same list as data.data", async () => {
    const langs = await call(t.app, { method: "GET", url: "/api/v1/general/langs" });
    const nested = await call(t.app, { method: "GET", url: "/api/v1/getLang" });
    expect(nested.json()).toEqual({ data: langs.json() });
  });
});

describe("CMS pages", () => {
  it("answers the menus in the request's language", async () => {
    const de = (await call(t.app, { method: "GET", url: "/api/v1/page" })).json<{
      data: { header: Summary[]; footer: Summary[] };
    }>().data;
    expect(de.header.map((p) => p.key)).toEqual([
      "about-us",
      "ticketing-service",
      "event-solutions",
    ]);
    expect(de.footer.map((p) => p.key)).toEqual(["faq", "privacy-policy", "terms-and-conditions"]);
    expect(de.header[0]).toMatchObject({ title: "Über uns", slug: "ueber-uns", menu: "header" });
    const en = (await call(t.app, { method: "GET", url: "/api/v1/page", locale: "en" })).json<{
      data: { header: Summary[] };
    }>().data;
    expect(en.header[0]).toMatchObject({ title: "About us", slug: "about-us" });
  });

  it("answers one page with its HTML body in both languages", async () => {
    const menus = (await call(t.app, { method: "GET", url: "/api/v1/page" })).json<{
      data: { footer: Summary[] };
    }>().data;
    const privacy = menus.footer.find((p) => p.key === "privacy-policy")!;
    const de = await call(t.app, { method: "GET", url: `/api/v1/page/${privacy.id}` });
    const en = await call(t.app, {
      method: "GET",
      url: `/api/v1/page/${privacy.id}`,
      locale: "en",
    });
    expect(de.json<{ data: { body: string; title: string } }>().data.title).toBe(
      "Datenschutzerklärung",
    );
    expect(de.json<{ data: { body: string } }>().data.body).toContain("<h2>");
    expect(en.json<{ data: { body: string } }>().data.body).toMatch(/GDPR/);
  });

  it("answers 404 for an unknown page and 400 for a bad id", async () => {
    const missing = await call(t.app, { method: "GET", url: "/api/v1/page/99999", locale: "en" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
    const bad = await call(t.app, { method: "GET", url: "/api/v1/page/abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe("validation_failed");
  });
});

describe("reference data", () => {
  it("company categories are translated", async () => {
    const de = (await call(t.app, { method: "GET", url: "/api/v1/company-category" })).json<{
      data: { slug: string; name: string }[];
    }>().data;
    const en = (
      await call(t.app, { method: "GET", url: "/api/v1/company-category", locale: "en" })
    ).json<{
      data: { slug: string; name: string }[];
    }>().data;
    expect(de.length).toBeGreaterThanOrEqual(10);
    expect(de.find((c) => c.slug === "concert-promoter")?.name).toBe("Konzertveranstalter");
    expect(en.find((c) => c.slug === "concert-promoter")?.name).toBe("Concert promoter");
  });

  it("getCurrency answers EUR under `currency`", async () => {
    const response = await call(t.app, { method: "GET", url: "/api/v1/getCurrency" });
    expect(response.json()).toEqual({
      currency: { code: "EUR", name: "Euro", symbol: "€", decimals: 2 },
    });
  });

  it("getContactSetting answers the contact data in the request's language", async () => {
    const de = (await call(t.app, { method: "GET", url: "/api/v1/getContactSetting" })).json<{
      data: Record<string, string>;
    }>().data;
    const en = (
      await call(t.app, { method: "GET", url: "/api/v1/getContactSetting", locale: "en" })
    ).json<{
      data: Record<string, string>;
    }>().data;
    expect(de).toMatchObject({
      company_name: "Eventwerk GmbH",
      email: "hallo@eventwerk.example",
      country: "Deutschland",
    });
    expect(en.country).toBe("Germany");
    expect(en.opening_hours).toMatch(/Monday/);
  });

  it("an unknown language header falls back to German", async () => {
    const response = await call(t.app, {
      method: "GET",
      url: "/api/v1/getContactSetting",
      headers: { "x-localization": "fr" },
    });
    expect(response.json<{ data: { country: string } }>().data.country).toBe("Deutschland");
  });
});

describe("contact form", () => {
  const valid = {
    name: "Erika Mustermann",
    email: "erika@example.com",
    subject: "Gruppentickets",
    message: "Gibt es Rabatte für Gruppen ab 10 Personen?",
  };

  it("stores the message and emails it to the contact address", async () => {
    const before = await storedMessages();
    const response = await call(t.app, {
      method: "POST",
      url: apiPaths.contact,
      payload: valid,
      locale: "en",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: { message: "Thank you for your message. We will get back to you as soon as possible." },
    });
    expect(await storedMessages()).toBe(before + 1);
    const mails = await t.outbox();
    const mail = mails.at(-1)!;
    expect(mail).toContain("To: hallo@eventwerk.example");
    expect(mail).toContain("Reply-To: erika@example.com");
    expect(mail).toContain("Gruppentickets");
  });

  it("keeps the message and its mail while the mail server fails, and mails it once it answers", async () => {
    const before = await storedMessages();
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    };
    const subject = `Ausfall ${Date.now()}`;
    try {
      const response = await call(t.app, {
        method: "POST",
        url: apiPaths.contact,
        payload: { ...valid, subject },
      });
      // The visitor is told it arrived: it did, and its mail waits in the outbox.
      expect(response.statusCode).toBe(201);
      await t.drainOutbox();
    } finally {
      t.ctx.mailer.send = send;
    }
    expect(await storedMessages()).toBe(before + 1);
    expect((await t.outbox()).some((mail) => mail.includes(subject))).toBe(false);
    // The mail server answers again; the job's next attempt is due.
    await t.ctx.db
      .update(outboxJobs)
      .set({ nextAttemptAt: new Date() })
      .where(eq(outboxJobs.dedupKey, `contact-mail:${await newestMessageId()}`));
    const mail = (await t.outbox()).find((entry) => entry.includes(subject));
    expect(mail).toContain("To: hallo@eventwerk.example");
    expect(mail).toContain("Reply-To: erika@example.com");
  });

  it.each([
    ["missing fields", { name: "A" }, ["email", "subject", "message"]],
    ["a bad email", { ...valid, email: "not-an-email" }, ["email"]],
    ["a too short message", { ...valid, message: "kurz" }, ["message"]],
    ["an over-long subject", { ...valid, subject: "x".repeat(201) }, ["subject"]],
    ["wrong types", { ...valid, name: 42 }, ["name"]],
  ])("rejects %s with 400 and stores nothing", async (_case, payload, fields) => {
    const before = await storedMessages();
    const response = await call(t.app, { method: "POST", url: apiPaths.contact, payload });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe("validation_failed");
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(fields));
    expect(await storedMessages()).toBe(before);
  });

  it("rejects malformed JSON and other content types without storing", async () => {
    const before = await storedMessages();
    const malformed = await call(t.app, {
      method: "POST",
      url: apiPaths.contact,
      payload: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error: { code: string } }>().error.code).toBe("malformed_request");
    const text = await call(t.app, {
      method: "POST",
      url: apiPaths.contact,
      payload: "hello",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
    expect(await storedMessages()).toBe(before);
  });
});

describe("API conventions", () => {
  it("unknown API routes answer 404 in the error shape, in the request's language", async () => {
    const response = await call(t.app, {
      method: "GET",
      url: "/api/v1/does-not-exist",
      locale: "en",
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: "not_found", message: "This address does not exist in the API." },
    });
  });

  it("publishes an OpenAPI 3.1 document and a reference page", async () => {
    const spec = (await call(t.app, { method: "GET", url: "/api/v1/openapi.json" })).json<{
      openapi: string;
      paths: Record<string, unknown>;
    }>();
    expect(spec.openapi).toBe("3.1.0");
    for (const path of [
      "/api/v1/token",
      "/api/v1/auth/address",
      "/api/v1/getLang",
      "/api/v1/general/district-single",
    ]) {
      expect(spec.paths).toHaveProperty([path]);
    }
    const docs = await call(t.app, { method: "GET", url: "/api/docs/" });
    expect(docs.statusCode).toBe(200);
  });

  it("answers health and readiness, with a request id", async () => {
    const health = await call(t.app, { method: "GET", url: "/healthz" });
    const ready = await call(t.app, { method: "GET", url: "/readyz" });
    expect(health.json()).toEqual({ status: "ok" });
    expect(ready.json()).toEqual({ status: "ok" });
    expect(ready.headers["x-request-id"]).toBeTruthy();
  });
});

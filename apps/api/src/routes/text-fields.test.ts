import { apiPaths } from "@eventwerk/contract";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, users } from "../db/schema.ts";
import { call, createTestApp, type TestApp, testClient } from "../testing/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async () => ({
  messages: (await t.ctx.db.select({ n: count() }).from(contactMessages))[0]!.n,
  users: (await t.ctx.db.select({ n: count() }).from(users))[0]!.n,
});

type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };

const contact = {
  name: "Erika Mustermann",
  email: "erika@example.com",
  subject: "Gruppentickets",
  message: "Gibt es Rabatte für Gruppen ab 10 Personen?",
};

describe("control and bidi characters in text fields", () => {
  it.each([
    ["NUL in the name", { name: "Erika\u0000" }, "name"],
    ["a line break in the name", { name: "Erika\nBcc: x@evil.example" }, "name"],
    ["CR/LF in the subject", { subject: "Hallo\r\nVon: jemand@evil.example" }, "subject"],
    ["a bidi override in the name", { name: "Erika \u202Eevil" }, "name"],
    ["NUL in the message", { message: "Gibt es Rabatte\u0000 für Gruppen?" }, "message"],
    ["a vertical tab in the message", { message: "Gibt es Rabatte\u000B für Gruppen?" }, "message"],
    // Valid JSON ("\ud800"), but not text: it would be stored as U+FFFD.
    ["a lone surrogate in the name", { name: "Eri\ud800ka" }, "name"],
    ["a lone low surrogate in the message", { message: "Rabatte \udc00 für Gruppen?" }, "message"],
    ["a C1 control (NEL) in the subject", { subject: "Hallo\u0085Welt" }, "subject"],
    ["a zero-width space in the name", { name: "Eri\u200Bka Mustermann" }, "name"],
    ["a BOM inside the name (trim takes one at the ends)", { name: "Eri\uFEFFka" }, "name"],
  ])(
    "the contact form refuses %s with 400 on that field, in both languages",
    async (_case, change, field) => {
      const before = await rows();
      for (const [locale, text] of [
        ["de", "unzulässige Zeichen"],
        ["en", "not allowed"],
      ] as const) {
        const response = await call(t.app, {
          method: "POST",
          url: apiPaths.contact,
          payload: { ...contact, ...change },
          locale,
        });
        expect(response.statusCode).toBe(400);
        const body = response.json<ErrorAnswer>();
        expect(body.error.code).toBe("validation_failed");
        expect(Object.keys(body.error.fields ?? {})).toEqual([field]);
        expect(body.error.fields?.[field]).toContain(text);
      }
      expect(await rows()).toEqual(before);
    },
  );

  it("a message keeps its line breaks and tabs (a textarea sends CRLF)", async () => {
    const response = await call(t.app, {
      method: "POST",
      url: apiPaths.contact,
      payload: { ...contact, message: "Erste Zeile\r\nZweite\tZeile\nDritte Zeile" },
    });
    expect(response.statusCode).toBe(201);
  });

  it("names keep emoji and the zero-width joiners scripts need", async () => {
    const response = await call(t.app, {
      method: "POST",
      url: apiPaths.contact,
      // A family emoji (joined by U+200D), and Persian with a zero-width non-joiner.
      payload: { ...contact, name: "Erika 👨\u200D👩\u200D👧 می\u200Cخواهم", message: "Gruppen 🎟️" },
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("registration refuses NUL and bidi overrides in names", async () => {
    const before = await rows();
    const response = await call(t.app, {
      method: "POST",
      url: apiPaths.register,
      payload: {
        name: "Max\u0000",
        surname: "\u2066Muster",
        email: "max-nul@example.com",
        password: "geheim-123",
        password_confirmation: "geheim-123",
        accept_terms: true,
      },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<ErrorAnswer>().error.fields ?? {};
    expect(fields).toHaveProperty("name");
    expect(fields).toHaveProperty("surname");
    expect(await rows()).toEqual(before);
  });

  it.each([
    `${apiPaths.search}?q=%00`,
    `${apiPaths.search}?q=a%0Ab`,
    `${apiPaths.events}?q=%00`,
    `${apiPaths.events}?category=%00`,
  ])("GET %s answers 400 in the error shape, not 500", async (url) => {
    const response = await call(t.app, { method: "GET", url });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().error.code).toBe("validation_failed");
  });

  it("a login with NUL in the username is 400, not 500", async () => {
    const response = await call(t.app, {
      method: "POST",
      url: apiPaths.token,
      payload: { grant_type: "password", username: "a\u0000b", password: "x", ...testClient },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().error.code).toBe("validation_failed");
  });
});

import type { AccountExport, ErrorBody, User } from "@eventwerk/contract";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, orders, tickets, users } from "../db/schema.ts";
import { demoUsers } from "../seed/index.ts";
import { seedVisitorTickets } from "../seed/tickets.ts";
import {
  call,
  createTestApp,
  passwordLogin,
  registerVisitor,
  type TestApp,
} from "../testing/app.ts";

const emailUrl = "/api/v1/auth/email";
const exportUrl = "/api/v1/auth/export";
const accountUrl = "/api/v1/auth/account";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;
const userId = async (email: string) =>
  (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** Asks for a reset link and answers the token from the newest mail. */
async function resetLinkFor(email: string) {
  await call(t.app, { method: "POST", url: "/api/v1/password/forgot", payload: { email } });
  const token = /token=([\w-]+)/.exec((await t.outbox()).at(-1) ?? "")?.[1];
  if (!token) throw new Error("no reset link mailed");
  return token;
}
const resetWith = (token: string, password: string) =>
  call(t.app, { method: "POST", url: "/api/v1/password/reset", payload: { token, password } });

/** A visitor with an address, a contact message and seeded orders and tickets. */
async function visitorWithData() {
  const visitor = await registerVisitor(t.app);
  const token = visitor.tokens.access_token;
  const address = await call(t.app, {
    method: "POST",
    url: "/api/v1/auth/address",
    token,
    payload: {
      title: "Büro",
      recipient: "Max Muster",
      line: "Hauptstraße 1",
      postal_code: "10115",
      country_id: 1,
      city_id: 1,
    },
  });
  expect(address.statusCode).toBe(201);
  const contact = await call(t.app, {
    method: "POST",
    url: "/api/v1/contact",
    token,
    payload: {
      name: "Max Muster",
      email: visitor.email,
      subject: "Frage zum Ticket",
      message: "Kann ich mein Ticket umschreiben lassen?",
    },
  });
  expect(contact.statusCode).toBeLessThan(300);
  const id = await userId(visitor.email);
  await seedVisitorTickets(t.ctx.db, {
    userId: id,
    name: "Max Muster",
    email: visitor.email,
    now: new Date(),
  });
  return { ...visitor, token, id };
}

describe("POST /auth/email", () => {
  const changeEmail = (token: string, payload: unknown) =>
    call(t.app, { method: "POST", url: emailUrl, token, payload: payload as object });

  it("changes the login email after checking the current password", async () => {
    const visitor = await registerVisitor(t.app);
    const newEmail = `Neu.${visitor.email}`;
    const response = await changeEmail(visitor.tokens.access_token, {
      email: newEmail,
      current_password: visitor.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: User }>().data.email).toBe(newEmail.toLowerCase());
    await expect(passwordLogin(t.app, visitor.email, visitor.password)).rejects.toThrow();
    await expect(passwordLogin(t.app, newEmail, visitor.password)).resolves.toBeTruthy();
  });

  it("makes reset links mailed to the old address stop working", async () => {
    const visitor = await registerVisitor(t.app);
    const link = await resetLinkFor(visitor.email);
    const other = await registerVisitor(t.app);
    const othersLink = await resetLinkFor(other.email);
    const newEmail = `neu.${visitor.email}`;
    const response = await changeEmail(visitor.tokens.access_token, {
      email: newEmail,
      current_password: visitor.password,
    });
    expect(response.statusCode).toBe(200);

    const reset = await resetWith(link, "uebernommen-1");
    expect(reset.statusCode).toBe(400);
    expect(errorOf(reset).code).toBe("invalid_reset_token");
    await expect(passwordLogin(t.app, newEmail, visitor.password)).resolves.toBeTruthy();
    expect((await resetWith(othersLink, "anderes-konto-2")).statusCode).toBe(200);
    // The new address can ask for a link that works.
    expect((await resetWith(await resetLinkFor(newEmail), "neues-passwort-3")).statusCode).toBe(
      200,
    );
  });

  it("keeps reset links when the change is refused", async () => {
    const visitor = await registerVisitor(t.app);
    const link = await resetLinkFor(visitor.email);
    const wrong = await changeEmail(visitor.tokens.access_token, {
      email: `neu.${visitor.email}`,
      current_password: "falsch-1234",
    });
    expect(wrong.statusCode).toBe(400);
    const taken = await changeEmail(visitor.tokens.access_token, {
      email: demoUsers.organiser.email,
      current_password: visitor.password,
    });
    expect(taken.statusCode).toBe(409);
    expect((await resetWith(link, "neues-passwort-3")).statusCode).toBe(200);
  });

  it("accepts the own address in another case", async () => {
    const visitor = await registerVisitor(t.app);
    const response = await changeEmail(visitor.tokens.access_token, {
      email: visitor.email.toUpperCase(),
      current_password: visitor.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a wrong password, a taken email and bad input, and keeps the email", async () => {
    const visitor = await registerVisitor(t.app);
    const token = visitor.tokens.access_token;
    const wrong = await changeEmail(token, { email: "x@example.com", current_password: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({
      code: "wrong_password",
      fields: { current_password: expect.any(String) },
    });

    const taken = await changeEmail(token, {
      email: demoUsers.organiser.email.toUpperCase(),
      current_password: visitor.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      code: "email_taken",
      fields: { email: expect.any(String) },
    });

    for (const payload of [
      {},
      { email: "not-an-email", current_password: visitor.password },
      { email: "", current_password: visitor.password },
      { email: "a@example.com" },
      { email: "a@example.com", current_password: "" },
      { email: `${"a".repeat(250)}@example.com`, current_password: visitor.password },
    ]) {
      const response = await changeEmail(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).code).toBe("validation_failed");
    }
    const english = await call(t.app, {
      method: "POST",
      url: emailUrl,
      token,
      locale: "en",
      payload: { email: "x@example.com", current_password: "nope" },
    });
    expect(errorOf(english).message).toBe("The current password is wrong.");

    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, visitor.email));
    expect(row).toBeDefined();
  });

  it("needs a login", async () => {
    const response = await call(t.app, {
      method: "POST",
      url: emailUrl,
      payload: { email: "a@example.com", current_password: "x" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /auth/export", () => {
  it("contains exactly the caller's data", async () => {
    const a = await visitorWithData();
    const b = await visitorWithData();
    const response = await call(t.app, { method: "GET", url: exportUrl, token: a.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.json"$/);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { data } = response.json<{ data: AccountExport }>();
    expect(data.user).toMatchObject({ id: a.id, email: a.email, name: "Max", surname: "Muster" });
    expect(data.user).not.toHaveProperty("password_hash");
    expect(JSON.stringify(data)).not.toContain("argon2");
    expect(data.addresses.map((address) => address.title)).toEqual(["Büro"]);
    expect(data.contact_messages.map((message) => message.subject)).toEqual(["Frage zum Ticket"]);

    const ownOrders = await t.ctx.db.select().from(orders).where(eq(orders.userId, a.id));
    const ownTickets = await t.ctx.db.select().from(tickets).where(eq(tickets.userId, a.id));
    expect(data.orders.map((order) => order.id).sort()).toEqual(ownOrders.map((o) => o.id).sort());
    expect(data.tickets.map((ticket) => ticket.code).sort()).toEqual(
      ownTickets.map((ticket) => ticket.code).sort(),
    );
    expect(data.orders.every((order) => order.items.length > 0)).toBe(true);
    expect(JSON.stringify(data)).not.toContain(b.email);
  });

  it("needs a login", async () => {
    expect((await call(t.app, { method: "GET", url: exportUrl })).statusCode).toBe(401);
  });
});

describe("DELETE /auth/account", () => {
  const deleteAccount = (token: string, payload: unknown) =>
    call(t.app, { method: "DELETE", url: accountUrl, token, payload: payload as object });

  it("refuses a wrong or missing password and changes nothing", async () => {
    const visitor = await visitorWithData();
    for (const payload of [{ password: "falsch-1234" }, {}, { password: "" }, { password: 12 }]) {
      const response = await deleteAccount(visitor.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(errorOf(await deleteAccount(visitor.token, { password: "falsch-1234" }))).toMatchObject({
      code: "wrong_password",
      fields: { password: expect.any(String) },
    });
    const still = await call(t.app, { method: "GET", url: exportUrl, token: visitor.token });
    expect(still.statusCode).toBe(200);
    expect(still.json<{ data: AccountExport }>().data.addresses).toHaveLength(1);
  });

  it("removes the person, keeps orders with the buyer anonymised, and the password no longer logs in", async () => {
    const visitor = await visitorWithData();
    const orderIds = (
      await t.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, visitor.id))
    ).map((order) => order.id);
    expect(orderIds.length).toBeGreaterThan(0);

    const response = await deleteAccount(visitor.token, { password: visitor.password });
    expect(response.statusCode).toBe(200);

    await expect(passwordLogin(t.app, visitor.email, visitor.password)).rejects.toThrow(
      /invalid_grant/,
    );
    const me = await call(t.app, { method: "GET", url: "/api/v1/getUser", token: visitor.token });
    expect(me.statusCode).toBe(401);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, visitor.id))).toEqual([]);
    expect(await t.ctx.db.select().from(addresses).where(eq(addresses.userId, visitor.id))).toEqual(
      [],
    );

    const kept = await t.ctx.db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(kept).toHaveLength(orderIds.length);
    for (const order of kept) {
      expect(order.userId).toBeNull();
      expect(order.buyerEmail).not.toBe(visitor.email);
      expect(order.buyerName).not.toContain("Muster");
      expect(order.totalCents).toBeGreaterThan(0);
    }
    const keptTickets = await t.ctx.db
      .select()
      .from(tickets)
      .where(inArray(tickets.orderId, orderIds));
    expect(keptTickets.length).toBeGreaterThan(0);
    expect(keptTickets.every((ticket) => ticket.userId === null)).toBe(true);
  });

  it("does not delete an organiser who has events", async () => {
    const organiser = await passwordLogin(
      t.app,
      demoUsers.organiser.email,
      demoUsers.organiser.password,
    );
    const response = await deleteAccount(organiser.access_token, {
      password: demoUsers.organiser.password,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe("conflict");
    await expect(
      passwordLogin(t.app, demoUsers.organiser.email, demoUsers.organiser.password),
    ).resolves.toBeTruthy();
  });

  it("needs a login", async () => {
    const response = await call(t.app, {
      method: "DELETE",
      url: accountUrl,
      payload: { password: "x" },
    });
    expect(response.statusCode).toBe(401);
  });
});

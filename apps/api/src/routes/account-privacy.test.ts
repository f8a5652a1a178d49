import { type AccountExport, createApiClient, type ErrorBody } from "@eventwerk/contract";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  eventCategories,
  events,
  orders,
  organiserProfiles,
  outboxJobs,
  tickets,
  users,
} from "../db/schema.ts";
import { orderConfirmationJob } from "../lib/checkout/orders.ts";
import { orderRefundedJob } from "../lib/checkout/refunds.ts";
import { createEvent, createVenue } from "../lib/panel/events.ts";
import { resendConfirmation } from "../lib/panel/orders.ts";
import { demoUsers } from "../seed/index.ts";
import { seedVisitorTickets } from "../seed/tickets.ts";
import {
  call,
  confirmEmailChange,
  createTestApp,
  passwordLogin,
  registerVisitor,
  requestResetToken,
  resetPassword,
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

type Named = { id: number; name: string };
const listOf = async (url: string) =>
  (await call(t.app, { method: "GET", url })).json<{ data: Named[] }>().data;

/** Germany, Berlin with one of its districts, Munich and a company category, from the API. */
async function organiserPlaces() {
  const country = (await listOf("/api/v1/general/country")).find((c) => c.name === "Deutschland")!;
  const cities = await listOf(`/api/v1/general/city?country_id=${country.id}`);
  const berlin = cities.find((c) => c.name === "Berlin")!;
  const munich = cities.find((c) => c.name === "München")!;
  const district = (await listOf(`/api/v1/general/district?city_id=${berlin.id}`))[0]!;
  const category = (await listOf("/api/v1/company-category"))[0]!;
  return { country, berlin, munich, district, category };
}

let organisers = 0;
/** Registers an organiser through the API; answers its id, email and token. */
async function registerOrganiser(overrides: Record<string, unknown>) {
  const places = await organiserPlaces();
  const email = `veranstalter${Date.now()}${organisers++}@example.com`;
  const response = await call(t.app, {
    method: "POST",
    url: "/api/v1/register/organiser",
    payload: {
      name: "Tom",
      surname: "Weber",
      email,
      password: "buehne-2026",
      phone: "+49 30 1234567",
      company_category_id: places.category.id,
      accept_terms: true,
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { access_token: token } = await passwordLogin(t.app, email, "buehne-2026");
  return { email, token, id: await userId(email) };
}

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
  // An order placed with a billing address (the checkout copies one onto the order).
  const [first] = await t.ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, id))
    .limit(1);
  await t.ctx.db.update(orders).set({ billingAddress: billedTo }).where(eq(orders.id, first!.id));
  return { ...visitor, token, id };
}
const billedTo = {
  recipient: "Max Muster",
  line: "Hauptstraße 1",
  postal_code: "10115",
  city: "Berlin",
  country: "Deutschland",
};

describe("POST /auth/email", () => {
  const changeEmail = (token: string, payload: unknown) =>
    call(t.app, { method: "POST", url: emailUrl, token, payload: payload as object });

  it("answers as the contract's client reads it: a message (nothing has changed yet)", async () => {
    const visitor = await registerVisitor(t.app);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: visitor.tokens.access_token,
      locale: "en",
    });
    const answer = await client.changeEmail({
      email: `Neu.${visitor.email}`,
      current_password: visitor.password,
    });
    expect(answer.data.message.length).toBeGreaterThan(0);
  });

  it("changes the login email after checking the current password", async () => {
    const visitor = await registerVisitor(t.app);
    const newEmail = `Neu.${visitor.email}`;
    const response = await changeEmail(visitor.tokens.access_token, {
      email: newEmail,
      current_password: visitor.password,
    });
    expect(response.statusCode).toBe(200);
    // It takes effect through the link mailed to the new address.
    await confirmEmailChange(t, visitor.tokens.access_token, newEmail);
    await expect(passwordLogin(t.app, visitor.email, visitor.password)).rejects.toThrow();
    await expect(passwordLogin(t.app, newEmail, visitor.password)).resolves.toBeTruthy();
  });

  it("makes reset links mailed to the old address stop working", async () => {
    const visitor = await registerVisitor(t.app);
    const link = await requestResetToken(t, visitor.email);
    const other = await registerVisitor(t.app);
    const othersLink = await requestResetToken(t, other.email);
    const newEmail = `neu.${visitor.email}`;
    const response = await changeEmail(visitor.tokens.access_token, {
      email: newEmail,
      current_password: visitor.password,
    });
    expect(response.statusCode).toBe(200);
    await confirmEmailChange(t, visitor.tokens.access_token, newEmail);

    const reset = await resetPassword(t, link, "uebernommen-1");
    expect(reset.statusCode).toBe(400);
    expect(errorOf(reset).code).toBe("invalid_reset_token");
    await expect(passwordLogin(t.app, newEmail, visitor.password)).resolves.toBeTruthy();
    expect((await resetPassword(t, othersLink, "anderes-konto-2")).statusCode).toBe(200);
    // The new address can ask for a link that works.
    expect(
      (await resetPassword(t, await requestResetToken(t, newEmail), "neues-passwort-3")).statusCode,
    ).toBe(200);
  });

  it("keeps reset links when the change is refused", async () => {
    const visitor = await registerVisitor(t.app);
    const link = await requestResetToken(t, visitor.email);
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
    expect((await resetPassword(t, link, "neues-passwort-3")).statusCode).toBe(200);
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
    expect(data.orders.map((order) => order.billing_address)).toContainEqual(billedTo);
    expect(JSON.stringify(data)).not.toContain(b.email);
  });

  it("contains an organiser's stored profile and address, and nothing of another organiser", async () => {
    const places = await organiserPlaces();
    const a = await registerOrganiser({
      company_name: "Kiezbühne Alpha UG",
      tax_number: "DE111111111",
      address: {
        line: "Bühnenweg 7",
        postal_code: "10827",
        country_id: places.country.id,
        city_id: places.berlin.id,
        district_id: places.district.id,
      },
    });
    const b = await registerOrganiser({
      company_name: "Zweite Beta GmbH",
      tax_number: "DE222222222",
      phone: "+49 89 7654321",
      address: {
        line: "Anderer Platz 99",
        postal_code: "80331",
        country_id: places.country.id,
        city_id: places.munich.id,
      },
    });
    const [stored] = await t.ctx.db
      .select()
      .from(organiserProfiles)
      .where(eq(organiserProfiles.userId, a.id));
    // Each has a venue of their own and an event there.
    const [category] = await t.ctx.db.select({ id: eventCategories.id }).from(eventCategories);
    const venueAndEvent = async (organiserId: string, name: string, title: string) => {
      const venueId = await createVenue(t.ctx.db, organiserId, {
        name,
        address_line: `${name}straße 1`,
        postal_code: "10115",
        city_id: places.berlin.id,
        latitude: 52.5,
        longitude: 13.4,
      });
      const eventId = await createEvent(t.ctx.db, organiserId, {
        title_de: title,
        title_en: `${title} (en)`,
        description_de: "Beschreibung",
        description_en: "Description",
        category_id: category!.id,
        venue_id: venueId,
        starts_at: "2031-05-01T18:00:00.000Z",
        ends_at: "2031-05-01T21:00:00.000Z",
        age_limit: null,
      });
      return { venueId, eventId };
    };
    const own = await venueAndEvent(a.id, "Alphasaal", "Alpha Premiere");
    await venueAndEvent(b.id, "Betahalle", "Beta Gala");

    const response = await call(t.app, { method: "GET", url: exportUrl, token: a.token });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: AccountExport }>();
    expect(data.user).toMatchObject({
      id: a.id,
      email: a.email,
      role: "organiser",
      phone: "+49 30 1234567",
    });
    expect(data.user.organiser).toEqual({
      company_name: "Kiezbühne Alpha UG",
      company_category_id: places.category.id,
      company_category_name: places.category.name,
      tax_number: "DE111111111",
      approval_status: "pending",
      review_note: null,
      suspended: false,
      address_line: "Bühnenweg 7",
      postal_code: "10827",
      country_id: places.country.id,
      country_name: "Deutschland",
      city_id: places.berlin.id,
      city_name: "Berlin",
      district_id: places.district.id,
      district_name: places.district.name,
      created_at: stored!.createdAt.toISOString(),
      updated_at: stored!.updatedAt.toISOString(),
    });
    expect(Date.parse(data.user.organiser!.created_at)).toBeLessThanOrEqual(Date.now());
    // Their events and own venues; not the shared venues every organiser may use.
    expect(data.events).toEqual([
      expect.objectContaining({
        id: own.eventId,
        title: "Alpha Premiere",
        status: "draft",
        venue_name: "Alphasaal",
        starts_at: "2031-05-01T18:00:00.000Z",
      }),
    ]);
    expect(data.venues).toEqual([
      expect.objectContaining({ id: own.venueId, name: "Alphasaal", own: true }),
    ]);

    // Place names follow the request's language.
    const english = await call(t.app, {
      method: "GET",
      url: exportUrl,
      token: a.token,
      locale: "en",
    });
    expect(english.json<{ data: AccountExport }>().data.user.organiser).toMatchObject({
      country_name: "Germany",
      city_name: "Berlin",
      address_line: "Bühnenweg 7",
    });

    const text = JSON.stringify(data);
    for (const foreign of [
      b.email,
      b.id,
      "Zweite Beta GmbH",
      "DE222222222",
      "Anderer Platz 99",
      "80331",
      "+49 89 7654321",
      "Betahalle",
      "Beta Gala",
    ]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toContain("argon2");

    // B's own export has B's profile, without district.
    const ofB = await call(t.app, { method: "GET", url: exportUrl, token: b.token });
    expect(ofB.json<{ data: AccountExport }>().data.events.map((event) => event.title)).toEqual([
      "Beta Gala",
    ]);
    expect(ofB.json<{ data: AccountExport }>().data.user.organiser).toMatchObject({
      company_name: "Zweite Beta GmbH",
      address_line: "Anderer Platz 99",
      city_id: places.munich.id,
      district_id: null,
      district_name: null,
    });
  });

  it("has no organiser profile for a visitor", async () => {
    const visitor = await registerVisitor(t.app);
    const response = await call(t.app, {
      method: "GET",
      url: exportUrl,
      token: visitor.tokens.access_token,
    });
    const { data } = response.json<{ data: AccountExport }>();
    expect(data.user.organiser).toBeNull();
    expect(data.events).toEqual([]);
    expect(data.venues).toEqual([]);
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
      // Nor the address it was billed to.
      expect(order.billingAddress).toBeNull();
      expect(order.totalCents).toBeGreaterThan(0);
    }
    const keptTickets = await t.ctx.db
      .select()
      .from(tickets)
      .where(inArray(tickets.orderId, orderIds));
    expect(keptTickets.length).toBeGreaterThan(0);
    expect(keptTickets.every((ticket) => ticket.userId === null)).toBe(true);

    // Mail about those orders queued later (a confirmation sent again, a refund) has nobody to
    // go to: it is done with, not sent to the anonymised address nor tried again.
    const before = (await t.outbox()).length;
    const jobs = [
      { kind: orderConfirmationJob, payload: { order_id: orderIds[0] } },
      { kind: orderRefundedJob, payload: { order_id: orderIds[0], reason: "event_cancelled" } },
    ].map((job, n) => ({ ...job, dedupKey: `after-deletion-${visitor.id}-${n}` }));
    await t.ctx.db.insert(outboxJobs).values(jobs);
    await t.drainOutbox();
    expect((await t.outbox()).length).toBe(before);
    const done = await t.ctx.db
      .select()
      .from(outboxJobs)
      .where(
        inArray(
          outboxJobs.dedupKey,
          jobs.map((job) => job.dedupKey),
        ),
      );
    expect(done.map((job) => job.sentAt !== null)).toEqual([true, true]);
    // The organiser's "send again" says so rather than queue it.
    const [kept0] = kept;
    const owner = await t.ctx.db
      .select({ organiserId: events.organiserId })
      .from(events)
      .where(eq(events.id, kept0!.eventId!));
    await expect(
      resendConfirmation(t.ctx.db, owner[0]!.organiserId, kept0!.id),
    ).rejects.toMatchObject({ statusCode: 409, messageKey: "buyer_deleted" });
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

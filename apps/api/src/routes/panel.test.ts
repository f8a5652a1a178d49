import { readdir } from "node:fs/promises";
import nodePath from "node:path";
import {
  type AuditEntry,
  type CheckoutOrder,
  checkoutPaths,
  type Dashboard,
  type ErrorBody,
  fillPath,
  type OrganiserApplication,
  type PageMeta,
  type PanelEvent,
  type PanelOrder,
  type PanelOrderList,
  type PanelTicketType,
  type PanelVoucher,
  panelPaths,
  type RefundElsewhere,
  ticketTypesPerEventMax,
  vouchersPerEventMax,
} from "@eventwerk/contract";
import { and, asc, count, eq, inArray, isNull, like, ne, sql } from "drizzle-orm";
import type pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema.ts";
import { berlinDay } from "../lib/catalogue.ts";
import { icsDate } from "../lib/catalogue-ics.ts";
import { eventDate } from "../lib/checkout/format.ts";
import { orderConfirmationJob } from "../lib/checkout/orders.ts";
import { completeOwedRefunds } from "../lib/checkout/refunds.ts";
import { eventChangeNoticeJob, sendChangeNotices } from "../lib/panel/change-notices.ts";
import { uploadStorageDir } from "../lib/panel/covers.ts";
import { refundCancelledEvents } from "../lib/panel/orders.ts";
import { demoUsers } from "../seed/index.ts";
import {
  call,
  createTestApp,
  readMail,
  registerVisitor,
  type TestApp,
  testDatabase,
} from "../testing/app.ts";
import { type CreatedOrder, holdTickets, onOrder } from "../testing/checkout-fixtures.ts";
import {
  approvedOrganiser,
  eventFields,
  loginAdmin,
  registerOrganiser,
  ticketTypeFields,
} from "../testing/panel-fixtures.ts";
import { mailAttachments } from "../testing/pdf.ts";
import { checkoutServices } from "./checkout.ts";

/** The Berlin calendar day of an instant as `YYYY-MM-DD`, as the API's day filters read it. */
const berlinIsoDay = (instant: Date) => {
  const d = berlinDay(instant);
  return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    OUTBOX_POLL_MS: "0",
    RECONCILE_INTERVAL_SECONDS: "0",
    SERVICE_FEE_PERCENT: "10",
    SERVICE_FEE_FIXED_CENTS: "50",
  });
});
afterAll(() => t.close());

const runOutbox = async () => {
  while ((await t.ctx.outbox.runDue()) > 0) {}
};
const path = (template: string, id: number | string) => fillPath(template, { id });
const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;

/** An admin's decision the organiser reads a reason for: without a readable one, 400 on `reason`. */
async function expectReasonRequired(admin: string, url: string) {
  for (const payload of [{}, { reason: "" }, { reason: "x" }, { reason: "a\u0000b" }]) {
    const bad = await call(t.app, { method: "POST", url, token: admin, payload });
    expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty("reason");
  }
}

async function createEvent(token: string, overrides: Record<string, unknown> = {}) {
  const response = await call(t.app, {
    method: "POST",
    url: panelPaths.events,
    token,
    payload: { ...(await eventFields(t.ctx.db)), ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: PanelEvent }>().data;
}

async function addType(token: string, eventId: number, overrides: Record<string, unknown> = {}) {
  const response = await call(t.app, {
    method: "POST",
    url: path(panelPaths.ticketTypes, eventId),
    token,
    payload: { ...ticketTypeFields, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: PanelTicketType }>().data;
}

/** A published event with one ticket type. */
async function saleEvent(token: string, typeOverrides: Record<string, unknown> = {}) {
  const event = await createEvent(token);
  const type = await addType(token, event.id, typeOverrides);
  await publish(token, event.id);
  return { event, type };
}

/** Holds tickets as a guest and places the order: answers the order and its test payment's id. */
async function placeOrder(
  eventId: number,
  typeId: number,
  quantity = 1,
  token?: string,
  locale?: "de" | "en",
) {
  const held = await holdTickets(
    t.app,
    { event_id: eventId, items: [{ ticket_type_id: typeId, quantity }] },
    { token, locale },
  );
  expect(held.statusCode, held.body).toBe(201);
  const order = held.json<CreatedOrder>();
  await onOrder(t.app, order, "PATCH", checkoutPaths.order, {
    buyer_name: "Erika Käuferin",
    buyer_email: "erika@example.com",
  });
  const placed = await onOrder(t.app, order, "POST", checkoutPaths.placeOrder, {
    accept_terms: true,
  });
  return {
    order,
    paymentId: placed.json<{ redirect_url: string }>().redirect_url.split("/").at(-1)!,
  };
}

/** Publishes a draft event. */
async function publish(token: string, eventId: number) {
  const published = await call(t.app, {
    method: "POST",
    url: path(panelPaths.publishEvent, eventId),
    token,
  });
  expect(published.statusCode, published.body).toBe(200);
}

const at = (ms: number) => new Date(ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The buyer pays on the test provider's page. */
const pay = (paymentId: string) =>
  call(t.app, {
    method: "POST",
    url: path(checkoutPaths.testPayment, paymentId),
    payload: { action: "success" },
  });

/** The organiser cancels the event (`payload`: the confirmation). */
const cancel = (eventId: number, token: string, payload: Record<string, unknown>) =>
  call(t.app, { method: "POST", url: path(panelPaths.cancelEvent, eventId), token, payload });

/** The order's row as the database has it. */
const orderRow = async (orderId: number) =>
  (await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, orderId)))[0]!;

/** The order's refund as decided `minutes` ago (`completeOwedRefunds` leaves the last minute's). */
const owedForMinutes = (orderId: number, minutes: number) =>
  t.ctx.db
    .update(s.orders)
    .set({ refundRequestedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(s.orders.id, orderId));

/** The audit entry of an order's refund. */
const refundAudit = (orderId: number) =>
  t.ctx.db
    .select()
    .from(s.auditLog)
    .where(
      and(
        eq(s.auditLog.action, "order_refunded"),
        sql`${s.auditLog.details}->>'order_id' = ${String(orderId)}`,
      ),
    );

/** The order's payment with the test provider. */
const paymentOf = async (orderId: number) =>
  (await t.ctx.db.select().from(s.testPayments).where(eq(s.testPayments.orderId, orderId)))[0]!;

/** Buys tickets as a guest (or signed-in buyer) through checkout and the test provider. */
async function buy(
  eventId: number,
  typeId: number,
  quantity = 1,
  token?: string,
  locale?: "de" | "en",
) {
  const { order, paymentId } = await placeOrder(eventId, typeId, quantity, token, locale);
  const paid = await pay(paymentId);
  expect(paid.statusCode, paid.body).toBe(200);
  await runOutbox();
  return order.data.id;
}

describe("who may call the panel and the admin calls", () => {
  it("answers 401 to guests, 403 to visitors, pending organisers and admins, 404 for another organiser's ids", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const other = await approvedOrganiser(t.app, t.ctx.db);
    const pending = await registerOrganiser(t.app, t.ctx.db);
    const visitor = (await registerVisitor(t.app)).tokens.access_token;
    const admin = await loginAdmin(t.app);
    const { event, type } = await saleEvent(owner.token);
    const voucher = await call(t.app, {
      method: "POST",
      url: path(panelPaths.vouchers, event.id),
      token: owner.token,
      payload: { code: "FRUEH10", kind: "percent", value: 10 },
    });
    const voucherId = voucher.json<{ data: PanelVoucher }>().data.id;
    const orderId = await buy(event.id, type.id);

    const owned: [string, string, Record<string, unknown>?][] = [
      ["GET", path(panelPaths.event, event.id)],
      ["PATCH", path(panelPaths.event, event.id), { title_de: "Neuer Titel" }],
      ["POST", path(panelPaths.publishEvent, event.id)],
      ["POST", path(panelPaths.unpublishEvent, event.id)],
      ["POST", path(panelPaths.duplicateEvent, event.id)],
      ["POST", path(panelPaths.cancelEvent, event.id), { confirm: true }],
      ["GET", path(panelPaths.eventAudit, event.id)],
      ["POST", path(panelPaths.ticketTypes, event.id), ticketTypeFields],
      ["PATCH", path(panelPaths.ticketType, type.id), { capacity: 50 }],
      ["PATCH", path(panelPaths.ticketType, type.id), { vat_percent: 7 }],
      ["POST", path(panelPaths.closeTicketType, type.id)],
      ["DELETE", path(panelPaths.ticketType, type.id)],
      ["GET", path(panelPaths.vouchers, event.id)],
      ["POST", path(panelPaths.vouchers, event.id), { code: "ANDERS", kind: "fixed", value: 100 }],
      ["POST", path(panelPaths.deactivateVoucher, voucherId)],
      ["GET", path(panelPaths.orders, event.id)],
      ["GET", path(panelPaths.ordersCsv, event.id)],
      ["GET", path(panelPaths.order, orderId)],
      ["POST", path(panelPaths.resendOrder, orderId)],
      ["POST", path(panelPaths.refundOrder, orderId)],
    ];
    const general: [string, string, Record<string, unknown>?][] = [
      ["GET", panelPaths.dashboard],
      ["GET", panelPaths.events],
      ["POST", panelPaths.events, await eventFields(t.ctx.db)],
      ["GET", panelPaths.venues],
    ];
    for (const [method, url, payload] of [...owned, ...general]) {
      const as = (token?: string) =>
        call(t.app, { method: method as "GET", url, token, payload, locale: "en" });
      expect((await as()).statusCode, `${method} ${url} as guest`).toBe(401);
      for (const [who, token] of [
        ["visitor", visitor],
        ["pending organiser", pending.token],
        ["admin", admin],
      ] as const) {
        const response = await as(token);
        expect(response.statusCode, `${method} ${url} as ${who}`).toBe(403);
        expect(errorOf(response).code).toBe("forbidden");
      }
    }
    for (const [method, url, payload] of owned) {
      const response = await call(t.app, {
        method: method as "GET",
        url,
        token: other.token,
        payload,
      });
      expect(response.statusCode, `${method} ${url} as another organiser`).toBe(404);
    }
    // Nothing of the owner's changed through those calls.
    const [row] = await t.ctx.db.select().from(s.events).where(eq(s.events.id, event.id));
    expect(row).toMatchObject({ status: "published", titleDe: "Sommerkonzert am Kanal" });

    const adminCalls: [string, string, Record<string, unknown>?][] = [
      ["GET", panelPaths.organisers],
      ["GET", `${panelPaths.organisers}?status=approved&q=Weber&page=2&per_page=5`],
      // The guard answers before the query is read: nothing about it for a non-operator.
      ["GET", `${panelPaths.organisers}?page=0&per_page=500`],
      ["POST", path(panelPaths.approveOrganiser, pending.id)],
      ["POST", path(panelPaths.rejectOrganiser, pending.id), { reason: "Unvollständig" }],
      ["POST", path(panelPaths.suspendOrganiser, owner.id), { reason: "Beschwerden" }],
      ["POST", path(panelPaths.reinstateOrganiser, owner.id)],
    ];
    for (const [method, url, payload] of adminCalls) {
      const as = (token?: string) => call(t.app, { method: method as "GET", url, token, payload });
      expect((await as()).statusCode, `${method} ${url} as guest`).toBe(401);
      for (const token of [visitor, pending.token, owner.token]) {
        expect((await as(token)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});

describe("organiser review by the admin", () => {
  it("lists pending applications; approval opens the panel and emails the organiser in their language", async () => {
    const admin = await loginAdmin(t.app);
    const applicant = await registerOrganiser(t.app, t.ctx.db, "en");
    await t.ctx.db
      .update(s.users)
      .set({ preferredLocale: "en" })
      .where(eq(s.users.id, applicant.id));
    const list = await call(t.app, { method: "GET", url: panelPaths.organisers, token: admin });
    expect(list.statusCode).toBe(200);
    const ids = list.json<{ data: { user_id: string }[] }>().data.map((row) => row.user_id);
    expect(ids).toContain(applicant.id);

    expect(
      (await call(t.app, { method: "GET", url: panelPaths.dashboard, token: applicant.token }))
        .statusCode,
    ).toBe(403);
    const approved = await call(t.app, {
      method: "POST",
      url: path(panelPaths.approveOrganiser, applicant.id),
      token: admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ data: { approval_status: string } }>().data.approval_status).toBe(
      "approved",
    );
    await runOutbox();
    const mail = (await t.outbox()).find((m) => m.includes(applicant.email));
    expect(mail).toContain("Your organiser account is approved");
    expect(mail).toContain("http://localhost:3000/en/panel");
    expect(
      (await call(t.app, { method: "GET", url: panelPaths.dashboard, token: applicant.token }))
        .statusCode,
    ).toBe(200);
    // Decided once: a second decision is a conflict.
    const again = await call(t.app, {
      method: "POST",
      url: path(panelPaths.rejectOrganiser, applicant.id),
      token: admin,
      payload: { reason: "Zu spät" },
    });
    expect(again.statusCode).toBe(409);
  });

  it("approves only an applicant who confirmed the address: until then a conflict, and the list says so", async () => {
    const admin = await loginAdmin(t.app);
    const applicant = await registerOrganiser(t.app, t.ctx.db, "en", { verified: false });
    const listed = async () =>
      (await call(t.app, { method: "GET", url: panelPaths.organisers, token: admin }))
        .json<{ data: { user_id: string; email_verified: boolean }[] }>()
        .data.find((row) => row.user_id === applicant.id);
    expect(await listed()).toMatchObject({ email_verified: false });
    const approve = (locale: "de" | "en") =>
      call(t.app, {
        method: "POST",
        url: path(panelPaths.approveOrganiser, applicant.id),
        token: admin,
        locale,
      });
    for (const [locale, text] of [
      ["de", "noch nicht bestätigt"],
      ["en", "not been confirmed"],
    ] as const) {
      const refused = await approve(locale);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toContain(text);
    }
    // Still pending, the panel still closed.
    expect(
      (await call(t.app, { method: "GET", url: panelPaths.dashboard, token: applicant.token }))
        .statusCode,
    ).toBe(403);
    // The applicant follows the mailed link.
    await t.ctx.db
      .update(s.users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(s.users.id, applicant.id));
    expect(await listed()).toMatchObject({ email_verified: true });
    expect((await approve("de")).statusCode).toBe(200);
  });

  it("rejects with a reason the organiser reads in their status and email; no reason is a field error", async () => {
    const admin = await loginAdmin(t.app);
    const applicant = await registerOrganiser(t.app, t.ctx.db);
    await expectReasonRequired(admin, path(panelPaths.rejectOrganiser, applicant.id));
    const unknown = await call(t.app, {
      method: "POST",
      url: path(panelPaths.approveOrganiser, "00000000-0000-4000-8000-000000000000"),
      token: admin,
    });
    expect(unknown.statusCode).toBe(404);
    const rejected = await call(t.app, {
      method: "POST",
      url: path(panelPaths.rejectOrganiser, applicant.id),
      token: admin,
      payload: { reason: "Die Steuernummer fehlt." },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const me = await call(t.app, { method: "GET", url: "/api/v1/getUser", token: applicant.token });
    expect(me.json<{ data: { organiser: unknown } }>().data.organiser).toMatchObject({
      approval_status: "rejected",
      review_note: "Die Steuernummer fehlt.",
    });
    await runOutbox();
    const mail = (await t.outbox()).find((m) => m.includes(applicant.email));
    expect(mail).toContain("Die Steuernummer fehlt.");
    expect(mail).toContain("nicht freigeben");
  });

  it("suspension hides the organiser's events and stops sales; reinstating brings them back", async () => {
    const admin = await loginAdmin(t.app);
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    // The category's upcoming count (kept per month, migration 0021) follows the events.
    const upcoming = async () =>
      (await call(t.app, { method: "GET", url: "/api/v1/event-categories" }))
        .json<{ data: { id: number; upcoming_count: number }[] }>()
        .data.find((category) => category.id === event.category_id)!.upcoming_count;
    const before = await upcoming();
    // Without a reason the organiser could read, nothing is suspended.
    await expectReasonRequired(admin, path(panelPaths.suspendOrganiser, owner.id));
    expect(
      (await call(t.app, { method: "GET", url: `/api/v1/events/${event.id}` })).statusCode,
    ).toBe(200);
    const suspended = await call(t.app, {
      method: "POST",
      url: path(panelPaths.suspendOrganiser, owner.id),
      token: admin,
      payload: { reason: "Beschwerden von Käufern" },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(
      (await call(t.app, { method: "GET", url: `/api/v1/events/${event.id}` })).statusCode,
    ).toBe(404);
    const hold = await holdTickets(t.app, {
      event_id: event.id,
      items: [{ ticket_type_id: type.id, quantity: 1 }],
    });
    expect(hold.statusCode).toBe(404);
    expect(await upcoming()).toBe(before - 1);
    expect(
      (await call(t.app, { method: "GET", url: panelPaths.dashboard, token: owner.token }))
        .statusCode,
    ).toBe(403);
    const list = await call(t.app, {
      method: "GET",
      url: `${panelPaths.organisers}?status=suspended`,
      token: admin,
    });
    expect(list.json<{ data: { user_id: string }[] }>().data.map((o) => o.user_id)).toContain(
      owner.id,
    );
    const reinstated = await call(t.app, {
      method: "POST",
      url: path(panelPaths.reinstateOrganiser, owner.id),
      token: admin,
    });
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(
      (await call(t.app, { method: "GET", url: `/api/v1/events/${event.id}` })).statusCode,
    ).toBe(200);
    expect(await upcoming()).toBe(before);
  });
});

describe("the operator's organiser lists with many organisers", () => {
  type Listed = { data: OrganiserApplication[]; meta: PageMeta };
  type Spec = {
    company: string;
    createdAt: Date;
    status?: "pending" | "approved" | "rejected";
    suspended?: boolean;
    name?: [string, string];
    email?: string;
  };
  let serial = 0;

  /**
   * Organisers written straight into the tables: registering hundreds through the API would hash
   * as many passwords. Answers their ids in the order given.
   */
  async function insertOrganisers(specs: Spec[]) {
    const [category] = await t.ctx.db.select().from(s.companyCategories).limit(1);
    const [city] = await t.ctx.db.select().from(s.cities).limit(1);
    const users = await t.ctx.db
      .insert(s.users)
      .values(
        specs.map((spec) => ({
          name: spec.name?.[0] ?? "Rita",
          surname: spec.name?.[1] ?? "Reihe",
          email: spec.email ?? `reihe-${Date.now()}-${serial++}@example.com`,
          passwordHash: "not-a-hash",
          role: "organiser" as const,
        })),
      )
      .returning({ id: s.users.id });
    await t.ctx.db.insert(s.organiserProfiles).values(
      specs.map((spec, index) => ({
        userId: users[index]!.id,
        companyName: spec.company,
        companyCategoryId: category!.id,
        taxNumber: "DE123456789",
        addressLine: "Hauptstraße 1",
        postalCode: city!.postalCode,
        countryId: city!.countryId,
        cityId: city!.id,
        approvalStatus: spec.status ?? "pending",
        suspendedAt: spec.suspended ? new Date() : null,
        createdAt: spec.createdAt,
      })),
    );
    return users.map((user) => user.id);
  }

  let admin: string;
  beforeAll(async () => {
    admin = await loginAdmin(t.app);
  });
  const organisersUrl = (query: Record<string, string | number>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) params.set(name, String(value));
    return `${panelPaths.organisers}?${params}`;
  };
  const page = async (query: Record<string, string | number>) => {
    const response = await call(t.app, { method: "GET", url: organisersUrl(query), token: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Listed>();
  };
  /** Every page of a list, walked as the panel's links do, checking each page's meta. */
  async function walk(query: Record<string, string | number>, perPage: number) {
    const first = await page({ ...query, per_page: perPage });
    const { total, pages } = first.meta;
    expect(pages).toBe(Math.ceil(total / perPage));
    const ids = first.data.map((row) => row.user_id);
    for (let n = 2; n <= pages; n++) {
      const next = await page({ ...query, per_page: perPage, page: n });
      expect(next.meta).toEqual({ page: n, per_page: perPage, total, pages });
      expect(next.data.length).toBe(n < pages ? perPage : total - (pages - 1) * perPage);
      ids.push(...next.data.map((row) => row.user_id));
    }
    return { ids, total, pages };
  }
  /** Application order, then id (uuids compare as their lowercase text does). */
  const inListOrder = (rows: { id: string; createdAt: Date }[]) =>
    [...rows]
      .sort(
        (a, b) =>
          a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .map((row) => row.id);

  it("pages through one state in application order: no row twice, none left out, meta right", async () => {
    const marker = `Seitenprobe ${Date.now()}`;
    const base = Date.parse("2026-01-05T09:00:00Z");
    // Three applications share each second, so the order within a second is the id's; inserted
    // newest first, so that neither insertion order nor chance makes the test pass.
    const specs: Spec[] = Array.from({ length: 23 }, (_, i) => ({
      company: `${marker} ${i}`,
      createdAt: new Date(base + Math.floor((22 - i) / 3) * 1000),
    }));
    const ids = await insertOrganisers([
      ...specs,
      ...[0, 1, 2, 3].map((i) => ({
        company: `${marker} abgelehnt ${i}`,
        createdAt: new Date(base),
        status: "rejected" as const,
      })),
    ]);
    const expected = inListOrder(
      specs.map((spec, index) => ({ id: ids[index]!, createdAt: spec.createdAt })),
    );

    const searched = await walk({ q: marker }, 5);
    expect(searched).toMatchObject({ total: 23, pages: 5 });
    expect(searched.ids).toEqual(expected);
    // Past the last page: no rows, the same totals.
    expect(await page({ q: marker, per_page: 5, page: 6 })).toEqual({
      data: [],
      meta: { page: 6, per_page: 5, total: 23, pages: 5 },
    });
    // Without page or per_page: the first 25.
    expect((await page({ q: marker })).meta).toEqual({
      page: 1,
      per_page: 25,
      total: 23,
      pages: 1,
    });

    // Every pending application, not only these: as many as the table holds, each once, in order.
    const pending = await t.ctx.db
      .select({ id: s.organiserProfiles.userId, createdAt: s.organiserProfiles.createdAt })
      .from(s.organiserProfiles)
      .where(eq(s.organiserProfiles.approvalStatus, "pending"));
    expect(pending.length).toBeGreaterThan(23);
    const all = await walk({ status: "pending" }, 7);
    expect(all.total).toBe(pending.length);
    expect(new Set(all.ids).size).toBe(all.ids.length);
    expect(all.ids).toEqual(inListOrder(pending));
  });

  it("finds organisers by name, email or company name in any case, within the chosen state", async () => {
    const run = `${Date.now()}`;
    const at = new Date("2026-02-01T10:00:00Z");
    const [byName, byEmail, byCompany, rejected, approved, suspended, percent] =
      await insertOrganisers([
        { company: "Bühne Nord", createdAt: at, name: ["Henrike", `Quellmann${run}`] },
        { company: "Bühne Süd", createdAt: at, email: `Kassenwart-${run}@Example.com` },
        { company: `Kellerbühne ${run} UG`, createdAt: at },
        { company: `Kellerbühne ${run} e.V.`, createdAt: at, status: "rejected" },
        { company: `Kellerbühne ${run} GmbH`, createdAt: at, status: "approved" },
        {
          company: `Kellerbühne ${run} AG`,
          createdAt: at,
          status: "approved",
          suspended: true,
        },
        { company: `Rabatt 100% ${run}`, createdAt: at },
      ]);
    const found = async (q: string, status = "pending") =>
      (await page({ q, status })).data.map((row) => row.user_id).sort();

    expect(await found(`quellmann${run}`)).toEqual([byName]);
    expect(await found(`HENRIKE QUELLMANN${run}`)).toEqual([byName]);
    expect(await found(`kassenwart-${run}@example.COM`)).toEqual([byEmail]);
    expect(await found(`KELLERbühne ${run}`)).toEqual([byCompany]);
    // Each state lists its own; a suspended organiser is no longer among the approved ones.
    expect(await found(`kellerbühne ${run}`, "rejected")).toEqual([rejected]);
    expect(await found(`kellerbühne ${run}`, "approved")).toEqual([approved]);
    expect(await found(`kellerbühne ${run}`, "suspended")).toEqual([suspended]);
    // The search's characters are text, not patterns.
    expect(await found(`100% ${run}`)).toEqual([percent]);
    expect(await found(`10_% ${run}`)).toEqual([]);
    // Nothing found: an empty first page.
    expect(await page({ q: `niemand-${run}` })).toEqual({
      data: [],
      meta: { page: 1, per_page: 25, total: 0, pages: 0 },
    });
    // An empty search (a GET form sends the field) is no search.
    expect((await page({ q: " " })).meta.total).toBe((await page({})).meta.total);
    // The search pages too.
    const paged = await walk({ q: `kellerbühne ${run}`, status: "approved" }, 1);
    expect(paged).toEqual({ ids: [approved], total: 1, pages: 1 });
    expect((await walk({ q: "bühne", status: "pending" }, 2)).ids).toEqual(
      expect.arrayContaining([byName, byEmail, byCompany]),
    );
  });

  it.each([
    ["page=0", "page"],
    ["page=x", "page"],
    ["page=1.5", "page"],
    ["page=10001", "page"],
    ["per_page=0", "per_page"],
    ["per_page=101", "per_page"],
    ["per_page=zehn", "per_page"],
    ["status=archived", "status"],
    [`q=${"x".repeat(121)}`, "q"],
    ["q=a%00b", "q"],
  ])("answers 400 in the caller's language for %s", async (query, field) => {
    const messages = new Set<string>();
    for (const locale of ["de", "en"] as const) {
      const response = await call(t.app, {
        method: "GET",
        url: `${panelPaths.organisers}?${query}`,
        token: admin,
        locale,
      });
      expect(response.statusCode, response.body).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe("validation_failed");
      expect(Object.keys(error.fields ?? {})).toEqual([field]);
      messages.add(error.fields![field]!);
    }
    expect(messages.size).toBe(2);
  });
});

describe("events", () => {
  it("validates every field of a new venue and event in the visitor's language", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const other = await approvedOrganiser(t.app, t.ctx.db);
    const [city] = await t.ctx.db.select().from(s.cities).limit(1);
    const venue = {
      name: "Kellerbühne",
      address_line: "Hof 2",
      postal_code: "10999",
      city_id: city!.id,
      latitude: 52.5,
      longitude: 13.4,
    };
    const ownVenue = await call(t.app, {
      method: "POST",
      url: panelPaths.venues,
      token: other.token,
      payload: venue,
    });
    expect(ownVenue.statusCode, ownVenue.body).toBe(201);
    const otherVenueId = ownVenue.json<{ data: { id: number } }>().data.id;
    // A venue's own fields, each refused in the visitor's language, and nothing written.
    const venuesBefore = (await t.ctx.db.select({ n: count() }).from(s.venues))[0]!.n;
    for (const [change, field] of [
      [{ name: "K" }, "name"],
      [{ name: "line\nbreak" }, "name"],
      [{ address_line: "" }, "address_line"],
      [{ postal_code: "12" }, "postal_code"],
      [{ city_id: 999_999 }, "city_id"],
      [{ city_id: "1" }, "city_id"],
      [{ latitude: 91 }, "latitude"],
      [{ longitude: -180.5 }, "longitude"],
      [{ latitude: "52.5" }, "latitude"],
    ] as const) {
      for (const locale of ["de", "en"] as const) {
        const bad = await call(t.app, {
          method: "POST",
          url: panelPaths.venues,
          token: other.token,
          locale,
          payload: { ...venue, ...change },
        });
        expect(bad.statusCode, JSON.stringify(change)).toBe(400);
        expect(errorOf(bad).code).toBe("validation_failed");
        expect(Object.keys(errorOf(bad).fields ?? {}), JSON.stringify(change)).toContain(field);
      }
    }
    expect((await t.ctx.db.select({ n: count() }).from(s.venues))[0]!.n).toBe(venuesBefore);
    const fields = await eventFields(t.ctx.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ title_de: "" }, "title_de"],
      [{ title_de: "ab" }, "title_de"],
      [{ title_en: "x".repeat(121) }, "title_en"],
      [{ title_en: "line\nbreak" }, "title_en"],
      [{ description_de: "" }, "description_de"],
      [{ description_en: "x".repeat(10_001) }, "description_en"],
      [{ category_id: "1" }, "category_id"],
      [{ category_id: 999_999 }, "category_id"],
      [{ venue_id: 0 }, "venue_id"],
      [{ venue_id: 999_999 }, "venue_id"],
      [{ venue_id: otherVenueId }, "venue_id"],
      [{ starts_at: "morgen" }, "starts_at"],
      // Well-formed, but beyond what the database writes: year 10000 in UTC, and year 0.
      [{ ends_at: "9999-12-31T23:59:59-14:00" }, "ends_at"],
      [{ starts_at: "0000-06-01T00:00:00Z" }, "starts_at"],
      [{ starts_at: new Date(Date.now() - 86_400_000).toISOString() }, "starts_at"],
      [{ ends_at: fields.starts_at }, "ends_at"],
      [{ age_limit: -1 }, "age_limit"],
      [{ age_limit: 100 }, "age_limit"],
      [{ age_limit: 1.5 }, "age_limit"],
      [{ status: "published" }, ""],
    ];
    for (const [change, field] of cases) {
      const response = await call(t.app, {
        method: "POST",
        url: panelPaths.events,
        token: owner.token,
        locale: "en",
        payload: { ...fields, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe("validation_failed");
      if (field) expect(Object.keys(error.fields ?? {}), JSON.stringify(change)).toContain(field);
    }
    const missing = await call(t.app, {
      method: "POST",
      url: panelPaths.events,
      token: owner.token,
      payload: {},
    });
    expect(Object.keys(errorOf(missing).fields ?? {})).toEqual(
      expect.arrayContaining(["title_de", "title_en", "venue_id", "starts_at", "ends_at"]),
    );
    const own = await call(t.app, { method: "GET", url: panelPaths.venues, token: other.token });
    expect(own.json<{ data: { id: number; own: boolean }[] }>().data).toContainEqual(
      expect.objectContaining({ id: otherVenueId, own: true }),
    );
    const notMine = await call(t.app, {
      method: "GET",
      url: panelPaths.venues,
      token: owner.token,
    });
    expect(notMine.json<{ data: { id: number }[] }>().data.map((v) => v.id)).not.toContain(
      otherVenueId,
    );
  });

  it("creates, edits (slug follows title), publishes, unpublishes, duplicates and records it all", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    expect(event).toMatchObject({
      status: "draft",
      slug_de: "sommerkonzert-am-kanal",
      age_limit: 16,
    });
    const early = await call(t.app, {
      method: "POST",
      url: path(panelPaths.publishEvent, event.id),
      token: owner.token,
    });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toContain("Ticketart");
    await addType(owner.token, event.id);
    const published = await call(t.app, {
      method: "POST",
      url: path(panelPaths.publishEvent, event.id),
      token: owner.token,
    });
    expect(published.json<{ data: PanelEvent }>().data.status).toBe("published");
    const publicPage = await call(t.app, { method: "GET", url: `/api/v1/events/${event.id}` });
    expect(publicPage.statusCode).toBe(200);

    const edited = await call(t.app, {
      method: "PATCH",
      url: path(panelPaths.event, event.id),
      token: owner.token,
      payload: { title_de: "Herbstkonzert über der Spree", age_limit: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: PanelEvent }>().data).toMatchObject({
      slug_de: "herbstkonzert-ueber-der-spree",
      slug_en: "summer-concert-by-the-canal",
      age_limit: null,
    });
    const badEnd = await call(t.app, {
      method: "PATCH",
      url: path(panelPaths.event, event.id),
      token: owner.token,
      payload: { ends_at: new Date(Date.parse(event.starts_at) - 60_000).toISOString() },
    });
    expect(badEnd.statusCode).toBe(400);
    expect(errorOf(badEnd).fields).toHaveProperty("ends_at");
    const empty = await call(t.app, {
      method: "PATCH",
      url: path(panelPaths.event, event.id),
      token: owner.token,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);

    const copy = await call(t.app, {
      method: "POST",
      url: path(panelPaths.duplicateEvent, event.id),
      token: owner.token,
    });
    expect(copy.statusCode).toBe(201);
    const duplicate = copy.json<{ data: PanelEvent }>().data;
    expect(duplicate).toMatchObject({ status: "draft", title_de: "Herbstkonzert über der Spree" });
    expect(duplicate.ticket_types).toHaveLength(1);
    expect(duplicate.ticket_types[0]!.sold).toBe(0);

    const hidden = await call(t.app, {
      method: "POST",
      url: path(panelPaths.unpublishEvent, event.id),
      token: owner.token,
    });
    expect(hidden.json<{ data: PanelEvent }>().data.status).toBe("draft");
    expect(
      (await call(t.app, { method: "GET", url: `/api/v1/events/${event.id}` })).statusCode,
    ).toBe(404);

    const audit = await call(t.app, {
      method: "GET",
      url: path(panelPaths.eventAudit, event.id),
      token: owner.token,
    });
    const actions = audit.json<{ data: AuditEntry[] }>().data.map((entry) => entry.action);
    expect(actions).toEqual([
      "event_unpublished",
      "event_updated",
      "event_published",
      "ticket_type_created",
      "event_created",
    ]);
    expect(audit.json<{ data: AuditEntry[] }>().data[0]!.actor_name).toBe("Tom Weber");
  });

  it("cancelling an event with sales asks for confirmation, then refunds every paid order and emails its buyer", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    const first = await buy(event.id, type.id, 2);
    const second = await buy(event.id, type.id, 1);
    const voucher = await call(t.app, {
      method: "POST",
      url: path(panelPaths.vouchers, event.id),
      token: owner.token,
      payload: { code: "ABGESAGT", kind: "percent", value: 10 },
    });
    expect(voucher.statusCode, voucher.body).toBe(201);
    const unsold = await call(t.app, {
      method: "POST",
      url: path(panelPaths.ticketTypes, event.id),
      token: owner.token,
      payload: { name_de: "Loge", name_en: "Box", price_cents: 9000, capacity: 4 },
    });
    expect(unsold.statusCode, unsold.body).toBe(201);
    const unconfirmed = await cancel(event.id, owner.token, {});
    expect(unconfirmed.statusCode).toBe(409);
    expect(errorOf(unconfirmed).fields).toHaveProperty("confirm");
    const cancelled = await cancel(event.id, owner.token, { confirm: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const data = cancelled.json<{ data: PanelEvent }>().data;
    expect(data.status).toBe("cancelled");
    expect(data.figures.sold).toBe(0);
    for (const id of [first, second]) {
      const [order] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, id));
      expect(order).toMatchObject({ status: "refunded", refundReason: "event_cancelled" });
      expect((await paymentOf(id)).status).toBe("refunded");
    }
    await runOutbox();
    const mails = (await t.outbox()).filter((m) => m.includes("wurde die Veranstaltung"));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const edit = await call(t.app, {
      method: "PATCH",
      url: path(panelPaths.event, event.id),
      token: owner.token,
      payload: { title_de: "Doch nicht" },
    });
    expect(edit.statusCode).toBe(409);
    // Nor its ticket types and vouchers: a cancelled event is as it was, in both languages.
    const voucherId = voucher.json<{ data: { id: number } }>().data.id;
    const unsoldId = unsold.json<{ data: { id: number } }>().data.id;
    for (const [method, url, payload] of [
      [
        "POST",
        path(panelPaths.vouchers, event.id),
        { code: "NOCHEINER", kind: "percent", value: 5 },
      ],
      ["POST", path(panelPaths.deactivateVoucher, voucherId)],
      ["POST", path(panelPaths.closeTicketType, unsoldId)],
      ["DELETE", path(panelPaths.ticketType, unsoldId)],
    ] as const) {
      for (const locale of ["de", "en"] as const) {
        const answer = await call(t.app, {
          method,
          url,
          token: owner.token,
          locale,
          ...(payload ? { payload } : {}),
        });
        expect(answer.statusCode, `${method} ${url}`).toBe(409);
        expect(errorOf(answer).code).toBe("conflict");
        expect(errorOf(answer).message).toMatch(locale === "de" ? /abgesagt/ : /cancelled/);
      }
    }
  });

  describe("a new start or venue", () => {
    const edit = (eventId: number, token: string, payload: Record<string, unknown>) =>
      call(t.app, { method: "PATCH", url: path(panelPaths.event, eventId), token, payload });
    /** The organiser's last save was CHANGE_NOTICE_DELAY_MINUTES ago: the notices are due. */
    const noticesDue = async () => {
      await t.ctx.db
        .update(s.outboxJobs)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(s.outboxJobs.kind, eventChangeNoticeJob));
      await runOutbox();
    };
    const changeMails = async () =>
      (await t.outbox()).filter((m) => /Neuer (Termin|Ort)|New (date|venue)/.test(m));
    const moved = (start: Date, days: number) => {
      const startsAt = new Date(start.getTime() + days * 86_400_000);
      return {
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 3 * 3_600_000).toISOString(),
      };
    };

    /**
     * The calendar file of the order's one mail that `kind` matches, taken from the mail as
     * written: decoded whole, a base64 part's closing "=" would join the next part's boundary.
     */
    const calendarOf = async (orderId: number, kind: RegExp) => {
      const mails = (await t.rawOutbox()).filter((raw) => {
        const text = readMail(raw);
        return kind.test(text) && new RegExp(`(Bestellung|order) ${orderId} `).test(text);
      });
      expect(mails, `mails of order ${orderId}`).toHaveLength(1);
      const files = [...mailAttachments(mails[0]!).entries()].filter(([name]) =>
        name.endsWith(".ics"),
      );
      expect(files.map(([, file]) => file.type)).toEqual(["text/calendar"]);
      return files[0]![1].body.toString("utf8");
    };
    const sequenceOf = (calendar: string) => Number(/^SEQUENCE:(\d+)\r?$/m.exec(calendar)?.[1]);

    /** The mail of one order: its number stands in the text ("Bestellung 12 …", "order 12 …"). */
    const mailOf = (mails: string[], orderId: number) => {
      const found = mails.filter((m) => new RegExp(`(Bestellung|order) ${orderId} `).test(m));
      expect(found, `mails of order ${orderId}`).toHaveLength(1);
      return found[0]!;
    };

    it("reaches each paid order's buyer once, in the order's language, with what they were told, after the organiser's last save", async () => {
      const owner = await approvedOrganiser(t.app, t.ctx.db);
      const { event, type } = await saleEvent(owner.token);
      // Last edited an hour before the sale: the confirmations' calendar files are that version.
      await t.ctx.db
        .update(s.events)
        .set({ updatedAt: new Date(Date.now() - 3_600_000) })
        .where(eq(s.events.id, event.id));
      const german = await buy(event.id, type.id, 2);
      const english = await buy(event.id, type.id, 1, undefined, "en");
      const confirmationCalendar = await calendarOf(german, /Ihre Tickets:/);
      // Neither an unpaid order nor a refunded one holds a ticket.
      await placeOrder(event.id, type.id);
      const refunded = await buy(event.id, type.id);
      expect(
        (
          await call(t.app, {
            method: "POST",
            url: path(panelPaths.refundOrder, refunded),
            token: owner.token,
          })
        ).statusCode,
      ).toBe(200);
      const before = (await changeMails()).length;
      const told = new Date(event.starts_at);

      // Two saves in a row, the second correcting the first: one notice, of the last.
      expect((await edit(event.id, owner.token, moved(told, 1))).statusCode).toBe(200);
      expect((await edit(event.id, owner.token, moved(told, 2))).statusCode).toBe(200);
      await runOutbox();
      expect(await changeMails()).toHaveLength(before);
      // The first save's notice, due while the organiser saved again since: it tells nothing.
      const [first] = await t.ctx.db
        .select({ id: s.outboxJobs.id })
        .from(s.outboxJobs)
        .where(and(eq(s.outboxJobs.kind, eventChangeNoticeJob), isNull(s.outboxJobs.sentAt)))
        .orderBy(asc(s.outboxJobs.id))
        .limit(1);
      await t.ctx.db
        .update(s.outboxJobs)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(s.outboxJobs.id, first!.id));
      await runOutbox();
      expect(await changeMails()).toHaveLength(before);
      await noticesDue();
      const mails = (await changeMails()).slice(before);
      expect(mails).toHaveLength(2);
      const newStart = moved(told, 2).starts_at;
      const [de, en] = [mailOf(mails, german), mailOf(mails, english)];
      expect(de).toContain(
        `Neuer Termin: ${eventDate(newStart, "de")} (bisher ${eventDate(event.starts_at, "de")})`,
      );
      expect(de).toContain("Termin oder Ort der Veranstaltung „Sommerkonzert am Kanal“");
      expect(de).not.toContain("Neuer Ort");
      expect(en).toContain(
        `New date: ${eventDate(newStart, "en")} (was ${eventDate(event.starts_at, "en")})`,
      );
      expect(en).toContain("the date or venue of “Summer concert by the canal”");
      for (const mail of [de, en]) {
        // A reply reaches the organiser; the link opens the order's tickets, a guest's too.
        expect(mail).toMatch(new RegExp(`^Reply-To: ${owner.email}`, "im"));
        expect(mail).toMatch(/order=\d+&token=/);
        expect(mail).toMatch(/Im Anhang: der Termin|Attached: the event/);
      }
      // Each carries the event's calendar file with the confirmation's UID and a higher
      // sequence: a calendar that imports it moves the entry.
      for (const order of [german, english]) {
        const calendar = await calendarOf(order, /Neuer Termin|New date/);
        expect(calendar).toContain(`UID:event-${event.id}@`);
        expect(calendar).toContain(`DTSTART:${icsDate(new Date(newStart))}`);
        expect(sequenceOf(calendar)).toBeGreaterThan(sequenceOf(confirmationCalendar));
      }
      const audit = await call(t.app, {
        method: "GET",
        url: path(panelPaths.eventAudit, event.id),
        token: owner.token,
      });
      expect(audit.json<{ data: AuditEntry[] }>().data[0]).toMatchObject({
        action: "event_change_announced",
        details: { orders: 2 },
      });

      // Moved again. One buyer places the order after the change: they bought it as it is now.
      // Another placed before it, and their payment arrives after its notice: they are told then.
      const late = await placeOrder(event.id, type.id);
      expect((await edit(event.id, owner.token, moved(told, 3))).statusCode).toBe(200);
      const knowing = await buy(event.id, type.id);
      await noticesDue();
      expect((await pay(late.paymentId)).statusCode).toBe(200);
      // Its notice is not due before the change's would be: a correction may still come.
      await runOutbox();
      expect(await changeMails()).toHaveLength(before + 4);
      await noticesDue();
      const third = (await changeMails()).slice(before + 2);
      expect(third).toHaveLength(3);
      expect(mailOf(third, late.order.data.id)).toContain(
        `Neuer Termin: ${eventDate(moved(told, 3).starts_at, "de")} (bisher ${eventDate(newStart, "de")})`,
      );
      expect(mailOf(third, german)).toContain(
        `Neuer Termin: ${eventDate(moved(told, 3).starts_at, "de")} (bisher ${eventDate(newStart, "de")})`,
      );
      mailOf(third, english);

      // A new venue: told with its address, against the one each knew, the late buyer too.
      const [venue] = await t.ctx.db.select().from(s.venues).where(eq(s.venues.id, event.venue_id));
      const [other] = await t.ctx.db
        .select()
        .from(s.venues)
        .where(ne(s.venues.id, event.venue_id))
        .limit(1);
      expect((await edit(event.id, owner.token, { venue_id: other!.id })).statusCode).toBe(200);
      await noticesDue();
      const venueMails = (await changeMails()).slice(before + 5);
      expect(venueMails).toHaveLength(4);
      for (const id of [german, knowing]) {
        const mail = mailOf(venueMails, id);
        expect(mail).toContain(`Neuer Ort: ${other!.name}, ${other!.addressLine}`);
        expect(mail).toContain(`(bisher ${venue!.name}, ${venue!.addressLine}`);
        expect(mail).not.toContain("Neuer Termin");
      }
      mailOf(venueMails, english);

      // The notice's job again (its completion lost): nobody is told twice.
      await t.ctx.db
        .update(s.outboxJobs)
        .set({ sentAt: null })
        .where(eq(s.outboxJobs.kind, eventChangeNoticeJob));
      await noticesDue();
      expect(await changeMails()).toHaveLength(before + 9);

      // Two notices at once (two processes): each buyer is claimed by one of them.
      expect((await edit(event.id, owner.token, moved(told, 4))).statusCode).toBe(200);
      const [{ changedAt }] = (await t.ctx.db
        .select({ changedAt: s.events.scheduleChangedAt })
        .from(s.events)
        .where(eq(s.events.id, event.id))) as [{ changedAt: Date }];
      const site = {
        site: "Eventwerk",
        statusUrl: checkoutServices.get(t.ctx)!.checkout.statusUrl,
      };
      // Jobs of their own: a mail's dedup key would hide a second one of the same job.
      const told2 = await Promise.all(
        [1_000_000_001, 1_000_000_002].map((id) =>
          sendChangeNotices(t.ctx.db, { id, eventId: event.id, changedAt }, site),
        ),
      );
      expect(told2[0]! + told2[1]!).toBe(4);
      expect(await changeMails()).toHaveLength(before + 13);
      // Once told, a notice finds nobody left.
      expect(
        await sendChangeNotices(
          t.ctx.db,
          { id: 1_000_000_003, eventId: event.id, changedAt },
          site,
        ),
      ).toBe(0);
    });

    it("tells nobody when the start is back as the buyers know it, for a title, or once cancelled", async () => {
      const owner = await approvedOrganiser(t.app, t.ctx.db);
      const { event, type } = await saleEvent(owner.token);
      const orderId = await buy(event.id, type.id);
      const count = async () => (await changeMails()).length;
      const start = await count();
      const told = new Date(event.starts_at);
      // The panel's form sends the start to the minute: the same minute is no new start.
      const sameMinute = new Date(Math.floor(told.getTime() / 60_000) * 60_000);
      expect(
        (await edit(event.id, owner.token, { starts_at: sameMinute.toISOString() })).statusCode,
      ).toBe(200);
      const noticeJobs = () =>
        t.ctx.db
          .select()
          .from(s.outboxJobs)
          .where(
            and(
              eq(s.outboxJobs.kind, eventChangeNoticeJob),
              like(sql`${s.outboxJobs.payload}::text`, `%"event_id": ${event.id},%`),
            ),
          );
      expect(await noticeJobs()).toHaveLength(0);
      expect((await edit(event.id, owner.token, moved(told, 1))).statusCode).toBe(200);
      expect(await noticeJobs()).toHaveLength(1);
      expect((await edit(event.id, owner.token, moved(told, 0))).statusCode).toBe(200);
      expect((await edit(event.id, owner.token, { title_de: "Herbstkonzert" })).statusCode).toBe(
        200,
      );
      await noticesDue();
      expect(await count()).toBe(start);

      // Moved, then cancelled before the notice: the cancellation's mail says it all. Its refund
      // is refused here, so the order is still paid when the notice comes.
      expect((await edit(event.id, owner.token, moved(told, 3))).statusCode).toBe(200);
      const { provider } = checkoutServices.get(t.ctx)!;
      const refund = provider.refund;
      provider.refund = async () => {
        throw new Error("the bank does not answer");
      };
      try {
        expect((await cancel(event.id, owner.token, { confirm: true })).statusCode).toBe(200);
      } finally {
        provider.refund = refund;
      }
      const [order] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, orderId));
      expect(order!.status).toBe("paid");
      await noticesDue();
      expect(await count()).toBe(start);
    });
  });

  it("an organiser's refund the provider does not confirm answers 503, voids the tickets at once and is completed by the reconciliation", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    const bought = await placeOrder(event.id, type.id);
    expect((await pay(bought.paymentId)).statusCode).toBe(200);
    await runOutbox();
    const orderId = bought.order.data.id;
    const { provider } = checkoutServices.get(t.ctx)!;
    const refund = provider.refund;
    provider.refund = async () => {
      throw new Error("the bank does not answer");
    };
    const refundIt = (locale: "de" | "en") =>
      call(t.app, {
        method: "POST",
        url: path(panelPaths.refundOrder, orderId),
        token: owner.token,
        locale,
      });
    try {
      for (const [locale, text] of [
        ["de", "Sie ist beauftragt"],
        ["en", "It is ordered"],
      ] as const) {
        const answer = await refundIt(locale);
        expect(answer.statusCode).toBe(503);
        expect(errorOf(answer).code).toBe("service_unavailable");
        expect(errorOf(answer).message).toContain(text);
      }
    } finally {
      provider.refund = refund;
    }
    const [owed] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(owed).toMatchObject({ status: "paid", refundReason: "organiser" });
    expect(owed!.refundRequestedAt).not.toBeNull();
    expect((await paymentOf(orderId)).status).toBe("succeeded");
    // The organiser's page says the refund is under way.
    const panelOrder = async () =>
      (
        await call(t.app, {
          method: "GET",
          url: path(panelPaths.order, orderId),
          token: owner.token,
        })
      ).json<{ data: PanelOrder }>().data;
    expect(await panelOrder()).toMatchObject({ status: "paid" });
    expect((await panelOrder()).refund_requested_at).toBe(owed!.refundRequestedAt!.toISOString());
    // Its figures count it as refunded, as the buyer and the door do.
    const figures = (
      await call(t.app, {
        method: "GET",
        url: path(panelPaths.event, event.id),
        token: owner.token,
      })
    ).json<{ data: PanelEvent }>().data;
    expect(figures.figures).toMatchObject({ sold: 0, net_cents: 0, gross_cents: 0 });
    expect(figures.sales).toEqual([]);
    // So do the orders list, its filters and the CSV export.
    const listed = async (status: string) =>
      (
        await call(t.app, {
          method: "GET",
          url: `${path(panelPaths.orders, event.id)}?status=${status}`,
          token: owner.token,
        })
      )
        .json<{ data: { id: number; status: string }[] }>()
        .data.filter((row) => row.id === orderId);
    expect(await listed("refunded")).toEqual([expect.objectContaining({ status: "refunded" })]);
    expect(await listed("paid")).toEqual([]);
    const csv = await call(t.app, {
      method: "GET",
      url: path(panelPaths.ordersCsv, event.id),
      token: owner.token,
      locale: "de",
    });
    const row = csv.body.split("\r\n").find((line) => line.startsWith(`${orderId};`));
    expect(row?.split(";")[1]).toBe("erstattet");
    // Void already: the buyer reads it refunded, gets no files, and no confirmation goes out.
    const read = (await onOrder(t.app, bought.order, "GET")).json<{ data: CheckoutOrder }>().data;
    expect(read).toMatchObject({ status: "refunded", refund_reason: "organiser" });
    const pdf = await onOrder(t.app, bought.order, "GET", checkoutPaths.orderTicketsPdf);
    expect(pdf.statusCode).toBe(409);
    const resent = await call(t.app, {
      method: "POST",
      url: path(panelPaths.resendOrder, orderId),
      token: owner.token,
    });
    expect(resent.statusCode).toBe(409);
    const confirmations = async () =>
      (await t.outbox()).filter((mail) => mail.includes(`Bestellung ${orderId}`)).length;
    const before = await confirmations();
    await t.ctx.db.insert(s.outboxJobs).values({
      kind: orderConfirmationJob,
      payload: { order_id: orderId },
      dedupKey: `order-confirmation:${orderId}:queued-before`,
    });
    await runOutbox();
    expect(await confirmations()).toBe(before);
    const [job] = await t.ctx.db
      .select()
      .from(s.outboxJobs)
      .where(eq(s.outboxJobs.dedupKey, `order-confirmation:${orderId}:queued-before`));
    expect(job!.sentAt).not.toBeNull();

    await t.ctx.db
      .update(s.orders)
      .set({ refundRequestedAt: new Date(Date.now() - 120_000) })
      .where(eq(s.orders.id, orderId));
    await checkoutServices.get(t.ctx)!.reconcile(0);
    const [done] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(done).toMatchObject({ status: "refunded", refundReason: "organiser" });
    expect(await panelOrder()).toMatchObject({ status: "refunded", refund_requested_at: null });
    expect((await paymentOf(orderId)).status).toBe("refunded");
    const [sold] = await t.ctx.db
      .select({ sold: s.eventTicketTypes.soldCount })
      .from(s.eventTicketTypes)
      .where(eq(s.eventTicketTypes.id, type.id));
    expect(sold!.sold).toBe(0);
    // Done: refunding again is refused, as for any order no longer paid.
    expect((await refundIt("en")).statusCode).toBe(409);
  });

  it("a refund the provider refuses during the cancellation is made by the next reconciliation", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    const refused = await buy(event.id, type.id);
    const refunded = await buy(event.id, type.id);
    const statusOf = async (id: number) => (await orderRow(id)).status;
    const { provider } = checkoutServices.get(t.ctx)!;
    const refund = provider.refund;
    const payment = await paymentOf(refused);
    provider.refund = async (db, reference) => {
      if (reference === payment.id) throw new Error("the bank does not answer");
      await refund(db, reference);
    };
    try {
      const cancelled = await cancel(event.id, owner.token, { confirm: true });
      // The event is cancelled, and the other order refunded, whatever the bank says.
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json<{ data: PanelEvent }>().data.status).toBe("cancelled");
      expect(await statusOf(refused)).toBe("paid");
      expect(await statusOf(refunded)).toBe("refunded");
      // Owed now: the owed refunds' job asks again, once a run; the cancellations' job leaves it.
      await refundCancelledEvents(t.ctx.db, provider, t.ctx.config.SITE_NAME);
      await owedForMinutes(refused, 2);
      await expect(completeOwedRefunds(t.ctx.db, provider, t.ctx.config.SITE_NAME)).rejects.toThrow(
        /1 owed refunds were not completed/,
      );
      expect(await statusOf(refused)).toBe("paid");
    } finally {
      provider.refund = refund;
    }
    await completeOwedRefunds(t.ctx.db, provider, t.ctx.config.SITE_NAME);
    expect(await statusOf(refused)).toBe("refunded");
    expect((await paymentOf(refused)).status).toBe("refunded");
    await runOutbox();
    const mails = (await t.outbox()).filter(
      (mail) => mail.includes("wurde die Veranstaltung") && mail.includes(`Bestellung ${refused}`),
    );
    expect(mails).toHaveLength(1);
    // Nothing is left to do: further runs refund nothing twice.
    await completeOwedRefunds(t.ctx.db, provider, t.ctx.config.SITE_NAME);
    await refundCancelledEvents(t.ctx.db, provider, t.ctx.config.SITE_NAME);
    expect(await statusOf(refused)).toBe("refunded");
  });

  it("a cancellation whose process ended before its refunds were decided: the reconciliation refunds the paid orders", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    const orderId = await buy(event.id, type.id);
    // What the cancellation's transaction left when the process ended after its commit.
    await t.ctx.db.update(s.events).set({ status: "cancelled" }).where(eq(s.events.id, event.id));
    const { provider } = checkoutServices.get(t.ctx)!;
    await refundCancelledEvents(t.ctx.db, provider, t.ctx.config.SITE_NAME);
    expect(await orderRow(orderId)).toMatchObject({
      status: "refunded",
      refundReason: "event_cancelled",
    });
    expect((await paymentOf(orderId)).status).toBe("refunded");
  });

  it("an order another provider took (the deployment changed providers) is never recorded as refunded with the money kept", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    const elsewhere = await buy(event.id, type.id);
    const here = await buy(event.id, type.id);
    const late = (await placeOrder(event.id, type.id)).order.data.id;
    await t.ctx.db
      .update(s.orders)
      .set({ paymentProvider: "stripe" })
      .where(eq(s.orders.id, elsewhere));
    const { provider } = checkoutServices.get(t.ctx)!;
    expect(provider.name).not.toBe("stripe");

    // The organiser's own refund is refused before anything is decided: the tickets stay valid.
    for (const [locale, text] of [
      ["de", "Bitte wenden Sie sich an ihn."],
      ["en", "please contact them."],
    ] as const) {
      const answer = await call(t.app, {
        method: "POST",
        url: path(panelPaths.refundOrder, elsewhere),
        token: owner.token,
        locale,
      });
      expect(answer.statusCode).toBe(409);
      expect(errorOf(answer).code).toBe("conflict");
      expect(errorOf(answer).message).toContain(text);
    }
    expect(await orderRow(elsewhere)).toMatchObject({ status: "paid", refundRequestedAt: null });

    // A cancellation owes its money back: the order is void and stays owed, not refunded.
    const cancelled = await cancel(event.id, owner.token, { confirm: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await orderRow(here)).toMatchObject({ status: "refunded" });
    const owed = await orderRow(elsewhere);
    expect(owed).toMatchObject({ status: "paid", refundReason: "event_cancelled" });
    expect(owed.refundRequestedAt).not.toBeNull();
    // Reported once a run, by the owed refunds' job only.
    await refundCancelledEvents(t.ctx.db, provider, t.ctx.config.SITE_NAME);
    await owedForMinutes(elsewhere, 2);
    await expect(completeOwedRefunds(t.ctx.db, provider, t.ctx.config.SITE_NAME)).rejects.toThrow(
      /1 owed refunds/,
    );
    expect(await orderRow(elsewhere)).toMatchObject({ status: "paid" });
    // The organiser reads that the operator completes it, not the reconciliation.
    const read = await call(t.app, {
      method: "GET",
      url: path(panelPaths.order, elsewhere),
      token: owner.token,
    });
    expect(read.json<{ data: PanelOrder }>().data).toMatchObject({
      status: "paid",
      refund_by_operator: true,
    });

    // The operator finds it, refunds it at the provider that took it, and records it here.
    const admin = await loginAdmin(t.app);
    const listed = await call(t.app, {
      method: "GET",
      url: panelPaths.refundsElsewhere,
      token: admin,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json<{ data: RefundElsewhere[] }>().data;
    expect(rows.map((row) => row.order_id)).toContain(elsewhere);
    expect(rows.map((row) => row.order_id)).not.toContain(here);
    const row = rows.find((entry) => entry.order_id === elsewhere)!;
    const paid = await orderRow(elsewhere);
    expect(row).toMatchObject({
      event_title: event.title_de,
      organiser_name: "Kiezbühne UG",
      buyer_email: paid.buyerEmail,
      total_cents: paid.totalCents,
      payment_provider: "stripe",
      payment_reference: paid.paymentReference,
      refund_reason: "event_cancelled",
    });
    const record = (id: number | string, token?: string, locale?: "de" | "en") =>
      call(t.app, {
        method: "POST",
        url: path(panelPaths.recordRefundElsewhere, id),
        token,
        locale,
      });
    // Only the operator (not a guest, a visitor or the order's own organiser); not another method;
    // bad and unknown ids; refunds this deployment completes by itself.
    const visitor = (await registerVisitor(t.app)).tokens.access_token;
    for (const [token, status] of [
      [undefined, 401],
      [visitor, 403],
      [owner.token, 403],
    ] as const) {
      expect((await record(elsewhere, token)).statusCode).toBe(status);
      const list = await call(t.app, { method: "GET", url: panelPaths.refundsElsewhere, token });
      expect(list.statusCode).toBe(status);
    }
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const wrong = await call(t.app, {
        method,
        url: path(panelPaths.recordRefundElsewhere, elsewhere),
        token: admin,
      });
      expect(wrong.statusCode, method).toBe(405);
    }
    for (const id of ["abc", "0", "-1", "1.5"]) {
      const answer = await record(id, admin);
      expect(answer.statusCode, id).toBe(400);
      expect(errorOf(answer).code).toBe("validation_failed");
    }
    expect((await record(2_000_000_000, admin)).statusCode).toBe(404);
    for (const [locale, text] of [
      ["de", "nichts zu erfassen"],
      ["en", "nothing to record"],
    ] as const) {
      const answer = await record(here, admin, locale);
      expect(answer.statusCode).toBe(409);
      expect(errorOf(answer)).toMatchObject({ code: "conflict" });
      expect(errorOf(answer).message).toContain(text);
    }
    expect(await orderRow(elsewhere)).toMatchObject({ status: "paid" });

    const recorded = await record(elsewhere, admin);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await orderRow(elsewhere)).toMatchObject({ status: "refunded" });
    expect((await record(elsewhere, admin)).statusCode).toBe(409);
    const [sold] = await t.ctx.db
      .select({ sold: s.eventTicketTypes.soldCount })
      .from(s.eventTicketTypes)
      .where(eq(s.eventTicketTypes.id, type.id));
    expect(sold!.sold).toBe(0);
    await runOutbox();
    const mails = (await t.outbox()).filter(
      (mail) =>
        mail.includes("wurde die Veranstaltung") && mail.includes(`Bestellung ${elsewhere}`),
    );
    expect(mails).toHaveLength(1);
    const [entry] = await refundAudit(elsewhere);
    expect(entry).toMatchObject({ details: { refunded_at: "stripe" } });
    const [operator] = await t.ctx.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(s.users.email, demoUsers.admin.email));
    expect(entry!.actorId).toBe(operator!.id);
    // A late payment's owed refund (it never had tickets) of a payment no provider is named for
    // (a row written by hand): the operator's too, and audited as well.
    await t.ctx.db
      .update(s.orders)
      .set({ paymentProvider: null, refundReason: "sold_out" })
      .where(eq(s.orders.id, late));
    await owedForMinutes(late, 2);
    const listedLate = await call(t.app, {
      method: "GET",
      url: `${panelPaths.refundsElsewhere}?per_page=1`,
      token: admin,
    });
    const page = listedLate.json<{ data: RefundElsewhere[]; meta: PageMeta }>();
    expect(page.meta).toMatchObject({ per_page: 1 });
    for (const query of ["page=0", "per_page=101", "page=x"]) {
      const refused = await call(t.app, {
        method: "GET",
        url: `${panelPaths.refundsElsewhere}?${query}`,
        token: admin,
      });
      expect(refused.statusCode, query).toBe(400);
    }
    expect(page.meta.total).toBeGreaterThanOrEqual(1);
    await expect(completeOwedRefunds(t.ctx.db, provider, t.ctx.config.SITE_NAME)).rejects.toThrow(
      /1 owed refunds/,
    );
    expect((await record(late, admin)).statusCode).toBe(200);
    expect(await orderRow(late)).toMatchObject({ status: "refunded" });
    const [lateEntry] = await refundAudit(late);
    expect(lateEntry).toMatchObject({ eventId: event.id, details: { refunded_at: "—" } });
    // Nothing left for the reconciliation, nor for the operator's list.
    await completeOwedRefunds(t.ctx.db, provider, t.ctx.config.SITE_NAME);
    const after = await call(t.app, {
      method: "GET",
      url: panelPaths.refundsElsewhere,
      token: admin,
    });
    expect(after.json<{ data: RefundElsewhere[] }>().data.map((r) => r.order_id)).not.toContain(
      elsewhere,
    );
    // This deployment's provider was never asked to refund a payment it did not take.
    expect((await paymentOf(elsewhere)).status).toBe("succeeded");
  });

  it("cancelling an event closes its placed orders' open payments: nobody is charged only to be refunded", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    const waiting = await placeOrder(event.id, type.id);
    const paying = await placeOrder(event.id, type.id);
    await call(t.app, {
      method: "POST",
      url: path(checkoutPaths.testPayment, paying.paymentId),
      payload: { action: "pending" },
    });
    const cancelled = await cancel(event.id, owner.token, { confirm: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The page takes no payment any more; the one the bank is confirming goes its way.
    expect((await paymentOf(waiting.order.data.id)).status).toBe("cancelled");
    expect((await pay(waiting.paymentId)).statusCode).toBe(409);
    expect((await paymentOf(paying.order.data.id)).status).toBe("pending");
    await runOutbox();
    const [closed] = await t.ctx.db
      .select()
      .from(s.orders)
      .where(eq(s.orders.id, waiting.order.data.id));
    expect(closed!.status).toBe("cancelled");
    expect(closed!.paymentClosedAt).not.toBeNull();
  });

  it(`cancelling while payments arrive: every order ends refunded, none paid, none sold (${testDatabase})`, async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    const before = await buy(event.id, type.id);
    const placed = [];
    for (let i = 0; i < 6; i++) placed.push(await placeOrder(event.id, type.id));
    const [cancelled, ...payments] = await Promise.all([
      cancel(event.id, owner.token, { confirm: true }),
      ...placed.map(({ paymentId }) => pay(paymentId)),
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(payments.map((payment) => payment.statusCode)).toEqual(Array(6).fill(200));
    expect(cancelled.json<{ data: PanelEvent }>().data.figures.sold).toBe(0);
    await runOutbox();
    const ids = [before, ...placed.map(({ order }) => order.data.id)];
    const ended = await t.ctx.db
      .select({ status: s.orders.status })
      .from(s.orders)
      .where(inArray(s.orders.id, ids));
    expect(ended.map((order) => order.status)).toEqual(Array(7).fill("refunded"));
    const refunds = await t.ctx.db
      .select({ status: s.testPayments.status })
      .from(s.testPayments)
      .where(inArray(s.testPayments.orderId, ids));
    expect(refunds.map((payment) => payment.status)).toEqual(Array(7).fill("refunded"));
  });
});

describe("ticket types and vouchers", () => {
  it("validates ticket type fields", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ name_de: "" }, "name_de"],
      [{ name_en: "x".repeat(81) }, "name_en"],
      [{ price_cents: -1 }, "price_cents"],
      [{ price_cents: 12.5 }, "price_cents"],
      [{ capacity: 0 }, "capacity"],
      [{ max_per_order: 0 }, "max_per_order"],
      [{ max_per_order: 101 }, "max_per_order"],
      [{ sort_order: -1 }, "sort_order"],
      [{ sales_start: "bald" }, "sales_start"],
      [{ sales_start: "0000-01-01T00:00:00Z" }, "sales_start"],
      [{ sales_end: "9999-12-31T23:00:00-14:00" }, "sales_end"],
      [
        {
          sales_start: "2030-01-02T10:00:00+01:00",
          sales_end: "2030-01-01T10:00:00+01:00",
        },
        "sales_end",
      ],
      [{ sold: 5 }, ""],
    ];
    for (const [change, field] of cases) {
      const response = await call(t.app, {
        method: "POST",
        url: path(panelPaths.ticketTypes, event.id),
        token: owner.token,
        payload: { ...ticketTypeFields, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      if (field) expect(errorOf(response).fields, JSON.stringify(change)).toHaveProperty(field);
    }
  });

  it("refuses sale windows the event cannot hold, vouchers made expired, and a start moved into the past", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    const ends = Date.parse(event.ends_at);
    const at = (ms: number) => new Date(ms).toISOString();
    const refusedField = async (
      method: "POST" | "PATCH",
      url: string,
      payload: object,
      field: string,
      text: string,
    ) => {
      const response = await call(t.app, { method, url, token: owner.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).fields?.[field], JSON.stringify(payload)).toContain(text);
    };
    const types = path(panelPaths.ticketTypes, event.id);
    await refusedField(
      "POST",
      types,
      { ...ticketTypeFields, sales_start: at(ends + 3_600_000) },
      "sales_start",
      "vor dem Ende der Veranstaltung",
    );
    await refusedField(
      "POST",
      types,
      { ...ticketTypeFields, sales_end: at(ends + 86_400_000) },
      "sales_end",
      "spätestens mit dem Ende",
    );
    // Up to the event's end is a window it holds.
    const type = await addType(owner.token, event.id, { sales_end: at(ends) });
    await refusedField(
      "PATCH",
      path(panelPaths.ticketType, type.id),
      { sales_end: at(ends + 60_000) },
      "sales_end",
      "spätestens mit dem Ende",
    );
    await refusedField(
      "POST",
      path(panelPaths.vouchers, event.id),
      { code: "VORBEI", kind: "percent", value: 10, valid_until: at(Date.now() - 86_400_000) },
      "valid_until",
      "in der Zukunft",
    );
    const eventPath = path(panelPaths.event, event.id);
    await refusedField(
      "PATCH",
      eventPath,
      { starts_at: at(Date.now() - 3_600_000) },
      "starts_at",
      "in der Zukunft",
    );
    // An event that has taken place keeps its start through an edit of its text, as the form
    // sends every field, in whole minutes (this start has seconds, as one made through the API).
    const past = {
      startsAt: new Date(Math.floor((Date.now() - 2 * 86_400_000) / 60_000) * 60_000 + 12_345),
      endsAt: new Date(Date.now() - 86_400_000),
    };
    await t.ctx.db.update(s.events).set(past).where(eq(s.events.id, event.id));
    const edited = await call(t.app, {
      method: "PATCH",
      url: eventPath,
      token: owner.token,
      payload: {
        title_de: "Rückblick",
        starts_at: new Date(Math.floor(past.startsAt.getTime() / 60_000) * 60_000).toISOString(),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it("keeps an event to ticketTypesPerEventMax ticket types, with the number in the message", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    for (let n = 0; n < ticketTypesPerEventMax; n++) {
      await addType(owner.token, event.id, { name_de: `Block ${n}`, name_en: `Block ${n}` });
    }
    for (const [locale, text] of [
      ["de", `höchstens ${ticketTypesPerEventMax} Ticketarten`],
      ["en", `at most ${ticketTypesPerEventMax} ticket types`],
    ] as const) {
      const refused = await call(t.app, {
        method: "POST",
        url: path(panelPaths.ticketTypes, event.id),
        token: owner.token,
        locale,
        payload: ticketTypeFields,
      });
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toContain(text);
    }
    const [stored] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.eventTicketTypes)
      .where(eq(s.eventTicketTypes.eventId, event.id));
    expect(stored?.n).toBe(ticketTypesPerEventMax);
  });

  it("keeps an event to vouchersPerEventMax voucher codes, with the number in the message", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    await t.ctx.db.insert(s.vouchers).values(
      Array.from({ length: vouchersPerEventMax - 1 }, (_, n) => ({
        eventId: event.id,
        code: `CODE${n}`,
        kind: "fixed" as const,
        value: 100,
      })),
    );
    const create = (code: string, locale: "de" | "en" = "de") =>
      call(t.app, {
        method: "POST",
        url: path(panelPaths.vouchers, event.id),
        token: owner.token,
        locale,
        payload: { code, kind: "fixed", value: 100 },
      });
    // Two at once for the last place: one is made.
    const statuses = (await Promise.all([create("LETZTER1"), create("LETZTER2")])).map(
      (r) => r.statusCode,
    );
    expect(statuses.sort()).toEqual([201, 409]);
    for (const [locale, text] of [
      ["de", `höchstens ${vouchersPerEventMax} Gutscheincodes`],
      ["en", `at most ${vouchersPerEventMax} voucher codes`],
    ] as const) {
      const refused = await create("NOCHEINER", locale);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toContain(text);
    }
    const [stored] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.vouchers)
      .where(eq(s.vouchers.eventId, event.id));
    expect(stored?.n).toBe(vouchersPerEventMax);
  });

  it("says what is wrong with a number: amounts in euros, a whole number, the field's own range", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    const post = async (url: string, payload: object, locale: "de" | "en") =>
      errorOf(await call(t.app, { method: "POST", url, token: owner.token, locale, payload }))
        .fields ?? {};
    const types = path(panelPaths.ticketTypes, event.id);
    const vouchers = path(panelPaths.vouchers, event.id);
    const voucher = { code: "BETRAG", kind: "fixed" };
    const cases: [string, object, string, string, string][] = [
      // Cents in the API, euros in the form: the range is named in euros.
      [
        types,
        { ...ticketTypeFields, price_cents: 10_000_001 },
        "price_cents",
        "100.000 €",
        "€100,000",
      ],
      [
        types,
        { ...ticketTypeFields, price_cents: -500 },
        "price_cents",
        "0 bis 100.000 €",
        "€0 to",
      ],
      [vouchers, { ...voucher, value: 10_000_001 }, "value", "0,01 € und 100.000 €", "€100,000"],
      [vouchers, { ...voucher, value: 0 }, "value", "0,01 €", "€0.01"],
      [vouchers, { ...voucher, kind: "percent", value: 0 }, "value", "1 und 100", "1 and 100"],
      [types, { ...ticketTypeFields, capacity: 1.5 }, "capacity", "ganze Zahl", "whole number"],
      [
        types,
        { ...ticketTypeFields, price_cents: 12.5 },
        "price_cents",
        "ganze Zahl",
        "whole number",
      ],
      // 10^20 is past the safe integers too; the field's own limit is what helps.
      [
        panelPaths.events,
        { ...(await eventFields(t.ctx.db)), age_limit: 1e20 },
        "age_limit",
        "höchstens 99",
        "at most 99",
      ],
    ];
    for (const [url, payload, field, de, en] of cases) {
      expect((await post(url, payload, "de"))[field], JSON.stringify(payload)).toContain(de);
      expect((await post(url, payload, "en"))[field], JSON.stringify(payload)).toContain(en);
    }
  });

  it("takes a VAT rate (19 % unless named), refuses bad ones per field, and keeps sold orders' rate", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    expect(type.vat_percent).toBe(19);
    const bad: unknown[] = [-1, 25.1, 100, "7", null, 7.25, 19.05];
    for (const rate of bad) {
      for (const [method, url] of [
        ["POST", path(panelPaths.ticketTypes, event.id)],
        ["PATCH", path(panelPaths.ticketType, type.id)],
      ] as const) {
        const payload =
          method === "POST" ? { ...ticketTypeFields, vat_percent: rate } : { vat_percent: rate };
        const de = await call(t.app, { method, url, token: owner.token, payload });
        expect(de.statusCode, `${method} ${JSON.stringify(rate)}`).toBe(400);
        expect(errorOf(de)).toMatchObject({
          code: "validation_failed",
          fields: {
            vat_percent:
              "Der MwSt.-Satz ist eine Zahl von 0 bis 25 mit höchstens einer Nachkommastelle, z. B. 19 oder 7.",
          },
        });
        const en = await call(t.app, { method, url, token: owner.token, payload, locale: "en" });
        expect(errorOf(en).fields?.vat_percent).toBe(
          "The VAT rate is a number from 0 to 25 with at most one decimal place, e.g. 19 or 7.",
        );
      }
    }
    const reduced = await addType(owner.token, event.id, {
      name_de: "Ermäßigt",
      name_en: "Concession",
      price_cents: 1500,
      vat_percent: 7,
    });
    expect(reduced.vat_percent).toBe(7);
    const swiss = await call(t.app, {
      method: "PATCH",
      url: path(panelPaths.ticketType, type.id),
      token: owner.token,
      payload: { vat_percent: 8.1 },
    });
    expect(swiss.statusCode, swiss.body).toBe(200);
    expect(swiss.json<{ data: PanelTicketType }>().data.vat_percent).toBe(8.1);

    // Sold at 7 %; the organiser's later change of the type leaves the order's item as sold.
    const orderId = await buy(event.id, reduced.id, 2);
    const raised = await call(t.app, {
      method: "PATCH",
      url: path(panelPaths.ticketType, reduced.id),
      token: owner.token,
      payload: { vat_percent: 19 },
    });
    expect(raised.json<{ data: PanelTicketType }>().data.vat_percent).toBe(19);
    const items = await t.ctx.db
      .select({ vat: s.orderItems.vatPercent })
      .from(s.orderItems)
      .where(eq(s.orderItems.orderId, orderId));
    expect(items).toEqual([{ vat: 7 }]);
    const read = await call(t.app, {
      method: "GET",
      url: path(panelPaths.event, event.id),
      token: owner.token,
    });
    expect(
      read.json<{ data: PanelEvent }>().data.ticket_types.map((row) => [row.id, row.vat_percent]),
    ).toEqual(
      expect.arrayContaining([
        [type.id, 8.1],
        [reduced.id, 19],
      ]),
    );
  });

  it("never lets the quota drop below sold tickets; a type with sales is closed, not deleted", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token, { capacity: 10 });
    await buy(event.id, type.id, 3);
    const below = await call(t.app, {
      method: "PATCH",
      url: path(panelPaths.ticketType, type.id),
      token: owner.token,
      locale: "en",
      payload: { capacity: 2 },
    });
    expect(below.statusCode).toBe(409);
    expect(errorOf(below).fields?.capacity).toBe(
      "The quota cannot drop below the tickets sold or reserved.",
    );
    const exact = await call(t.app, {
      method: "PATCH",
      url: path(panelPaths.ticketType, type.id),
      token: owner.token,
      payload: { capacity: 3, price_cents: 3000 },
    });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json<{ data: PanelTicketType }>().data).toMatchObject({ capacity: 3, sold: 3 });
    const deleted = await call(t.app, {
      method: "DELETE",
      url: path(panelPaths.ticketType, type.id),
      token: owner.token,
    });
    expect(deleted.statusCode).toBe(409);
    const closed = await call(t.app, {
      method: "POST",
      url: path(panelPaths.closeTicketType, type.id),
      token: owner.token,
    });
    expect(closed.json<{ data: PanelTicketType }>().data.closed).toBe(true);
    const spare = await addType(owner.token, event.id, { name_de: "Loge", name_en: "Box" });
    // Its own vouchers go with it, named in the audit; the event's others stay.
    for (const voucher of [
      { code: "LOGE10", kind: "percent", value: 10, ticket_type_id: spare.id },
      { code: "LOGE5", kind: "fixed", value: 500, ticket_type_id: spare.id },
      { code: "ALLE10", kind: "percent", value: 10 },
    ]) {
      const made = await call(t.app, {
        method: "POST",
        url: path(panelPaths.vouchers, event.id),
        token: owner.token,
        payload: voucher,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const gone = await call(t.app, {
      method: "DELETE",
      url: path(panelPaths.ticketType, spare.id),
      token: owner.token,
    });
    expect(gone.statusCode).toBe(200);
    const left = await t.ctx.db
      .select({ code: s.vouchers.code })
      .from(s.vouchers)
      .where(eq(s.vouchers.eventId, event.id));
    expect(left.map((row) => row.code)).toEqual(["ALLE10"]);
    const [entry] = await t.ctx.db
      .select()
      .from(s.auditLog)
      .where(
        and(
          eq(s.auditLog.action, "ticket_type_deleted"),
          sql`${s.auditLog.details}->>'ticket_type_id' = ${String(spare.id)}`,
        ),
      );
    expect(entry?.details).toMatchObject({ voucher_codes: ["LOGE10", "LOGE5"] });
  });

  it("concurrent quota edits while tickets sell never leave the quota below sold and held seats", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token, { capacity: 20, max_per_order: 2 });
    const holds = Array.from({ length: 12 }, () =>
      holdTickets(t.app, { event_id: event.id, items: [{ ticket_type_id: type.id, quantity: 1 }] }),
    );
    const edits = [14, 6, 10, 3, 12, 8].map((capacity) =>
      call(t.app, {
        method: "PATCH",
        url: path(panelPaths.ticketType, type.id),
        token: owner.token,
        payload: { capacity },
      }),
    );
    const results = await Promise.all([...holds, ...edits]);
    for (const result of results) expect([200, 201, 409]).toContain(result.statusCode);
    const [row] = await t.ctx.db
      .select()
      .from(s.eventTicketTypes)
      .where(eq(s.eventTicketTypes.id, type.id));
    const held = await t.ctx.db
      .select()
      .from(s.orderItems)
      .innerJoin(s.orders, eq(s.orders.id, s.orderItems.orderId))
      .where(eq(s.orderItems.ticketTypeId, type.id));
    const taken = row!.soldCount + held.filter((r) => r.orders.status === "pending").length;
    expect(row!.capacity).toBeGreaterThanOrEqual(taken);
    expect(taken).toBeGreaterThan(0);
  });

  it("creates vouchers, lists them with their uses (a refund gives one back) and deactivates them", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "ab" }, "code"],
      [{ code: "MIT LEER" }, "code"],
      [{ kind: "gratis" }, "kind"],
      [{ value: 0 }, "value"],
      [{ value: 101 }, "value"],
      [{ ticket_type_id: 999_999 }, "ticket_type_id"],
      [{ max_uses: 0 }, "max_uses"],
      [{ valid_from: "heute" }, "valid_from"],
      [{ valid_from: "0000-01-01T00:00:00Z" }, "valid_from"],
      [{ valid_from: "2030-01-02T00:00:00Z", valid_until: "2030-01-01T00:00:00Z" }, "valid_until"],
    ];
    for (const [change, field] of cases) {
      const response = await call(t.app, {
        method: "POST",
        url: path(panelPaths.vouchers, event.id),
        token: owner.token,
        payload: { code: "SOMMER", kind: "percent", value: 10, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(response).fields, JSON.stringify(change)).toHaveProperty(field);
    }
    const created = await call(t.app, {
      method: "POST",
      url: path(panelPaths.vouchers, event.id),
      token: owner.token,
      payload: { code: "Sommer", kind: "fixed", value: 500, max_uses: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const voucher = created.json<{ data: PanelVoucher }>().data;
    const twice = await call(t.app, {
      method: "POST",
      url: path(panelPaths.vouchers, event.id),
      token: owner.token,
      payload: { code: "SOMMER", kind: "percent", value: 10 },
    });
    expect(twice.statusCode).toBe(409);
    const held = await holdTickets(t.app, {
      event_id: event.id,
      items: [{ ticket_type_id: type.id, quantity: 1 }],
      voucher_code: "sommer",
    });
    expect(held.statusCode, held.body).toBe(201);
    const order = held.json<CreatedOrder>();
    await onOrder(t.app, order, "PATCH", checkoutPaths.order, {
      buyer_name: "Erika",
      buyer_email: "erika@example.com",
    });
    const placed = await onOrder(t.app, order, "POST", checkoutPaths.placeOrder, {
      accept_terms: true,
    });
    const paymentId = placed.json<{ redirect_url: string }>().redirect_url.split("/").at(-1)!;
    await call(t.app, {
      method: "POST",
      url: path(checkoutPaths.testPayment, paymentId),
      payload: { action: "success" },
    });
    await runOutbox();
    const list = await call(t.app, {
      method: "GET",
      url: path(panelPaths.vouchers, event.id),
      token: owner.token,
    });
    expect(list.json<{ data: PanelVoucher[] }>().data).toEqual([
      expect.objectContaining({ id: voucher.id, uses: 1, max_uses: 5, active: true }),
    ]);
    // A refunded order is no paid use any more: the code's use comes back.
    const refund = await call(t.app, {
      method: "POST",
      url: path(panelPaths.refundOrder, order.data.id),
      token: owner.token,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const afterRefund = await call(t.app, {
      method: "GET",
      url: path(panelPaths.vouchers, event.id),
      token: owner.token,
    });
    expect(afterRefund.json<{ data: PanelVoucher[] }>().data).toEqual([
      expect.objectContaining({ id: voucher.id, uses: 0 }),
    ]);
    const off = await call(t.app, {
      method: "POST",
      url: path(panelPaths.deactivateVoucher, voucher.id),
      token: owner.token,
    });
    expect(off.json<{ data: PanelVoucher }>().data.active).toBe(false);
    const refused = await holdTickets(t.app, {
      event_id: event.id,
      items: [{ ticket_type_id: type.id, quantity: 1 }],
      voucher_code: "SOMMER",
    });
    expect(errorOf(refused).code).toBe("voucher_expired");
  });
});

describe("figures and orders", () => {
  it("shows sales on the dashboard, lists, finds and exports orders, and refunds one", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token, { price_cents: 2000 });
    const draft = await createEvent(owner.token);
    await addType(owner.token, draft.id, { capacity: 50 });
    const buyer = await registerVisitor(t.app);
    const orderId = await buy(event.id, type.id, 2, buyer.tokens.access_token);
    await buy(event.id, type.id, 1);

    const board = await call(t.app, {
      method: "GET",
      url: panelPaths.dashboard,
      token: owner.token,
    });
    const { upcoming, totals } = board.json<{ data: Dashboard }>().data;
    // A draft's seats are not on offer: the totals count the published event's only.
    expect(totals.capacity).toBe(100);
    // Fee per ticket: 10 % + 50 ct, so 2.50 € for each of the three.
    expect(upcoming.find((e) => e.id === event.id)!.figures).toEqual({
      sold: 3,
      capacity: 100,
      gross_cents: 6000 + 750,
      fee_cents: 750,
      net_cents: 6000,
      check_ins: 0,
    });
    // The event's chart: its day's gross as the figures count it, the service fee included.
    const read = await call(t.app, {
      method: "GET",
      url: path(panelPaths.event, event.id),
      token: owner.token,
    });
    const { sales, figures } = read.json<{ data: PanelEvent }>().data;
    expect(sales.map((day) => day.tickets)).toEqual([3]);
    expect(sales.map((day) => day.gross_cents)).toEqual([figures.gross_cents]);

    const list = async (query: string) => {
      const response = await call(t.app, {
        method: "GET",
        url: `${path(panelPaths.orders, event.id)}${query}`,
        token: owner.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PanelOrderList>();
    };
    expect((await list("")).meta.total).toBe(2);
    expect((await list(`?q=${orderId}`)).data.map((o) => o.id)).toEqual([orderId]);
    expect((await list("?q=ERIKA@example")).meta.total).toBe(2);
    expect((await list("?q=niemand")).meta.total).toBe(0);
    expect((await list("?status=refunded")).meta.total).toBe(0);
    expect((await list("?status=paid")).meta.total).toBe(2);
    expect((await list(`?ticket_type_id=${type.id}&per_page=1&page=2`)).data).toHaveLength(1);
    // A hold with its buyer's details that ran out unplaced is listed as expired, as its buyer
    // reads it, and found under that filter, not under pending.
    const lapsed = await holdTickets(t.app, {
      event_id: event.id,
      items: [{ ticket_type_id: type.id, quantity: 1 }],
    });
    const lapsedOrder = lapsed.json<CreatedOrder>();
    const details = await onOrder(t.app, lapsedOrder, "PATCH", checkoutPaths.order, {
      buyer_name: "Lars Spät",
      buyer_email: "spaet@example.com",
    });
    expect(details.statusCode, details.body).toBe(200);
    const lapsedId = lapsedOrder.data.id;
    const ids = async (query: string) => (await list(query)).data.map((o) => o.id);
    expect(await ids("?status=pending")).toContain(lapsedId);
    await t.ctx.db
      .update(s.orders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(s.orders.id, lapsedId));
    expect((await list(`?q=${lapsedId}`)).data[0]?.status).toBe("expired");
    const page = await call(t.app, {
      method: "GET",
      url: path(panelPaths.order, lapsedId),
      token: owner.token,
    });
    expect(page.json<{ data: PanelOrder }>().data.status).toBe("expired");
    expect(await ids("?status=expired")).toContain(lapsedId);
    expect(await ids("?status=pending")).not.toContain(lapsedId);
    await t.ctx.db.delete(s.orders).where(eq(s.orders.id, lapsedId));
    const today = berlinIsoDay(new Date());
    expect((await list(`?from=2000-01-01&to=${today}`)).meta.total).toBe(2);
    expect((await list("?from=2099-01-01")).meta.total).toBe(0);
    for (const bad of ["?status=bezahlt", "?from=gestern", "?page=0", "?per_page=1000"]) {
      const response = await call(t.app, {
        method: "GET",
        url: `${path(panelPaths.orders, event.id)}${bad}`,
        token: owner.token,
      });
      expect(response.statusCode, bad).toBe(400);
    }

    const csv = await call(t.app, {
      method: "GET",
      url: path(panelPaths.ordersCsv, event.id),
      token: owner.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((line) => line.split(";"));
    expect(rows[0]).toEqual([
      "Bestellnummer",
      "Status",
      "Name",
      "E-Mail",
      "Tickets",
      "Ticketarten",
      "Gesamt (EUR)",
      "Servicegebühr (EUR)",
      "Bestellt am",
      "Bezahlt am",
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual(
      expect.arrayContaining([String(orderId), "bezahlt", "erika@example.com", "2", "45,00"]),
    );

    const refund = await call(t.app, {
      method: "POST",
      url: path(panelPaths.refundOrder, orderId),
      token: owner.token,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<{ data: PanelOrder }>().data).toMatchObject({
      status: "refunded",
      tickets_issued: [expect.any(Object), expect.any(Object)],
    });
    // The buyer's return page says the organiser refunded it.
    const [refunded] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(refunded!.refundReason).toBe("organiser");
    const again = await call(t.app, {
      method: "POST",
      url: path(panelPaths.refundOrder, orderId),
      token: owner.token,
    });
    expect(again.statusCode).toBe(409);
    const [payment] = await t.ctx.db
      .select()
      .from(s.testPayments)
      .where(eq(s.testPayments.orderId, orderId));
    expect(payment!.status).toBe("refunded");
    const [row] = await t.ctx.db
      .select()
      .from(s.eventTicketTypes)
      .where(eq(s.eventTicketTypes.id, type.id));
    expect(row!.soldCount).toBe(1);
    await runOutbox();
    expect((await t.outbox()).some((m) => m.includes(`Bestellung ${orderId} erstattet`))).toBe(
      true,
    );
    expect((await list("?status=refunded")).data.map((o) => o.id)).toEqual([orderId]);
    // The buyer's account shows the tickets of the refunded order as such.
    const mine = await call(t.app, {
      method: "GET",
      url: "/api/v1/auth/tickets",
      token: buyer.tokens.access_token,
    });
    const statuses = mine
      .json<{ data: { order_id: number; order_status: string }[] }>()
      .data.filter((ticket) => ticket.order_id === orderId)
      .map((ticket) => ticket.order_status);
    expect(statuses).toEqual(["refunded", "refunded"]);
  });
});

describe("cover pictures", () => {
  const picture = (format: "png" | "jpeg" | "webp" | "gif", width = 1200, height = 900) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .toFormat(format)
      .toBuffer();
  const upload = (eventId: number, body: Buffer, token?: string, type = "image/png") =>
    call(t.app, {
      method: "PUT",
      url: path(panelPaths.eventCover, eventId),
      token,
      payload: body,
      headers: { "content-type": type },
      locale: "en",
    });
  const storedCovers = async () =>
    (await readdir(nodePath.join(uploadStorageDir(t.dataDir), "covers")).catch(() => [])).sort();

  it("stores a JPEG, PNG or WebP as the demo covers' WebP sizes, served under the storage path", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    expect(event.cover.src).toMatch(/^covers\/[a-z]+-1-640\.webp$/);

    // The declared type does not matter; the bytes do (a JPEG sent as PNG is a JPEG).
    const response = await upload(event.id, await picture("jpeg"), owner.token, "image/png");
    expect(response.statusCode, response.body).toBe(200);
    const cover = response.json<{ data: PanelEvent }>().data.cover;
    const name = /^covers\/(upload-[0-9a-f-]+)-640\.webp$/.exec(cover.src)?.[1];
    expect(name).toBeDefined();
    expect(cover).toMatchObject({ width: 640, height: 360 });
    for (const width of [320, 640, 960]) {
      const file = await t.app.inject({ url: `/storage/covers/${name}-${width}.webp` });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/webp");
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: (width * 9) / 16 });
    }
    // The public page shows it once published.
    await addType(owner.token, event.id);
    await call(t.app, {
      method: "POST",
      url: path(panelPaths.publishEvent, event.id),
      token: owner.token,
    });
    const pub = await call(t.app, { method: "GET", url: `/api/v1/events/${event.id}` });
    expect(pub.json<{ data: { cover: { src: string } } }>().data.cover.src).toBe(cover.src);

    // A new upload replaces the files of the previous one.
    for (const format of ["png", "webp"] as const) {
      const again = await upload(event.id, await picture(format, 800, 800), owner.token);
      expect(again.statusCode, again.body).toBe(200);
    }
    const files = (await storedCovers()).filter((file) => file.startsWith("upload-"));
    expect(files.filter((file) => file.startsWith(name!))).toEqual([]);
    const audit = await call(t.app, {
      method: "GET",
      url: path(panelPaths.eventAudit, event.id),
      token: owner.token,
    });
    expect(
      audit.json<{ data: AuditEntry[] }>().data.filter((e) => e.action === "event_cover_uploaded"),
    ).toHaveLength(3);
  });

  it(`two uploads at once: the event shows one, and no file of the other or of the one before stays behind (${testDatabase})`, async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    const nameOf = (response: { json: <T>() => T }) =>
      /^covers\/(upload-[0-9a-f-]+)-640\.webp$/.exec(
        response.json<{ data: PanelEvent }>().data.cover.src,
      )?.[1];
    const first = nameOf(await upload(event.id, await picture("png"), owner.token));
    const [one, other] = await Promise.all([
      upload(event.id, await picture("jpeg", 1000, 700), owner.token),
      upload(event.id, await picture("webp", 900, 900), owner.token),
    ]);
    expect([one.statusCode, other.statusCode]).toEqual([200, 200]);
    const [row] = await t.ctx.db.select().from(s.events).where(eq(s.events.id, event.id));
    const uploads = (await storedCovers()).filter((file) => file.startsWith("upload-"));
    for (const name of [first, nameOf(one), nameOf(other)]) {
      const kept = uploads.filter((file) => file.startsWith(`${name}-`));
      expect(kept, name).toHaveLength(name === row!.coverImage ? 3 : 0);
    }
  });

  it("refuses other formats, text, empty and too large bodies, guests and other organisers' events, writing nothing", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const other = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    const before = await storedCovers();
    const png = await picture("png", 400, 300);

    for (const [body, type] of [
      [await picture("gif", 400, 300), "image/png"],
      [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/png"],
      [Buffer.from("not a picture at all"), "image/jpeg"],
      [png.subarray(0, 200), "image/png"],
      [Buffer.alloc(0), "image/png"],
    ] as const) {
      const response = await upload(event.id, body, owner.token, type);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).fields).toEqual({
        cover: "Please upload a JPEG, PNG or WebP picture.",
      });
    }
    const tooLarge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const large = await upload(event.id, tooLarge, owner.token);
    expect(large.statusCode).toBe(413);
    expect(errorOf(large)).toMatchObject({
      code: "payload_too_large",
      fields: { cover: "The picture may be at most 10 MB." },
    });
    const huge = await upload(event.id, Buffer.concat([tooLarge, tooLarge]), owner.token);
    expect(huge.statusCode).toBe(413);
    expect((await upload(event.id, png, owner.token, "text/plain")).statusCode).toBe(415);
    expect((await upload(event.id, png)).statusCode).toBe(401);
    const visitor = (await registerVisitor(t.app)).tokens.access_token;
    const pending = (await registerOrganiser(t.app, t.ctx.db)).token;
    for (const token of [visitor, pending]) {
      expect((await upload(event.id, png, token)).statusCode).toBe(403);
    }
    expect((await upload(event.id, png, other.token)).statusCode).toBe(404);
    for (const method of ["GET", "POST"] as const) {
      const response = await call(t.app, {
        method,
        url: path(panelPaths.eventCover, event.id),
        token: owner.token,
      });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers.allow).toBe("PUT");
    }
    expect((await upload(987_654, png, owner.token)).statusCode).toBe(404);

    expect(await storedCovers()).toEqual(before);
    const [row] = await t.ctx.db.select().from(s.events).where(eq(s.events.id, event.id));
    expect(row!.coverImage).toBe(/^covers\/(.+)-640\.webp$/.exec(event.cover.src)![1]);
  });
});

describe("resending a confirmation", () => {
  it("queues the paid order's confirmation again and records it; an unpaid order answers 409", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const { event, type } = await saleEvent(owner.token);
    const orderId = await buy(event.id, type.id);
    const confirmations = async () =>
      (await t.outbox()).filter((mail) => mail.includes(`Bestellung ${orderId}`)).length;
    const sent = await confirmations();
    expect(sent).toBeGreaterThan(0);

    for (const round of [1, 2]) {
      const response = await call(t.app, {
        method: "POST",
        url: path(panelPaths.resendOrder, orderId),
        token: owner.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await confirmations()).toBe(sent + round);
    }
    const audit = await call(t.app, {
      method: "GET",
      url: path(panelPaths.eventAudit, event.id),
      token: owner.token,
    });
    expect(audit.json<{ data: AuditEntry[] }>().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "order_confirmation_resent",
          details: { order_id: orderId },
        }),
      ]),
    );

    const held = await holdTickets(t.app, {
      event_id: event.id,
      items: [{ ticket_type_id: type.id, quantity: 1 }],
    });
    const pending = held.json<CreatedOrder>().data.id;
    const refused = await call(t.app, {
      method: "POST",
      url: path(panelPaths.resendOrder, pending),
      token: owner.token,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain("noch nicht bezahlt");
    const get = await call(t.app, {
      method: "GET",
      url: path(panelPaths.resendOrder, orderId),
      token: owner.token,
    });
    expect(get.statusCode).toBe(405);
    const jobs = await t.ctx.db
      .select()
      .from(s.outboxJobs)
      // A resend's key is `order-confirmation:<id>:resend:<uuid>`: none for the refused one.
      .where(like(s.outboxJobs.dedupKey, `order-confirmation:${pending}:%`));
    expect(jobs).toEqual([]);

    // Refunded, its tickets are void: the answer says so, not that it waits for payment.
    const refund = await call(t.app, {
      method: "POST",
      url: path(panelPaths.refundOrder, orderId),
      token: owner.token,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    for (const [locale, text] of [
      ["de", "wurde erstattet"],
      ["en", "was refunded"],
    ] as const) {
      const voided = await call(t.app, {
        method: "POST",
        url: path(panelPaths.resendOrder, orderId),
        token: owner.token,
        locale,
      });
      expect(voided.statusCode).toBe(409);
      expect(errorOf(voided).message).toContain(text);
    }
  });
});

describe("the panel's state rules", () => {
  it("a type closed before its sale started keeps its window in order and stays editable", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    const type = await addType(owner.token, event.id, {
      sales_start: at(Date.now() + 7 * 86_400_000),
    });
    const closed = await call(t.app, {
      method: "POST",
      url: path(panelPaths.closeTicketType, type.id),
      token: owner.token,
    });
    expect(closed.statusCode).toBe(200);
    const window = closed.json<{ data: PanelTicketType }>().data;
    expect(Date.parse(window.sales_start!)).toBeLessThanOrEqual(Date.parse(window.sales_end!));
    expect(Date.parse(window.sales_end!)).toBeLessThanOrEqual(Date.now());
    for (const payload of [{ name_de: "Neuer Name" }, { capacity: 200 }]) {
      const changed = await call(t.app, {
        method: "PATCH",
        url: path(panelPaths.ticketType, type.id),
        token: owner.token,
        payload,
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    // Dates sent in the wrong order are still refused.
    const wrong = await call(t.app, {
      method: "PATCH",
      url: path(panelPaths.ticketType, type.id),
      token: owner.token,
      locale: "en",
      payload: {
        sales_end: at(Date.now() + 86_400_000),
        sales_start: at(Date.now() + 2 * 86_400_000),
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toHaveProperty("sales_end");
  });

  it("deactivating a voucher that is not valid yet keeps its window in order", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    const made = await call(t.app, {
      method: "POST",
      url: path(panelPaths.vouchers, event.id),
      token: owner.token,
      payload: {
        code: "SPAETER",
        kind: "percent",
        value: 10,
        valid_from: at(Date.now() + 7 * 86_400_000),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ data: PanelVoucher }>().data.id;
    const off = await call(t.app, {
      method: "POST",
      url: path(panelPaths.deactivateVoucher, id),
      token: owner.token,
    });
    const voucher = off.json<{ data: PanelVoucher }>().data;
    expect(voucher.active).toBe(false);
    expect(Date.parse(voucher.valid_from!)).toBeLessThanOrEqual(Date.parse(voucher.valid_until!));
    // One without a start keeps none.
    const plain = await call(t.app, {
      method: "POST",
      url: path(panelPaths.vouchers, event.id),
      token: owner.token,
      payload: { code: "SOFORT", kind: "percent", value: 10 },
    });
    const plainOff = await call(t.app, {
      method: "POST",
      url: path(panelPaths.deactivateVoucher, plain.json<{ data: PanelVoucher }>().data.id),
      token: owner.token,
    });
    expect(plainOff.json<{ data: PanelVoucher }>().data.valid_from).toBeNull();
  });

  it("a published event keeps its last ticket type; a draft may lose it", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    const [first, second] = [
      await addType(owner.token, event.id),
      await addType(owner.token, event.id),
    ];
    await publish(owner.token, event.id);
    const remove = (id: number) =>
      call(t.app, {
        method: "DELETE",
        url: path(panelPaths.ticketType, id),
        token: owner.token,
        locale: "en",
      });
    // Both at once: one goes, the other stays.
    const answers = await Promise.all([remove(first.id), remove(second.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(errorOf(refused).code).toBe("conflict");
    const after = await call(t.app, {
      method: "GET",
      url: path(panelPaths.event, event.id),
      token: owner.token,
    });
    expect(after.json<{ data: PanelEvent }>().data.ticket_types).toHaveLength(1);

    const draft = await createEvent(owner.token);
    const only = await addType(owner.token, draft.id);
    expect((await remove(only.id)).statusCode).toBe(200);
  });

  it("an event that took place keeps its time, and is not cancelled; its texts may change", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    const type = await addType(owner.token, event.id);
    await publish(owner.token, event.id);
    const orderId = await buy(event.id, type.id, 2);
    const startsAt = new Date(Math.floor((Date.now() - 30 * 86_400_000) / 60_000) * 60_000);
    const endsAt = new Date(startsAt.getTime() + 3 * 3_600_000);
    await t.ctx.db.update(s.events).set({ startsAt, endsAt }).where(eq(s.events.id, event.id));
    const patch = (payload: Record<string, unknown>) =>
      call(t.app, {
        method: "PATCH",
        url: path(panelPaths.event, event.id),
        token: owner.token,
        payload,
        locale: "en",
      });

    const revived = await patch({ ends_at: at(Date.now() + 60 * 86_400_000) });
    expect(revived.statusCode).toBe(409);
    expect(errorOf(revived)).toEqual({ code: "conflict", message: "This event is already over." });
    const held = await holdTickets(t.app, {
      event_id: event.id,
      items: [{ ticket_type_id: type.id, quantity: 1 }],
    });
    expect(held.statusCode).toBe(409);
    const [otherVenue] = await t.ctx.db
      .select({ id: s.venues.id })
      .from(s.venues)
      .where(ne(s.venues.id, event.venue_id))
      .limit(1);
    const relocated = await patch({ venue_id: otherVenue!.id });
    expect(relocated.statusCode).toBe(409);
    // The form sends the times unchanged with a corrected text.
    const corrected = await patch({
      title_en: "Harbour Jazz, as it was",
      starts_at: at(startsAt.getTime()),
      ends_at: at(endsAt.getTime()),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const cancelled = await call(t.app, {
      method: "POST",
      url: path(panelPaths.cancelEvent, event.id),
      token: owner.token,
      payload: { confirm: true },
      locale: "en",
    });
    expect(cancelled.statusCode).toBe(409);
    expect(errorOf(cancelled).message).toBe("This event is already over.");
    const [row] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(row!.status).toBe("paid");
  });

  it("a copy of a past event, which sold nothing, gets new dates and goes on sale", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    await addType(owner.token, event.id);
    const startsAt = new Date(Math.floor((Date.now() - 30 * 86_400_000) / 60_000) * 60_000);
    const endsAt = new Date(startsAt.getTime() + 3 * 3_600_000);
    await t.ctx.db.update(s.events).set({ startsAt, endsAt }).where(eq(s.events.id, event.id));
    const copy = await call(t.app, {
      method: "POST",
      url: path(panelPaths.duplicateEvent, event.id),
      token: owner.token,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copyId = copy.json<{ data: PanelEvent }>().data.id;
    const nextYear = Math.floor((Date.now() + 335 * 86_400_000) / 60_000) * 60_000;
    const moved = await call(t.app, {
      method: "PATCH",
      url: path(panelPaths.event, copyId),
      token: owner.token,
      payload: { starts_at: at(nextYear), ends_at: at(nextYear + 3 * 3_600_000) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await publish(owner.token, copyId);
  });

  it.runIf(testDatabase === "postgres")(
    "a publish and the delete of a draft's only type, at once: never a published event without one",
    async () => {
      const owner = await approvedOrganiser(t.app, t.ctx.db);
      const event = await createEvent(owner.token);
      const only = await addType(owner.token, event.id);
      // Something else holds the event's row a moment (an edit, a payment): the publish waits for
      // it, and the delete comes while it waits.
      const pool = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
      const holder = await pool.connect();
      try {
        await holder.query("begin");
        await holder.query("select 1 from events where id = $1 for update", [event.id]);
        const publishing = call(t.app, {
          method: "POST",
          url: path(panelPaths.publishEvent, event.id),
          token: owner.token,
        });
        await sleep(300);
        const deleting = call(t.app, {
          method: "DELETE",
          url: path(panelPaths.ticketType, only.id),
          token: owner.token,
        });
        await sleep(300);
        await holder.query("commit");
        const answers = await Promise.all([publishing, deleting]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      } finally {
        holder.release();
      }
      const [row] = await t.ctx.db.select().from(s.events).where(eq(s.events.id, event.id));
      const types = await t.ctx.db
        .select({ id: s.eventTicketTypes.id })
        .from(s.eventTicketTypes)
        .where(eq(s.eventTicketTypes.eventId, event.id));
      expect(row!.status === "published" ? types.length : 1).toBe(1);
    },
  );

  it("shows figures past 21,474,836.47 € on the event, the list and the dashboard", async () => {
    const owner = await approvedOrganiser(t.app, t.ctx.db);
    const event = await createEvent(owner.token);
    // The highest price the contract takes (100,000 €), nine an order (an order costs at most
    // 999,999.99 €), 25 orders: 22.5 million.
    const type = await addType(owner.token, event.id, {
      price_cents: 10_000_000,
      capacity: 1000,
      max_per_order: 100,
    });
    await publish(owner.token, event.id);
    for (let n = 0; n < 25; n++) await buy(event.id, type.id, 9);
    const one = await call(t.app, {
      method: "GET",
      url: path(panelPaths.event, event.id),
      token: owner.token,
    });
    expect(one.statusCode, one.body).toBe(200);
    const figures = one.json<{ data: PanelEvent }>().data.figures;
    expect(figures).toMatchObject({ sold: 225, net_cents: 2_250_000_000 });
    for (const url of [panelPaths.events, panelPaths.dashboard]) {
      const answer = await call(t.app, { method: "GET", url, token: owner.token });
      expect(answer.statusCode, url).toBe(200);
    }
  });
});

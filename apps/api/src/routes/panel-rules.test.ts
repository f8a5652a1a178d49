import {
  type CheckoutOrder,
  checkoutPaths,
  type ErrorBody,
  fillPath,
  type PanelEvent,
  type PanelTicketType,
  type PanelVoucher,
  panelPaths,
} from "@eventwerk/contract";
import { eq, ne } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema.ts";
import { call, createTestApp, type TestApp, testDatabase } from "../testing/app.ts";
import { type CreatedOrder, holdTickets, onOrder } from "../testing/checkout-fixtures.ts";
import { approvedOrganiser, eventFields, ticketTypeFields } from "../testing/panel-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OUTBOX_POLL_MS: "0", RECONCILE_INTERVAL_SECONDS: "0" });
});
afterAll(() => t.close());

const path = (template: string, id: number | string) => fillPath(template, { id });
const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;
const at = (ms: number) => new Date(ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
async function publish(token: string, eventId: number) {
  const r = await call(t.app, {
    method: "POST",
    url: path(panelPaths.publishEvent, eventId),
    token,
  });
  expect(r.statusCode, r.body).toBe(200);
}
async function buy(eventId: number, typeId: number, quantity: number) {
  const held = await holdTickets(t.app, {
    event_id: eventId,
    items: [{ ticket_type_id: typeId, quantity }],
  });
  expect(held.statusCode, held.body).toBe(201);
  const order = held.json<CreatedOrder>();
  await onOrder(t.app, order, "PATCH", checkoutPaths.order, {
    buyer_name: "Erika Käuferin",
    buyer_email: "erika@example.com",
  });
  const placed = await onOrder(t.app, order, "POST", checkoutPaths.placeOrder, {
    accept_terms: true,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const paymentId = placed.json<{ redirect_url: string }>().redirect_url.split("/").at(-1)!;
  const paid = await call(t.app, {
    method: "POST",
    url: path(checkoutPaths.testPayment, paymentId),
    payload: { action: "success" },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  while ((await t.ctx.outbox.runDue()) > 0) {}
  return order.data as CheckoutOrder;
}

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
    const order = await buy(event.id, type.id, 2);
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
    const [row] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, order.id));
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
    // The highest price the contract takes (100,000 €), at most 100 an order.
    const type = await addType(owner.token, event.id, {
      price_cents: 10_000_000,
      capacity: 1000,
      max_per_order: 100,
    });
    await publish(owner.token, event.id);
    for (let n = 0; n < 3; n++) await buy(event.id, type.id, 100);
    const one = await call(t.app, {
      method: "GET",
      url: path(panelPaths.event, event.id),
      token: owner.token,
    });
    expect(one.statusCode, one.body).toBe(200);
    const figures = one.json<{ data: PanelEvent }>().data.figures;
    expect(figures).toMatchObject({ sold: 300, net_cents: 3_000_000_000 });
    for (const url of [panelPaths.events, panelPaths.dashboard]) {
      const answer = await call(t.app, { method: "GET", url, token: owner.token });
      expect(answer.statusCode, url).toBe(200);
    }
  });
});

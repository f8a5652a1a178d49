import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, runMigration, type TestApp } from "../testing/app.ts";

/**
 * Every order names its event: the panel's order list, its cancellation and the refunds retried
 * after one (`refundCancelledEvents`) find an event's orders by it alone.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each order with items and its event, and the event of its first item. */
async function ordersAndItsEvents() {
  const found = await t.ctx.db.execute(sql`select o.id, o.event_id,
      (select tt.event_id from order_items i join event_ticket_types tt on tt.id = i.ticket_type_id
        where i.order_id = o.id order by i.id limit 1) as items_event
    from orders o where exists (select from order_items i where i.order_id = o.id) order by o.id`);
  return found.rows.map((row) => ({
    id: Number(row.id),
    event: row.event_id === null ? null : Number(row.event_id),
    itemsEvent: Number(row.items_event),
  }));
}

describe("the event of an order", () => {
  it("is named by every order of the demo data, and is the event of its tickets", async () => {
    const orders = await ordersAndItsEvents();
    expect(orders.length).toBeGreaterThan(5);
    for (const order of orders) expect(order.event, `order ${order.id}`).toBe(order.itemsEvent);
  });

  it("is given to older orders without one by migration 0024, from their items", async () => {
    const before = await ordersAndItsEvents();
    const older = before.slice(0, 3).map((order) => order.id);
    await t.ctx.db.execute(
      sql`update orders set event_id = null where id in (${sql.join(older, sql`, `)})`,
    );
    await runMigration(t.ctx.db, "0024_orders_event_backfill");
    expect(await ordersAndItsEvents()).toEqual(before);
  });
});

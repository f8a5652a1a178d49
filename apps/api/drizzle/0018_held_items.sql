-- Held seats counted from the held items of the ticket type alone. `held_seats` read every
-- pending, unexpired order of the event and looked up each one's items: an on-sale rush with
-- 10,000 abandoned carts (holds never paid, live for the hold time) did that 10,000 times per
-- hold and payment, under the ticket types' lock (the checkout bench with `--abandoned 10000`:
-- 1,707 orders/min instead of 8,652–9,364). Now each order item keeps `held_until`, its order's
-- `hold_expires_at` while the order is pending (else null), in a partial index by ticket type:
-- a count reads the type's live holds and nothing else. The definition of a held seat is
-- unchanged: a pending order whose hold has not run out, whether or not the sweep has run.
ALTER TABLE "order_items" ADD COLUMN "held_until" timestamp with time zone;
--> statement-breakpoint
UPDATE "order_items" oi SET "held_until" = o."hold_expires_at"
FROM "orders" o WHERE o."id" = oi."order_id" AND o."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "order_items_held_idx" ON "order_items" USING btree ("ticket_type_id", "held_until")
  INCLUDE ("quantity", "order_id") WHERE "order_items"."held_until" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "orders_pending_event_idx";
--> statement-breakpoint
-- Kept by the database on every path: an order that changes its status or hold time passes it
-- to its items; an item written without it (any insert but the hold's, which writes it) takes its
-- order's. Both after the statement, so an order and its items written by one statement (CTEs)
-- see each other.
CREATE FUNCTION order_held_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_items SET held_until = CASE WHEN NEW.status = 'pending' THEN NEW.hold_expires_at END
  WHERE order_id = NEW.id
    AND held_until IS DISTINCT FROM CASE WHEN NEW.status = 'pending' THEN NEW.hold_expires_at END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_held_until AFTER UPDATE OF status, hold_expires_at ON orders
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
  OR OLD.hold_expires_at IS DISTINCT FROM NEW.hold_expires_at)
EXECUTE FUNCTION order_held_until();
--> statement-breakpoint
CREATE FUNCTION order_item_held_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_items oi SET held_until = o.hold_expires_at
  FROM orders o
  WHERE oi.id = NEW.id AND o.id = NEW.order_id AND o.status = 'pending';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_held_until AFTER INSERT ON order_items
FOR EACH ROW WHEN (NEW.held_until IS NULL)
EXECUTE FUNCTION order_item_held_until();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION held_seats(type_id integer, at timestamptz, except_order integer)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi
    WHERE oi.ticket_type_id = type_id AND oi.held_until > at
      AND oi.order_id IS DISTINCT FROM except_order);
END
$$;
--> statement-breakpoint
ALTER FUNCTION held_seats(integer, timestamptz, integer) SET plan_cache_mode = force_generic_plan;

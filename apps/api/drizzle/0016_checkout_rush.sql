-- What an on-sale rush waits for, made cheaper (measured with pg_stat_statements on the checkout
-- bench: every hold and payment of the event queues for the ticket types' lock, so the work done
-- under it is the rush's pace).
--
-- `held_seats` from the event's pending orders, not from every order item of the ticket type:
-- summing all the type's items grew with every ticket sold (2.5 ms at 2,000 sold) and, as an SQL
-- function, was planned anew on each call. The pending, unexpired orders of one event are the few
-- buyers in checkout right now; each is looked up by its own items. The definition of a held seat
-- is unchanged.
CREATE INDEX "orders_pending_event_idx" ON "orders" USING btree ("event_id", "hold_expires_at") WHERE "orders"."status" = 'pending';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION held_seats(type_id integer, at timestamptz, except_order integer)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    -- FILTER, not WHERE: the type's index (every item of the type) must not be read per order.
    SELECT coalesce(sum((SELECT sum(oi.quantity) FILTER (WHERE oi.ticket_type_id = type_id)
        FROM order_items oi WHERE oi.order_id = o.id)), 0)::int
    FROM orders o
    WHERE o.event_id = (SELECT tt.event_id FROM event_ticket_types tt WHERE tt.id = type_id)
      AND o.status = 'pending' AND o.hold_expires_at > at AND o.id IS DISTINCT FROM except_order);
END
$$;
--> statement-breakpoint
-- The event's totals after each sale (migration 0010), unchanged, in PL/pgSQL: as an SQL function
-- its UPDATE was planned again on every sale, under the lock.
CREATE OR REPLACE FUNCTION event_totals_of(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events e SET tickets_sold = t.sold, price_from = t.price_from, price_max = t.price_max
  FROM (
    SELECT a.id, coalesce(sum(tt.sold_count), 0)::int AS sold,
      min(coalesce(tt.discount_price_cents, tt.price_cents))::int AS price_from,
      max(coalesce(tt.discount_price_cents, tt.price_cents))::int AS price_max
    FROM unnest(ids) AS a(id) LEFT JOIN event_ticket_types tt ON tt.event_id = a.id
    GROUP BY a.id
  ) t
  WHERE e.id = t.id
    AND (e.tickets_sold, e.price_from, e.price_max) IS DISTINCT FROM (t.sold, t.price_from, t.price_max);
END
$$;
--> statement-breakpoint
-- An order's tickets (its page, its email, its PDF) were found by reading every ticket.
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");
--> statement-breakpoint
-- A hold's seat check inside the statement that writes the order (`take_seats` for a new order):
-- when the seats are gone it fails the statement (SQLSTATE EW409), so nothing is written and the
-- hold needs no transaction of its own: its lock ends with the statement's commit, in the server.
CREATE FUNCTION hold_seats(type_ids integer[], quantities integer[], at timestamptz,
  new_order integer) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF NOT take_seats(type_ids, quantities, at, new_order, false) THEN
    RAISE EXCEPTION 'the seats are gone' USING ERRCODE = 'EW409';
  END IF;
  RETURN new_order;
END
$$;
--> statement-breakpoint
-- The functions that run under the lock keep one plan per session: PostgreSQL otherwise planned
-- their statements anew on every call (custom plans looked cheaper), a third of a millisecond each.
ALTER FUNCTION take_seats(integer[], integer[], timestamptz, integer, boolean) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION held_seats(integer, timestamptz, integer) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION event_totals_of(integer[]) SET plan_cache_mode = force_generic_plan;

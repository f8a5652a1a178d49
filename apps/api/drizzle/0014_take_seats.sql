-- The checkout's seat check in the database, so that the ticket types of a rush stay locked for
-- no round trip between our process and the server: every hold and every payment of the event
-- waits for that lock. `held_seats` is the one definition of a held seat (the catalogue's
-- "remaining" and sold-out use it too): held by a pending order whose hold has not run out, so an
-- expired hold never counts, whether or not the sweep has closed it yet.
CREATE FUNCTION held_seats(type_id integer, at timestamptz, except_order integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(oi.quantity), 0)::int
  FROM order_items oi JOIN orders o ON o.id = oi.order_id
  WHERE oi.ticket_type_id = type_id AND o.status = 'pending' AND o.hold_expires_at > at
    AND o.id IS DISTINCT FROM except_order
$$;
--> statement-breakpoint
-- Locks the ticket types (in id order, so two callers never wait on each other crosswise; NO KEY
-- UPDATE, which the key-share locks of the caller's own new order items do not block) and answers
-- whether each quantity still fits: sold + held by others + wanted <= capacity. With `sell` the
-- quantities are then counted as sold. The caller commits soon after: the locks last until then.
CREATE FUNCTION take_seats(type_ids integer[], quantities integer[], at timestamptz,
  except_order integer, sell boolean) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  fits boolean;
BEGIN
  PERFORM 1 FROM event_ticket_types WHERE id = ANY (type_ids) ORDER BY id FOR NO KEY UPDATE;
  -- A statement of its own after the locks: its snapshot sees the holds committed while it waited.
  SELECT coalesce(bool_and(tt.id IS NOT NULL
      AND tt.sold_count + held_seats(w.id, at, except_order) + w.n <= tt.capacity), false)
    INTO fits
    FROM (SELECT u.id, sum(u.q)::int AS n FROM unnest(type_ids, quantities) AS u(id, q) GROUP BY u.id) w
    LEFT JOIN event_ticket_types tt ON tt.id = w.id;
  IF fits AND sell THEN
    UPDATE event_ticket_types tt SET sold_count = tt.sold_count + w.n
    FROM (SELECT u.id, sum(u.q)::int AS n FROM unnest(type_ids, quantities) AS u(id, q) GROUP BY u.id) w
    WHERE tt.id = w.id;
  END IF;
  RETURN fits;
END
$$;

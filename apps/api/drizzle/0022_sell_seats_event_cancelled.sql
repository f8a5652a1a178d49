-- A payment for an event that was cancelled meanwhile is refunded, not sold (SQLSTATE EW411).
-- Before, a hold made before the cancellation could still be placed and paid: tickets for a
-- cancelled event, and money kept. The event's status is read after the seats are taken, with the
-- row locked FOR NO KEY UPDATE (as the kept totals' trigger locks it then anyway: the same order,
-- ticket types first). A cancellation locks the row FOR UPDATE: a payment past this point makes
-- it wait, so that it finds the order paid and refunds it; a payment arriving during one waits for
-- it and then reads "cancelled". The lock conflicts with the other payments' as the trigger's did,
-- so a cancellation or an edit of the event queues among them rather than waiting for the rush to
-- end (a shared lock, taken by every payment, would let each new payment pass it).
CREATE OR REPLACE FUNCTION sell_seats(type_ids integer[], quantities integer[], at timestamptz,
  paying_order integer, voucher integer) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  event_status text;
BEGIN
  IF voucher IS NOT NULL AND NOT (
    SELECT v.max_uses IS NULL OR v.uses_count + (
        SELECT count(*) FROM orders o
        WHERE o.voucher_id = v.id AND o.status = 'pending' AND o.hold_expires_at > at
          AND o.id <> paying_order) < v.max_uses
    FROM vouchers v WHERE v.id = voucher) THEN
    RAISE EXCEPTION 'the voucher is used up' USING ERRCODE = 'EW410';
  END IF;
  IF NOT take_seats(type_ids, quantities, at, paying_order, true) THEN
    RAISE EXCEPTION 'the seats are gone' USING ERRCODE = 'EW409';
  END IF;
  SELECT e.status::text INTO event_status
  FROM events e JOIN event_ticket_types t ON t.event_id = e.id
  WHERE t.id = type_ids[1]
  FOR NO KEY UPDATE OF e;
  IF event_status = 'cancelled' THEN
    RAISE EXCEPTION 'the event is cancelled' USING ERRCODE = 'EW411';
  END IF;
  RETURN true;
END
$$;
--> statement-breakpoint
ALTER FUNCTION sell_seats(integer[], integer[], timestamptz, integer, integer) SET plan_cache_mode = force_generic_plan;

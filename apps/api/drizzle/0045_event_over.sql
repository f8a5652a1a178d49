-- A payment reported after its event ended (a SEPA debit decided days later, a report delayed
-- past the end) is refunded, not sold (SQLSTATE EW412): before, it got tickets for an event that
-- had taken place, and the money was kept. Checked first: the buyer is told the event is over,
-- not that its seats went to others (which offers to try again).
ALTER TYPE "public"."refund_reason" ADD VALUE 'event_over' BEFORE 'organiser';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sell_seats(type_ids integer[], quantities integer[], at timestamptz,
  paying_order integer, voucher integer) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  event_status text;
BEGIN
  IF (SELECT e.ends_at FROM events e JOIN event_ticket_types t ON t.event_id = e.id
      WHERE t.id = type_ids[1]) <= at THEN
    RAISE EXCEPTION 'the event is over' USING ERRCODE = 'EW412';
  END IF;
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

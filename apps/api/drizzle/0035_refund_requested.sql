-- A refund is decided, and committed, before the payment provider is asked (lib/refunds.ts):
-- when the process or its connection died after the provider had refunded, the database forgot
-- the refund and the buyer kept valid tickets, or a payment report redelivered later issued them.
-- From refund_requested_at on the money is owed back and the reconciliation finishes the refund.
ALTER TABLE "orders" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_refund_owed_idx" ON "orders" USING btree ("refund_requested_at") WHERE "orders"."refund_requested_at" is not null and "orders"."status" <> 'refunded';--> statement-breakpoint
-- door_scan is 0025's but for the order: a ticket whose refund is owed is cancelled. The order is
-- read unlocked, as before: a share lock on it, taken after the ticket's, would wait crosswise with
-- deleting an account (orders first, then its tickets' user_id). A scan that reads the order just
-- before a refund's decision commits came first, and is admitted.
CREATE OR REPLACE FUNCTION door_scan(
  scan uuid, door_event integer, door_link integer, door_gate text, scan_device text,
  is_offline boolean, direction entry_type, scanned timestamptz, ticket integer, ticket_code text,
  refused scan_result, opens_before_ms bigint, closes_after_ms bigint
) RETURNS TABLE (
  scan_pk integer, scan_id uuid, result scan_result, entry_type entry_type,
  scanned_at timestamptz, ticket_id integer, answered boolean, type_de text, type_en text,
  buyer_name text, entered_at timestamptz, entered_gate text, inside integer, entered integer,
  capacity integer
) LANGUAGE plpgsql AS $$
DECLARE
  verdict scan_result := refused;
  found_ticket integer;
  found_event integer;
  found_status order_status;
  refund_owed boolean;
  starts timestamptz;
  ends timestamptz;
  de text;
  en text;
  holder text;
  last_id integer;
  last_direction entry_type;
  last_at timestamptz;
  last_scan integer;
  last_gate text;
  recorded door_scans;
  first_outcome boolean := true;
BEGIN
  IF verdict IS NULL THEN
    SELECT t.id, tt.event_id, o.status, o.refund_requested_at IS NOT NULL, e.starts_at,
        e.ends_at, tt.name_de, tt.name_en, o.buyer_name
      INTO found_ticket, found_event, found_status, refund_owed, starts, ends, de, en, holder
      FROM tickets t
      JOIN event_ticket_types tt ON tt.id = t.ticket_type_id
      JOIN orders o ON o.id = t.order_id
      JOIN events e ON e.id = tt.event_id
      WHERE t.id = ticket AND t.code = ticket_code
      FOR UPDATE OF t;
    IF found_ticket IS NULL THEN
      verdict := 'unknown_code';
    ELSIF found_event <> door_event THEN
      verdict := 'other_event';
      found_ticket := NULL;
    ELSIF found_status <> 'paid' OR refund_owed THEN
      verdict := 'cancelled';
    ELSIF scanned < starts - opens_before_ms * interval '1 millisecond'
       OR scanned > ends + closes_after_ms * interval '1 millisecond' THEN
      verdict := 'not_today';
    ELSE
      SELECT l.id, l.entry_type, l.created_at, l.door_scan_id, s.gate
        INTO last_id, last_direction, last_at, last_scan, last_gate
        FROM event_logs l LEFT JOIN door_scans s ON s.id = l.door_scan_id
        WHERE l.ticket_id = found_ticket
        ORDER BY l.created_at DESC, l.id DESC LIMIT 1;
      IF direction = 'exit' THEN
        verdict := CASE WHEN last_direction = 'entry' THEN 'valid' ELSE 'not_inside' END;
      ELSIF last_direction IS DISTINCT FROM 'entry' THEN
        verdict := 'valid';
      ELSIF NOT is_offline THEN
        verdict := 'already_inside';
      ELSE
        verdict := 'duplicate';
      END IF;
    END IF;
  END IF;

  -- A scan id recorded before (a resend, or the same scan twice at once) inserts nothing and
  -- answers its first outcome: the unique scan id decides, not a lookup that could race.
  INSERT INTO door_scans AS s (scan_id, event_id, ticket_id, door_link_id, result, entry_type,
      gate, device, offline, scanned_at)
    VALUES (scan, door_event, found_ticket, door_link, verdict, direction, door_gate, scan_device,
      is_offline, scanned)
    ON CONFLICT ON CONSTRAINT door_scans_event_scan_unique DO NOTHING
    RETURNING s.* INTO recorded;
  IF NOT FOUND THEN
    SELECT s.* INTO recorded FROM door_scans s WHERE s.event_id = door_event AND s.scan_id = scan;
    first_outcome := false;
  ELSIF verdict = 'valid' THEN
    INSERT INTO event_logs (ticket_id, entry_type, door_scan_id, created_at)
      VALUES (found_ticket, direction, recorded.id, scanned);
  ELSIF verdict = 'duplicate' AND last_at > scanned AND last_scan IS NOT NULL THEN
    -- First by time wins: this offline scan was earlier than the entry on record.
    UPDATE event_logs l SET created_at = scanned, door_scan_id = recorded.id WHERE l.id = last_id;
    UPDATE door_scans s SET result = 'duplicate' WHERE s.id = last_scan;
    UPDATE door_scans s SET result = 'valid' WHERE s.id = recorded.id RETURNING s.* INTO recorded;
    first_outcome := false;
  END IF;

  RETURN QUERY SELECT recorded.id, recorded.scan_id, recorded.result, recorded.entry_type,
    recorded.scanned_at, recorded.ticket_id, first_outcome, de, en, holder,
    CASE WHEN first_outcome AND verdict IN ('already_inside', 'duplicate') THEN last_at END,
    CASE WHEN first_outcome AND verdict IN ('already_inside', 'duplicate') THEN last_gate END,
    (SELECT coalesce(sum(c.inside), 0)::int FROM door_counts c WHERE c.event_id = door_event),
    (SELECT coalesce(sum(c.entered), 0)::int FROM door_counts c WHERE c.event_id = door_event),
    (SELECT coalesce(sum(tt.capacity), 0)::int FROM event_ticket_types tt
      WHERE tt.event_id = door_event);
END
$$;

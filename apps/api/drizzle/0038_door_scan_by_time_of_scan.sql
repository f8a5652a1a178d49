-- door_scan is 0035's but for how an offline scan is judged. 0035 judged it by the ticket's latest
-- move, and an offline entry earlier than the latest entry took that entry's place. With an exit
-- between the two (entry, exit, entry again, then an offline entry from before the exit synced),
-- the latest entry moved back before the exit: the holder, inside, counted as outside, and a copy
-- of the ticket was admitted. An offline scan is now judged by where the ticket stood when it was
-- scanned: the move before it (inside or not) and the move after it. An offline entry made while
-- the holder was outside takes the place of the next move only when that is an entry (first by
-- time wins: the later one was a second person); an offline exit whose leaving is on record
-- later is not_inside. Online scans are judged by the latest move, as before; the API now stamps
-- them with its own clock (lib/door.ts), so a phone whose clock runs behind cannot put a new move
-- before older ones.
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
  -- The move that decides: online the latest, offline the last one at or before the scan.
  last_direction entry_type;
  last_at timestamptz;
  last_gate text;
  -- Offline only: the first move after the scan.
  next_id integer;
  next_direction entry_type;
  next_at timestamptz;
  next_scan integer;
  next_gate text;
  takes_place boolean := false;
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
      SELECT l.entry_type, l.created_at, s.gate INTO last_direction, last_at, last_gate
        FROM event_logs l LEFT JOIN door_scans s ON s.id = l.door_scan_id
        WHERE l.ticket_id = found_ticket AND (NOT is_offline OR l.created_at <= scanned)
        ORDER BY l.created_at DESC, l.id DESC LIMIT 1;
      IF is_offline THEN
        SELECT l.id, l.entry_type, l.created_at, l.door_scan_id, s.gate
          INTO next_id, next_direction, next_at, next_scan, next_gate
          FROM event_logs l LEFT JOIN door_scans s ON s.id = l.door_scan_id
          WHERE l.ticket_id = found_ticket AND l.created_at > scanned
          ORDER BY l.created_at, l.id LIMIT 1;
      END IF;
      IF direction = 'exit' THEN
        verdict := CASE
          WHEN last_direction IS DISTINCT FROM 'entry' OR next_direction = 'exit' THEN 'not_inside'
          ELSE 'valid' END;
      ELSIF last_direction = 'entry' THEN
        verdict := CASE WHEN is_offline THEN 'duplicate' ELSE 'already_inside' END;
      ELSIF next_direction = 'entry' AND next_scan IS NULL THEN
        -- The next entry was recorded without a scan to give its place to: it stays the entry.
        verdict := 'duplicate';
        last_at := next_at;
        last_gate := next_gate;
      ELSE
        verdict := 'valid';
        takes_place := next_direction = 'entry';
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
  ELSIF takes_place THEN
    -- First by time wins: this offline entry came before the next entry on record, which was a
    -- second person on the same ticket.
    UPDATE event_logs l SET created_at = scanned, door_scan_id = recorded.id WHERE l.id = next_id;
    UPDATE door_scans s SET result = 'duplicate' WHERE s.id = next_scan;
  ELSIF verdict = 'valid' THEN
    INSERT INTO event_logs (ticket_id, entry_type, door_scan_id, created_at)
      VALUES (found_ticket, direction, recorded.id, scanned);
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

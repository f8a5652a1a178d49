-- door_scan is 0035's but for the times scans are judged at. 0035 judged an offline scan by the
-- ticket's latest move, and an offline entry earlier than the latest entry took that entry's
-- place. With an exit between the two (in, out, in again, then an entry from while the holder was
-- inside synced late), the latest entry moved back before the exit: the holder, inside, counted
-- as outside, and a copy of the ticket was admitted. A scan that arrives late can also change what
-- the scans after it meant (an exit synced late makes a later entry, refused as a duplicate, the
-- holder's way back in).
--
-- So an offline scan is now recorded, and then the ticket's offline scans from its time on are
-- judged again in the order they were made (`door_replay`), among the moves that stay as they
-- are: those of online scans (what an online scanner answered happened) and those written without
-- a scan (the seed's). Two entries without an exit between them: the first is valid and a later
-- offline one a duplicate (first by time wins); an exit while outside is not_inside. Only the
-- scans after the new one's time are judged again, so a phone's queue synced oldest first costs
-- one judgement a scan. An online scan is judged by the latest move and recorded after it, at the
-- database's time once the ticket is locked: a phone whose clock runs behind cannot put it before
-- older moves, nor can a request that waited for the lock. An offline scan keeps its device's
-- time, never later than now (lib/door.ts).
CREATE FUNCTION door_replay(ticket integer, since timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  item record;
  state entry_type;
  judged scan_result;
BEGIN
  -- The ticket's row is locked by the caller. Where it stood before `since`: its last move then.
  SELECT l.entry_type INTO state FROM event_logs l
    WHERE l.ticket_id = ticket AND l.created_at < since
    ORDER BY l.created_at DESC, l.id DESC LIMIT 1;
  -- From `since` on, the offline scans' moves are made again from their verdicts. Online scans
  -- and moves written without a scan are fixed: what an online scanner answered happened.
  DELETE FROM event_logs l USING door_scans s
    WHERE l.ticket_id = ticket AND l.created_at >= since AND s.id = l.door_scan_id AND s.offline;
  FOR item IN
    SELECT s.id, s.entry_type AS direction, s.scanned_at AS at, s.result, false AS fixed
      FROM door_scans s
      WHERE s.ticket_id = ticket AND s.offline AND s.scanned_at >= since
        AND s.result IN ('valid', 'duplicate', 'not_inside')
        -- An entry refused on the device stands (migration 0039): that person was turned away.
        -- An exit is judged all the same: nobody is kept from leaving.
        AND (s.entry_type = 'exit' OR coalesce(s.device_result, 'valid') = 'valid')
    UNION ALL
    SELECT l.id, l.entry_type, l.created_at, NULL, true
      FROM event_logs l LEFT JOIN door_scans s ON s.id = l.door_scan_id
      WHERE l.ticket_id = ticket AND l.created_at >= since AND (s.id IS NULL OR NOT s.offline)
    ORDER BY at, fixed DESC, id
  LOOP
    IF item.fixed THEN
      state := item.direction;
      CONTINUE;
    END IF;
    IF item.direction = 'exit' THEN
      judged := CASE WHEN state = 'entry' THEN 'valid' ELSE 'not_inside' END;
    ELSE
      judged := CASE WHEN state IS DISTINCT FROM 'entry' THEN 'valid' ELSE 'duplicate' END;
    END IF;
    IF judged = 'valid' THEN
      state := item.direction;
      INSERT INTO event_logs (ticket_id, entry_type, door_scan_id, created_at)
        VALUES (ticket, item.direction, item.id, item.at);
    END IF;
    IF judged IS DISTINCT FROM item.result THEN
      UPDATE door_scans s SET result = judged WHERE s.id = item.id;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- One argument more than 0035's: what the device answered to an offline scan (`device_said`).
DROP FUNCTION door_scan(uuid, integer, integer, text, text, boolean, entry_type, timestamptz,
  integer, text, scan_result, bigint, bigint);
--> statement-breakpoint
CREATE FUNCTION door_scan(
  scan uuid, door_event integer, door_link integer, door_gate text, scan_device text,
  is_offline boolean, direction entry_type, scanned timestamptz, ticket integer, ticket_code text,
  refused scan_result, opens_before_ms bigint, closes_after_ms bigint, device_said scan_result
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
  last_direction entry_type;
  last_at timestamptz;
  recorded door_scans;
  first_outcome boolean := true;
  entry_at timestamptz;
  entry_gate text;
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
    ELSE
      IF NOT is_offline THEN
        SELECT l.entry_type, l.created_at INTO last_direction, last_at
          FROM event_logs l WHERE l.ticket_id = found_ticket
          ORDER BY l.created_at DESC, l.id DESC LIMIT 1;
        scanned := greatest(clock_timestamp(), last_at + interval '1 microsecond');
      END IF;
      IF scanned < starts - opens_before_ms * interval '1 millisecond'
         OR scanned > ends + closes_after_ms * interval '1 millisecond' THEN
        verdict := 'not_today';
      ELSIF is_offline AND direction = 'entry' AND device_said <> 'valid' THEN
        -- Turned away at the door by the device: that stands, and moves nothing.
        verdict := device_said;
      ELSIF is_offline THEN
        -- Judged below, with the ticket's other scans.
        verdict := 'valid';
      ELSIF direction = 'exit' THEN
        verdict := CASE WHEN last_direction = 'entry' THEN 'valid' ELSE 'not_inside' END;
      ELSE
        verdict := CASE WHEN last_direction = 'entry' THEN 'already_inside' ELSE 'valid' END;
      END IF;
    END IF;
  END IF;

  -- A scan id recorded before (a resend, or the same scan twice at once) inserts nothing and
  -- answers its first outcome: the unique scan id decides, not a lookup that could race.
  INSERT INTO door_scans AS s (scan_id, event_id, ticket_id, door_link_id, result, entry_type,
      gate, device, offline, device_result, scanned_at)
    VALUES (scan, door_event, found_ticket, door_link, verdict, direction, door_gate, scan_device,
      is_offline, CASE WHEN is_offline THEN device_said END, scanned)
    ON CONFLICT ON CONSTRAINT door_scans_event_scan_unique DO NOTHING
    RETURNING s.* INTO recorded;
  IF NOT FOUND THEN
    SELECT s.* INTO recorded FROM door_scans s WHERE s.event_id = door_event AND s.scan_id = scan;
    first_outcome := false;
  ELSIF is_offline AND verdict = 'valid' THEN
    PERFORM door_replay(found_ticket, scanned);
    SELECT s.* INTO recorded FROM door_scans s WHERE s.id = recorded.id;
  ELSIF verdict = 'valid' THEN
    INSERT INTO event_logs (ticket_id, entry_type, door_scan_id, created_at)
      VALUES (found_ticket, direction, recorded.id, scanned);
  END IF;

  -- Where the ticket entered before a scan refused as inside: its last entry before that scan.
  IF first_outcome AND recorded.result IN ('already_inside', 'duplicate') THEN
    SELECT l.created_at, s.gate INTO entry_at, entry_gate
      FROM event_logs l LEFT JOIN door_scans s ON s.id = l.door_scan_id
      WHERE l.ticket_id = found_ticket AND l.entry_type = 'entry'
        AND l.created_at <= recorded.scanned_at
      ORDER BY l.created_at DESC, l.id DESC LIMIT 1;
  END IF;

  RETURN QUERY SELECT recorded.id, recorded.scan_id, recorded.result, recorded.entry_type,
    recorded.scanned_at, recorded.ticket_id, first_outcome, de, en, holder, entry_at, entry_gate,
    (SELECT coalesce(sum(c.inside), 0)::int FROM door_counts c WHERE c.event_id = door_event),
    (SELECT coalesce(sum(c.entered), 0)::int FROM door_counts c WHERE c.event_id = door_event),
    (SELECT coalesce(sum(tt.capacity), 0)::int FROM event_ticket_types tt
      WHERE tt.event_id = door_event);
END
$$;

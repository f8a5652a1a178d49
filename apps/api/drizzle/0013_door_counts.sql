-- The door's live counters (inside now, entered in total) kept per event instead of recounted
-- from every move at each scan, which grew with the event. Each ticket keeps its last move, and
-- the per-event counts are split over 16 rows by ticket id, so that scanners admitting different
-- tickets at once seldom wait on the same row. Both are kept by statement triggers on the moves,
-- in the transaction that records them; a ticket's last move is recomputed from its moves, so it
-- cannot drift, and the counts change by what the last moves changed.
ALTER TABLE "tickets" ADD COLUMN "last_move" "entry_type";--> statement-breakpoint
CREATE TABLE "door_counts" (
	"event_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"inside" integer DEFAULT 0 NOT NULL,
	"entered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "door_counts_event_id_shard_pk" PRIMARY KEY("event_id","shard")
);
--> statement-breakpoint
ALTER TABLE "door_counts" ADD CONSTRAINT "door_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION door_moves_of(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH latest AS (
    SELECT a.id,
      (SELECT l.entry_type FROM event_logs l WHERE l.ticket_id = a.id
        ORDER BY l.created_at DESC, l.id DESC LIMIT 1) AS move
    FROM unnest(ids) AS a(id)
  ), changed AS (
    -- The self-join reads the rows as they were before this update: the move each replaces.
    UPDATE tickets t SET last_move = latest.move
    FROM latest, tickets before
    WHERE t.id = latest.id AND before.id = t.id AND t.last_move IS DISTINCT FROM latest.move
    RETURNING t.id, t.ticket_type_id, before.last_move AS was, latest.move AS now
  )
  INSERT INTO door_counts AS c (event_id, shard, inside, entered)
  SELECT tt.event_id, changed.id % 16,
    sum((changed.now IS NOT DISTINCT FROM 'entry')::int - (changed.was IS NOT DISTINCT FROM 'entry')::int),
    sum((changed.now IS NOT NULL)::int - (changed.was IS NOT NULL)::int)
  FROM changed JOIN event_ticket_types tt ON tt.id = changed.ticket_type_id
  GROUP BY 1, 2
  ON CONFLICT (event_id, shard)
    DO UPDATE SET inside = c.inside + excluded.inside, entered = c.entered + excluded.entered
$$;
--> statement-breakpoint
CREATE FUNCTION door_moves_of_logs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM door_moves_of(array(SELECT DISTINCT ticket_id FROM new_logs));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM door_moves_of(array(SELECT DISTINCT ticket_id FROM old_logs));
  ELSE
    PERFORM door_moves_of(array(SELECT ticket_id FROM new_logs UNION SELECT ticket_id FROM old_logs));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER door_moves_insert AFTER INSERT ON event_logs
  REFERENCING NEW TABLE AS new_logs FOR EACH STATEMENT EXECUTE FUNCTION door_moves_of_logs();
--> statement-breakpoint
CREATE TRIGGER door_moves_update AFTER UPDATE ON event_logs
  REFERENCING NEW TABLE AS new_logs OLD TABLE AS old_logs FOR EACH STATEMENT EXECUTE FUNCTION door_moves_of_logs();
--> statement-breakpoint
CREATE TRIGGER door_moves_delete AFTER DELETE ON event_logs
  REFERENCING OLD TABLE AS old_logs FOR EACH STATEMENT EXECUTE FUNCTION door_moves_of_logs();
--> statement-breakpoint
SELECT door_moves_of(array(SELECT DISTINCT ticket_id FROM event_logs));

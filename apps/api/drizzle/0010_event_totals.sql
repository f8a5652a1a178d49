-- Kept totals per event: tickets sold and the lowest and highest ticket price (discount
-- applied), so "popular" and "by price" over all upcoming events walk an index and stop after
-- their page instead of aggregating every ticket type. Kept by statement triggers on the ticket
-- types, in the same transaction as the sale, refund or price change that moves them; the
-- totals are recomputed from the event's ticket types (a handful), so they cannot drift.
ALTER TABLE "events" ADD COLUMN "tickets_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "price_from" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "price_max" integer;--> statement-breakpoint
CREATE FUNCTION event_totals_of(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE events e SET tickets_sold = t.sold, price_from = t.price_from, price_max = t.price_max
  FROM (
    SELECT a.id, coalesce(sum(tt.sold_count), 0)::int AS sold,
      min(coalesce(tt.discount_price_cents, tt.price_cents))::int AS price_from,
      max(coalesce(tt.discount_price_cents, tt.price_cents))::int AS price_max
    FROM unnest(ids) AS a(id) LEFT JOIN event_ticket_types tt ON tt.event_id = a.id
    GROUP BY a.id
  ) t
  WHERE e.id = t.id
    AND (e.tickets_sold, e.price_from, e.price_max) IS DISTINCT FROM (t.sold, t.price_from, t.price_max)
$$;
--> statement-breakpoint
-- Transition tables need one trigger per operation; plpgsql plans only the branch it runs.
CREATE FUNCTION event_totals_of_ticket_types() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM event_totals_of(array(SELECT DISTINCT event_id FROM new_types));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM event_totals_of(array(SELECT DISTINCT event_id FROM old_types));
  ELSE
    PERFORM event_totals_of(array(SELECT event_id FROM new_types UNION SELECT event_id FROM old_types));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_totals_insert AFTER INSERT ON event_ticket_types
  REFERENCING NEW TABLE AS new_types FOR EACH STATEMENT EXECUTE FUNCTION event_totals_of_ticket_types();
--> statement-breakpoint
CREATE TRIGGER event_totals_update AFTER UPDATE ON event_ticket_types
  REFERENCING NEW TABLE AS new_types OLD TABLE AS old_types FOR EACH STATEMENT EXECUTE FUNCTION event_totals_of_ticket_types();
--> statement-breakpoint
CREATE TRIGGER event_totals_delete AFTER DELETE ON event_ticket_types
  REFERENCING OLD TABLE AS old_types FOR EACH STATEMENT EXECUTE FUNCTION event_totals_of_ticket_types();
--> statement-breakpoint
SELECT event_totals_of(array(SELECT DISTINCT event_id FROM event_ticket_types));
--> statement-breakpoint
CREATE INDEX "events_popular_idx" ON "events" USING btree ("tickets_sold" DESC,"starts_at","id","ends_at") WHERE "events"."status" in ('published', 'cancelled');--> statement-breakpoint
CREATE INDEX "events_price_idx" ON "events" USING btree ("price_from","starts_at","id","ends_at") WHERE "events"."status" in ('published', 'cancelled');

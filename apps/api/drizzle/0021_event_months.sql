-- Published events per category and per city, by the month (UTC) their end falls in, so that the
-- number of upcoming events of a category or city (the home page's and listing's category and
-- city lists, the search's names) reads the months after the current one from a few kept rows
-- and counts only the current month's events, from the end onwards, in an index. Counting every
-- upcoming event in the index grew with the catalogue (10,000 events: 1.0 ms for the ten
-- categories, 1.5 ms for the cities, on every uncached page that lists them).
--
-- Kept by triggers on `events` (and on a venue moving to another city), in the transaction that
-- publishes, unpublishes, moves or deletes an event: each change adds its difference to the rows
-- (+1 where an event now counts, -1 where it counted before), which is safe when transactions
-- publish in the same month at once, as a count taken afresh in each would not be. An update
-- that moves none of the counted columns (a sale's new totals) does not fire them.
CREATE TABLE "category_event_months" (
	"category_id" integer NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"published" integer NOT NULL,
	CONSTRAINT "category_event_months_category_id_month_pk" PRIMARY KEY("category_id","month")
);
--> statement-breakpoint
CREATE TABLE "city_event_months" (
	"city_id" integer NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"published" integer NOT NULL,
	CONSTRAINT "city_event_months_city_id_month_pk" PRIMARY KEY("city_id","month")
);
--> statement-breakpoint
ALTER TABLE "category_event_months" ADD CONSTRAINT "category_event_months_category_id_event_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."event_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_event_months" ADD CONSTRAINT "city_event_months_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The current month's part of a count: published events of the category or venue by their end.
CREATE INDEX "events_category_end_idx" ON "events" USING btree ("category_id","ends_at") WHERE "events"."status" = 'published';--> statement-breakpoint
CREATE INDEX "events_venue_end_idx" ON "events" USING btree ("venue_id","ends_at") WHERE "events"."status" = 'published';--> statement-breakpoint
-- Adds `deltas` (one per event: its category, venue and end) to the months' counts. One row per
-- month and category or city in each statement (ON CONFLICT may not touch a row twice), and none
-- where the differences cancel out (an event moved within its month and city).
CREATE FUNCTION event_months_add(category_ids integer[], venue_ids integer[], ends timestamptz[],
  deltas integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO category_event_months AS m (category_id, month, published)
  SELECT c.category_id, date_trunc('month', c.ends_at, 'UTC'), sum(c.delta)::int
  FROM unnest(category_ids, ends, deltas) AS c(category_id, ends_at, delta)
  GROUP BY 1, 2 HAVING sum(c.delta) <> 0
  ON CONFLICT (category_id, month) DO UPDATE SET published = m.published + excluded.published;
  -- The venues' cities read under a share lock: a venue moving to another city at the same time
  -- either waits for this transaction (and then moves its events, this one's included) or has
  -- committed, and its new city is the one read here.
  WITH located AS (SELECT v.id, v.city_id FROM venues v WHERE v.id = ANY(venue_ids) FOR SHARE)
  INSERT INTO city_event_months AS m (city_id, month, published)
  SELECT v.city_id, date_trunc('month', c.ends_at, 'UTC'), sum(c.delta)::int
  FROM unnest(venue_ids, ends, deltas) AS c(venue_id, ends_at, delta)
  JOIN located v ON v.id = c.venue_id
  GROUP BY 1, 2 HAVING sum(c.delta) <> 0
  ON CONFLICT (city_id, month) DO UPDATE SET published = m.published + excluded.published;
$$;
--> statement-breakpoint
-- Inserts and deletes per statement (a seed's thousands of events: one call), an update per row:
-- an UPDATE trigger with transition tables may not name its columns, and would then fire on
-- every sale's update of the event's totals.
CREATE FUNCTION event_months_of_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM event_months_add(array_agg(category_id), array_agg(venue_id), array_agg(ends_at),
      array_agg(1)) FROM new_events WHERE status = 'published' HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM event_months_add(array_agg(category_id), array_agg(venue_id), array_agg(ends_at),
      array_agg(-1)) FROM old_events WHERE status = 'published' HAVING count(*) > 0;
  ELSE
    PERFORM event_months_add(ARRAY[OLD.category_id, NEW.category_id],
      ARRAY[OLD.venue_id, NEW.venue_id], ARRAY[OLD.ends_at, NEW.ends_at],
      ARRAY[-(OLD.status = 'published')::int, (NEW.status = 'published')::int]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_months_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION event_months_of_events();
--> statement-breakpoint
CREATE TRIGGER event_months_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION event_months_of_events();
--> statement-breakpoint
CREATE TRIGGER event_months_update AFTER UPDATE OF status, category_id, venue_id, ends_at ON events
  FOR EACH ROW WHEN ((OLD.status = 'published' OR NEW.status = 'published')
    AND (OLD.status, OLD.category_id, OLD.venue_id, OLD.ends_at)
      IS DISTINCT FROM (NEW.status, NEW.category_id, NEW.venue_id, NEW.ends_at))
  EXECUTE FUNCTION event_months_of_events();
--> statement-breakpoint
-- TRUNCATE fires no row or transition triggers: the counts go with the events.
CREATE FUNCTION event_months_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM category_event_months;
  DELETE FROM city_event_months;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_months_truncate AFTER TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION event_months_truncate();
--> statement-breakpoint
-- A venue that moves to another city takes its published events' counts along.
CREATE FUNCTION event_months_of_venue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO city_event_months AS m (city_id, month, published)
  SELECT moved.city_id, date_trunc('month', e.ends_at, 'UTC'), sum(moved.delta)::int
  FROM events e, (VALUES (OLD.city_id, -1), (NEW.city_id, 1)) AS moved(city_id, delta)
  WHERE e.venue_id = NEW.id AND e.status = 'published'
  GROUP BY 1, 2
  ON CONFLICT (city_id, month) DO UPDATE SET published = m.published + excluded.published;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_months_venue_city AFTER UPDATE OF city_id ON venues
  FOR EACH ROW WHEN (OLD.city_id IS DISTINCT FROM NEW.city_id)
  EXECUTE FUNCTION event_months_of_venue();
--> statement-breakpoint
-- One statement that changes many events (an organiser's suspension or reinstatement) takes the
-- months' rows event by event, a category's before a city's; another transaction publishing one
-- event could hold that category's row and wait for a city's row the first already holds. Such a
-- statement first locks every row it will change, each table's in key order, with this.
CREATE FUNCTION event_months_lock(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM category_event_months m
  WHERE (m.category_id, m.month) IN (
    SELECT e.category_id, date_trunc('month', e.ends_at, 'UTC') FROM events e WHERE e.id = ANY(ids))
  ORDER BY m.category_id, m.month FOR UPDATE;
  PERFORM FROM city_event_months m
  WHERE (m.city_id, m.month) IN (
    SELECT v.city_id, date_trunc('month', e.ends_at, 'UTC')
    FROM events e JOIN venues v ON v.id = e.venue_id WHERE e.id = ANY(ids))
  ORDER BY m.city_id, m.month FOR UPDATE;
END
$$;
--> statement-breakpoint
SELECT event_months_add(array_agg(category_id), array_agg(venue_id), array_agg(ends_at), array_agg(1))
FROM events WHERE status = 'published' HAVING count(*) > 0;

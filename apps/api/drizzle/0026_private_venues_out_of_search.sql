-- An organiser's own venue (organiser_id set) is theirs until an event that is not a draft takes
-- place there, as the search's venue and city lists now read it (`publicVenue`). The typo
-- dictionary took every venue's name: a private venue's words now come in with that event, and
-- those that only private venues gave are taken out (instances read the dictionary whole again
-- within ten minutes; `catalogue-typos.ts`).
CREATE OR REPLACE FUNCTION search_words_of_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'draft' THEN
    PERFORM search_words_add(NEW.title_de, NEW.title_en,
      (SELECT v.name FROM venues v WHERE v.id = NEW.venue_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_of_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME <> 'venues' THEN
    PERFORM search_words_add(NEW.name_de, NEW.name_en);
  ELSIF NEW.organiser_id IS NULL
     OR EXISTS (SELECT FROM events e WHERE e.venue_id = NEW.id AND e.status <> 'draft') THEN
    PERFORM search_words_add(NEW.name);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER search_words_of_event ON events;
--> statement-breakpoint
CREATE TRIGGER search_words_of_event AFTER INSERT OR UPDATE OF title_de, title_en, status, venue_id
  ON events FOR EACH ROW EXECUTE FUNCTION search_words_of_event();
--> statement-breakpoint
DROP TRIGGER search_words_of_venue ON venues;
--> statement-breakpoint
CREATE TRIGGER search_words_of_venue AFTER INSERT OR UPDATE OF name, organiser_id ON venues
  FOR EACH ROW EXECUTE FUNCTION search_words_of_names();
--> statement-breakpoint
WITH private_venues AS (
  SELECT v.name FROM venues v
  WHERE v.organiser_id IS NOT NULL
    AND NOT EXISTS (SELECT FROM events e WHERE e.venue_id = v.id AND e.status <> 'draft')
), public_texts(text) AS (
  SELECT title_de FROM events WHERE status <> 'draft'
  UNION ALL SELECT title_en FROM events WHERE status <> 'draft'
  UNION ALL SELECT name_de FROM event_categories UNION ALL SELECT name_en FROM event_categories
  UNION ALL SELECT name_de FROM cities UNION ALL SELECT name_en FROM cities
  UNION ALL SELECT v.name FROM venues v WHERE v.organiser_id IS NULL
    OR EXISTS (SELECT FROM events e WHERE e.venue_id = v.id AND e.status <> 'draft')
)
DELETE FROM search_words
WHERE word IN (
    SELECT w FROM private_venues, regexp_split_to_table(lower(name), '[[:space:][:punct:]]+') AS w)
  AND word NOT IN (
    SELECT w FROM public_texts, regexp_split_to_table(lower(text), '[[:space:][:punct:]]+') AS w
    WHERE w IS NOT NULL);

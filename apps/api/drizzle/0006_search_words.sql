-- The words of the catalogue's public names (event titles in both languages, categories,
-- venues, cities), lower-cased, once each: the dictionary a query with a typo is corrected
-- against (`typoCorrection` in src/lib/catalogue-queries.ts). Kept up to date by triggers; a
-- word stays when its last title changes (it then only widens a corrected query a little).
-- Drafts add nothing, so their titles cannot leak through a correction. Words are only ever
-- added, in `id` order, so an API instance reads only the ones it has not seen yet.
CREATE TABLE "search_words" ("id" serial PRIMARY KEY NOT NULL, "word" text NOT NULL UNIQUE);
--> statement-breakpoint
CREATE FUNCTION search_words_add(VARIADIC texts text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM unnest(texts) AS t(text), regexp_split_to_table(lower(t.text), '[[:space:][:punct:]]+') AS w
  WHERE length(w) >= 4
  ON CONFLICT (word) DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_of_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'draft' THEN
    PERFORM search_words_add(NEW.title_de, NEW.title_en);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_of_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'venues' THEN
    PERFORM search_words_add(NEW.name);
  ELSE
    PERFORM search_words_add(NEW.name_de, NEW.name_en);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_of_event AFTER INSERT OR UPDATE OF title_de, title_en, status ON events
  FOR EACH ROW EXECUTE FUNCTION search_words_of_event();
--> statement-breakpoint
CREATE TRIGGER search_words_of_venue AFTER INSERT OR UPDATE OF name ON venues
  FOR EACH ROW EXECUTE FUNCTION search_words_of_names();
--> statement-breakpoint
CREATE TRIGGER search_words_of_category AFTER INSERT OR UPDATE OF name_de, name_en ON event_categories
  FOR EACH ROW EXECUTE FUNCTION search_words_of_names();
--> statement-breakpoint
CREATE TRIGGER search_words_of_city AFTER INSERT OR UPDATE OF name_de, name_en ON cities
  FOR EACH ROW EXECUTE FUNCTION search_words_of_names();
--> statement-breakpoint
SELECT search_words_add(title_de, title_en) FROM events WHERE status <> 'draft';
--> statement-breakpoint
SELECT search_words_add(name) FROM venues;
--> statement-breakpoint
SELECT search_words_add(name_de, name_en) FROM event_categories;
--> statement-breakpoint
SELECT search_words_add(name_de, name_en) FROM cities;

-- Full-text search in both languages (stemming: "Konzerte" finds "Konzert") and trigram
-- similarity (a typo still finds the title). The same SQL runs on PGlite and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_de" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('german', "title_de"), 'A') || setweight(to_tsvector('german', "description_de"), 'B')
) STORED;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_en" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title_en"), 'A') || setweight(to_tsvector('english', "description_en"), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "events_search_de_idx" ON "events" USING gin ("search_de");
--> statement-breakpoint
CREATE INDEX "events_search_en_idx" ON "events" USING gin ("search_en");
--> statement-breakpoint
CREATE INDEX "events_title_de_trgm_idx" ON "events" USING gin ("title_de" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "events_title_en_trgm_idx" ON "events" USING gin ("title_en" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "venues_name_trgm_idx" ON "venues" USING gin ("name" gin_trgm_ops);

-- The sitemap's event list (`sitemapEvents`): pages of the upcoming published events by id. By
-- the primary key, a page read every row up to its last to test status and end, those of the
-- pages before it and every past event included (10,000 events, the second page of 5,000: 10,000
-- rows, ~10,000 buffers). Here "not ended yet" is tested on the index entry: a page's ids come
-- from the index alone (41 buffers, no row read), and only then are its own rows read.
CREATE INDEX "events_sitemap_idx" ON "events" USING btree ("id","ends_at") WHERE "events"."status" = 'published';

-- What an event's ticket holders were last told of its start and venue: a change of either after
-- tickets were sold reached nobody. Null until the first change (change-notices.ts).
ALTER TABLE "events" ADD COLUMN "announced_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "announced_venue_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_announced_venue_id_venues_id_fk" FOREIGN KEY ("announced_venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;
-- What each paid order's buyer was last told of its event's start and venue (the confirmation,
-- then each change notice): a change of either after tickets were sold reached nobody. Paid
-- orders from before are taken to know the event as it is now.
ALTER TABLE "orders" ADD COLUMN "told_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "told_venue_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_told_venue_id_venues_id_fk" FOREIGN KEY ("told_venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "orders" SET "told_starts_at" = "events"."starts_at", "told_venue_id" = "events"."venue_id"
FROM "events" WHERE "events"."id" = "orders"."event_id" AND "orders"."status" = 'paid';--> statement-breakpoint
-- The last change of an event's start or venue: the notice of an earlier one waits for it.
ALTER TABLE "events" ADD COLUMN "schedule_changed_at" timestamp with time zone;

CREATE TYPE "public"."door_mode" AS ENUM('entry', 'entry_exit');--> statement-breakpoint
CREATE TYPE "public"."scan_result" AS ENUM('valid', 'already_inside', 'not_inside', 'duplicate', 'unknown_code', 'invalid_signature', 'other_event', 'cancelled', 'not_today');--> statement-breakpoint
CREATE TABLE "door_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"gate" text,
	"mode" "door_mode" DEFAULT 'entry' NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "door_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"scan_id" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"ticket_id" integer,
	"door_link_id" integer,
	"result" "scan_result" NOT NULL,
	"entry_type" "entry_type" NOT NULL,
	"gate" text,
	"device" text,
	"offline" boolean DEFAULT false NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_scans_scan_id_unique" UNIQUE("scan_id")
);
--> statement-breakpoint
DROP INDEX "event_logs_ticket_idx";--> statement-breakpoint
ALTER TABLE "event_logs" ADD COLUMN "door_scan_id" integer;--> statement-breakpoint
ALTER TABLE "door_links" ADD CONSTRAINT "door_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_links" ADD CONSTRAINT "door_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_door_link_id_door_links_id_fk" FOREIGN KEY ("door_link_id") REFERENCES "public"."door_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_links_event_idx" ON "door_links" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "door_scans_event_idx" ON "door_scans" USING btree ("event_id","scanned_at");--> statement-breakpoint
CREATE INDEX "door_scans_ticket_idx" ON "door_scans" USING btree ("ticket_id");--> statement-breakpoint
ALTER TABLE "event_logs" ADD CONSTRAINT "event_logs_door_scan_id_door_scans_id_fk" FOREIGN KEY ("door_scan_id") REFERENCES "public"."door_scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_logs_ticket_idx" ON "event_logs" USING btree ("ticket_id","created_at");
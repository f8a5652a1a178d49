-- A door link's create call may carry an Idempotency-Key: the door screen's form sends one, so a
-- reload that posts the form again answers the same link instead of making a second. Per creator;
-- links made without a key (NULL) never clash.
ALTER TABLE "door_links" ADD COLUMN "idempotency_key_hash" text;--> statement-breakpoint
ALTER TABLE "door_links" ADD COLUMN "sealed_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "door_links_idempotency_idx" ON "door_links" USING btree ("created_by","idempotency_key_hash");
-- The operator's organiser lists, a page at a time: each state in application order (oldest
-- first, then id), so that a page is an index range instead of a sort of every organiser.
CREATE INDEX "organiser_profiles_status_idx" ON "organiser_profiles" USING btree ("approval_status","created_at","user_id");--> statement-breakpoint
CREATE INDEX "organiser_profiles_suspended_idx" ON "organiser_profiles" USING btree ("created_at","user_id") WHERE "organiser_profiles"."suspended_at" is not null;--> statement-breakpoint
-- Their search (any part of a name, email or company name, any case): written by hand, as the
-- catalogue's trigram indexes (0002). Without them every search read the whole users table,
-- visitors included.
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("name" || ' ' || "surname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organiser_profiles_company_trgm_idx" ON "organiser_profiles" USING gin ("company_name" gin_trgm_ops);

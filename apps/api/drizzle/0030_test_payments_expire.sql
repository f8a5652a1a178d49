-- The test provider's page took a payment at any time, though the checkout tells every provider
-- when its window ends (Stripe's session expires then): a test payment made an hour later took the
-- late path, refunded for seats that were no longer held. Payments from before get the default
-- window (31 minutes) from when they were made.
ALTER TABLE "test_payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "test_payments" SET "expires_at" = "created_at" + interval '31 minutes';--> statement-breakpoint
ALTER TABLE "test_payments" ALTER COLUMN "expires_at" SET NOT NULL;

-- A refund the payment provider reported as failed (its money back in the operator's balance):
-- the operator owes it to the buyer another way and records when they gave it back.
ALTER TABLE "orders" ADD COLUMN "refund_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_repaid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_refund_failed_idx" ON "orders" USING btree ("refund_failed_at") WHERE "orders"."refund_failed_at" is not null and "orders"."refund_repaid_at" is null;
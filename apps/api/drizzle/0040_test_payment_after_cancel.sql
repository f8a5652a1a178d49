-- A place that lost a race closes the payment it made (status cancelled). The next place of the
-- same order and amount was answered that closed payment, whose page takes nothing, and the order
-- could never be paid. A cancelled payment no longer holds its order and amount: a new one is made.
DROP INDEX "test_payments_order_amount_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "test_payments_order_amount_idx" ON "test_payments" USING btree ("order_id","amount_cents","currency") WHERE "test_payments"."status" <> 'cancelled';

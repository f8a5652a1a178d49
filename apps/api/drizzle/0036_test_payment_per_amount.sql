-- A place asks the payment provider with no transaction open (checkout/orders.ts), so two places
-- of one order can ask at once. The test provider kept one payment per order and rewrote its
-- amount: a stale place could set the placed order's payment to an amount that was not its total.
-- Now a payment is made per order and amount and never changed, as a Stripe session.
ALTER TABLE "test_payments" DROP CONSTRAINT "test_payments_order_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "test_payments_order_amount_idx" ON "test_payments" USING btree ("order_id","amount_cents","currency");
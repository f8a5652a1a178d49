-- A voucher's uses held by unexpired holds (`resolveVoucher` for a hold, `sell_seats` for a
-- payment, under the ticket types' lock) were found among every pending order of every event:
-- a rush with thousands of abandoned carts read them all for each order with a limited code.
CREATE INDEX "orders_pending_voucher_idx" ON "orders" USING btree ("voucher_id", "hold_expires_at") WHERE "orders"."status" = 'pending' AND "orders"."voucher_id" IS NOT NULL;

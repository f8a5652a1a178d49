-- When the reconciliation last asked the provider about a placed order's payment: it takes those
-- never asked, then those asked longest ago, instead of only the newest 500 (which abandoned
-- checkouts filled, so an older paid order whose webhook was lost was never asked again).
ALTER TABLE "orders" ADD COLUMN "payment_checked_at" timestamp with time zone;

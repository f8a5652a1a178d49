-- When the provider said a placed order's payment can no longer succeed. A payment that expired at
-- the provider left its order "expired", as a hold that ran out does, so the reconciliation kept
-- asking the provider about it every run for a week: after an on-sale rush, hundreds of calls a
-- minute per server process for sessions that could never be paid. Orders from before are closed
-- on their next question.
ALTER TABLE "orders" ADD COLUMN "payment_closed_at" timestamp with time zone;

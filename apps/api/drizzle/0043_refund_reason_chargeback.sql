-- A paid order whose payment the buyer's bank took back (a dispute lost at the payment provider):
-- refunded here without the provider, its tickets void and the buyer told.
ALTER TYPE "public"."refund_reason" ADD VALUE 'chargeback';
-- A paid order refunded at its payment provider, outside this product (in Stripe's dashboard):
-- its tickets stop working and the buyer is told, as for a refund made here.
ALTER TYPE "public"."refund_reason" ADD VALUE 'payment_provider';

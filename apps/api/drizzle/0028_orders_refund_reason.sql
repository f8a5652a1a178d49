-- Why a refunded order's money went back, for its return page: the seats or the voucher gone when
-- a late payment arrived, the event cancelled, or the organiser's refund. Earlier refunds keep
-- none (the page then says only that the money went back).
CREATE TYPE "public"."refund_reason" AS ENUM('sold_out', 'voucher_used_up', 'event_cancelled', 'organiser');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" "refund_reason";
-- VAT per ticket type (percent, one decimal). Every price so far was sold at the standard 19 %,
-- so existing types and order items get that; an order item keeps the rate it was sold at.
ALTER TABLE "event_ticket_types" ADD COLUMN "vat_percent" numeric(3, 1) DEFAULT 19 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_percent" numeric(3, 1) DEFAULT 19 NOT NULL;

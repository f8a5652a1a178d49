-- The price per ticket before any voucher, as held: applying or removing a voucher on a held order
-- reckons from it instead of the ticket type's price of the moment (which the organiser may have
-- changed during the hold). Open holds get it from what they hold: without a voucher the list
-- price less the item's discount; with one, the type's sale price, as it was reckoned before.
ALTER TABLE "order_items" ADD COLUMN "sale_price_cents" integer;--> statement-breakpoint
UPDATE "order_items" i SET "sale_price_cents" = CASE
    WHEN o."voucher_id" IS NULL THEN i."unit_price_cents" - coalesce(i."discount_cents", 0)
    ELSE least(t."price_cents", coalesce(t."discount_price_cents", t."price_cents"))
  END
FROM "orders" o, "event_ticket_types" t
WHERE o."id" = i."order_id" AND t."id" = i."ticket_type_id" AND o."status" = 'pending';

-- Every order names its event: the demo data's older orders were written without one and were
-- found by their items. Each of them holds one event's tickets, so the first item tells it.
UPDATE "orders" o SET "event_id" = (
  SELECT t."event_id" FROM "order_items" i
  JOIN "event_ticket_types" t ON t."id" = i."ticket_type_id"
  WHERE i."order_id" = o."id"
  ORDER BY i."id"
  LIMIT 1
)
WHERE o."event_id" IS NULL;

-- Who gave a failed refund's money back (the operator another way, the provider through a retry,
-- the bank through a chargeback): a retry the provider made may still fail, which puts the order
-- back on the operator's list; the operator's own record and the bank's never go back. Orders
-- settled before take theirs from the audit log (its entry names who).
CREATE TYPE "public"."refund_repaid_by" AS ENUM('operator', 'provider', 'chargeback');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_repaid_by" "refund_repaid_by";--> statement-breakpoint
UPDATE "orders" AS o SET "refund_repaid_by" = coalesce((
  SELECT (a."details"->>'by')::"refund_repaid_by" FROM "audit_log" a
  WHERE a."action" = 'order_refund_repaid' AND a."details"->>'order_id' = o."id"::text
    AND a."details"->>'by' IN ('operator', 'provider', 'chargeback')
  ORDER BY a."created_at" DESC LIMIT 1), 'operator')
WHERE o."refund_repaid_at" IS NOT NULL;

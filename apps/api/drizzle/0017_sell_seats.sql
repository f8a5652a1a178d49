-- A payment's seats and its voucher's use in one check that undoes the whole statement when it
-- fails (SQLSTATE EW409, as `hold_seats` does for a hold). Before, a payment whose seats were gone
-- committed the provider's report without the tickets and refunded in a second transaction: had
-- that refund failed, or the process died between the two, the report's next delivery found it
-- recorded and changed nothing. Now the report is recorded with the tickets or with the refund,
-- so a failed refund leaves it unrecorded and the provider's next delivery tries again.
--
-- The voucher: a payment that comes after its hold ran out may find the voucher's last use taken
-- by another buyer meanwhile; it then fails too (SQLSTATE EW410), and is refunded. Counted as
-- `resolveVoucher` counts (paid uses plus the other unexpired holds with the code), after the
-- caller has locked the voucher, in a statement of its own so that its snapshot sees the uses
-- committed while the caller waited for that lock.
CREATE FUNCTION sell_seats(type_ids integer[], quantities integer[], at timestamptz,
  paying_order integer, voucher integer) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF voucher IS NOT NULL AND NOT (
    SELECT v.max_uses IS NULL OR v.uses_count + (
        SELECT count(*) FROM orders o
        WHERE o.voucher_id = v.id AND o.status = 'pending' AND o.hold_expires_at > at
          AND o.id <> paying_order) < v.max_uses
    FROM vouchers v WHERE v.id = voucher) THEN
    RAISE EXCEPTION 'the voucher is used up' USING ERRCODE = 'EW410';
  END IF;
  IF NOT take_seats(type_ids, quantities, at, paying_order, true) THEN
    RAISE EXCEPTION 'the seats are gone' USING ERRCODE = 'EW409';
  END IF;
  RETURN true;
END
$$;
--> statement-breakpoint
ALTER FUNCTION sell_seats(integer[], integer[], timestamptz, integer, integer) SET plan_cache_mode = force_generic_plan;

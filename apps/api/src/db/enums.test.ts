import {
  approvalStatuses,
  doorModes,
  entryTypes,
  eventStatuses,
  locales,
  menuPlacements,
  orderStatuses,
  refundReasons,
  roles,
  scanResults,
  voucherKinds,
} from "@eventwerk/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.ts";
import * as schema from "./schema.ts";

/**
 * The schema's enums take their values from the contract, which validates what the API accepts
 * and answers; the migrations create the types. Here the migrated database's types are read back
 * and compared with the contract and with the schema, so a value added or dropped in only one of
 * the three fails.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each enum type of the database with its values, in their order. */
async function databaseEnums(): Promise<Record<string, string[]>> {
  const found = await t.ctx.db.execute(sql`
    select t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
    from pg_type t join pg_enum e on e.enumtypid = t.oid
    join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'public'
    group by t.typname`);
  return Object.fromEntries(found.rows.map((row) => [String(row.name), row.labels as string[]]));
}

describe("the database's enum types", () => {
  it("hold the contract's values, in the contract's order", async () => {
    const enums = await databaseEnums();
    const expected = {
      role: roles,
      approval_status: approvalStatuses,
      menu_placement: menuPlacements,
      locale: locales,
      event_status: eventStatuses,
      voucher_kind: voucherKinds,
      entry_type: entryTypes,
      door_mode: doorModes,
      scan_result: scanResults,
      refund_reason: refundReasons,
    };
    for (const [name, values] of Object.entries(expected)) {
      expect(enums[name], name).toEqual([...values]);
    }
  });

  it("hold the contract's order statuses (the type's order is migration 0000's)", async () => {
    const enums = await databaseEnums();
    expect([...(enums.order_status ?? [])].sort()).toEqual([...orderStatuses].sort());
  });

  it("are the schema's enums, each with its values in its order", async () => {
    const declared = Object.fromEntries(
      Object.values(schema)
        .filter((value) => typeof value === "function" && "enumName" in value)
        .map((value) => {
          const { enumName, enumValues } = value as { enumName: string; enumValues: string[] };
          return [enumName, [...enumValues]];
        }),
    );
    expect(await databaseEnums()).toEqual(declared);
  });
});

import {
  approvalStatuses,
  doorModes,
  entryTypes,
  eventStatuses,
  locales,
  menuPlacements,
  orderStatuses,
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
 * and compared with the contract, so a migration that adds or drops a value alone fails.
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
    };
    for (const [name, values] of Object.entries(expected)) {
      expect(enums[name], name).toEqual([...values]);
    }
  });

  it("hold the contract's order statuses (the type's order is migration 0000's)", async () => {
    const enums = await databaseEnums();
    expect([...(enums.order_status ?? [])].sort()).toEqual([...orderStatuses].sort());
    expect(schema.orderStatusEnum.enumValues).toEqual(enums.order_status);
  });

  it("are all the schema declares, and the schema declares them all", async () => {
    const declared = Object.values(schema)
      .filter((value) => typeof value === "function" && "enumName" in value)
      .map((value) => (value as { enumName: string }).enumName)
      .sort();
    expect(Object.keys(await databaseEnums()).sort()).toEqual(declared);
  });
});

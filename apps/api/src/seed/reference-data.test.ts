import { apiPaths, panelPaths } from "@eventwerk/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema.ts";
import { ensureOperator } from "../lib/users.ts";
import { call, createTestApp, passwordLogin, type TestApp } from "../testing/app.ts";
import { demoUsers } from "./index.ts";

const operator = { email: "betrieb@tickets.example", password: "lang-und-sicher-1" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SEED_DEMO_DATA: "false",
    ADMIN_EMAIL: operator.email,
    ADMIN_PASSWORD: operator.password,
  });
});
afterAll(() => t.close());

describe("a site without the demo data", () => {
  it("has the reference data every site needs, and none of the demo's logins, events or orders", async () => {
    const rows = async (table: typeof s.languages | typeof s.pages | typeof s.events) =>
      (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
    expect(await rows(s.languages)).toBe(2);
    expect(await rows(s.pages)).toBeGreaterThan(0);
    expect((await call(t.app, { method: "GET", url: apiPaths.countries })).statusCode).toBe(200);
    expect(await rows(s.events)).toBe(0);
    for (const demo of Object.values(demoUsers)) {
      const [user] = await t.ctx.db.select().from(s.users).where(eq(s.users.email, demo.email));
      expect(user, demo.email).toBeUndefined();
    }
  });

  it("has the operator's account from ADMIN_EMAIL and ADMIN_PASSWORD, which reaches the admin panel", async () => {
    const tokens = await passwordLogin(t.app, operator.email, operator.password);
    const organisers = await call(t.app, {
      method: "GET",
      url: panelPaths.organisers,
      token: tokens.access_token,
    });
    expect(organisers.statusCode, organisers.body).toBe(200);
  });

  it("leaves an existing account as it is at the next start: no second account, no new password", async () => {
    expect(await ensureOperator(t.ctx.db, operator.email, "ein-anderes-passwort-2")).toBe(false);
    expect(
      await ensureOperator(t.ctx.db, operator.email.toUpperCase(), "ein-anderes-passwort-2"),
    ).toBe(false);
    const [accounts] = await t.ctx.db
      .select({ n: count() })
      .from(s.users)
      .where(eq(s.users.role, "admin"));
    expect(accounts!.n).toBe(1);
    await passwordLogin(t.app, operator.email, operator.password);
  });
});

import { panelPaths } from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { demoUsers } from "../seed/index.ts";
import { call, passwordLogin, type TestApp } from "./app.ts";

let counter = 0;

/**
 * Registers a new organiser (pending approval) and answers their tokens, id and email. The
 * address counts as confirmed (its link's own tests are in email-ownership.test.ts) unless
 * `verified` is false: approval needs it.
 */
export async function registerOrganiser(
  app: TestApp["app"],
  db: Database,
  locale?: "de" | "en",
  { verified = true }: { verified?: boolean } = {},
) {
  const [category] = await db.select().from(t.companyCategories).limit(1);
  const [city] = await db.select().from(t.cities).limit(1);
  const email = `org${Date.now()}${counter++}@example.com`;
  const response = await call(app, {
    method: "POST",
    url: "/api/v1/register/organiser",
    locale,
    payload: {
      name: "Tom",
      surname: "Weber",
      email,
      password: "buehne-2026",
      phone: "+49 30 1234567",
      company_name: "Kiezbühne UG",
      company_category_id: category!.id,
      tax_number: "DE123456789",
      address: {
        line: "Hauptstraße 1",
        postal_code: city!.postalCode,
        country_id: city!.countryId,
        city_id: city!.id,
      },
      accept_terms: true,
    },
  });
  if (response.statusCode !== 201) throw new Error(`organiser registration: ${response.body}`);
  if (verified) {
    await db.update(t.users).set({ emailVerifiedAt: new Date() }).where(eq(t.users.email, email));
  }
  const [user] = await db.select().from(t.users).where(eq(t.users.email, email));
  // Registering signs nobody in: the new organiser logs in.
  const { access_token: token } = await passwordLogin(app, email, "buehne-2026");
  return { email, id: user!.id, token };
}

export const loginAdmin = async (app: TestApp["app"]) =>
  (await passwordLogin(app, demoUsers.admin.email, demoUsers.admin.password)).access_token;

/** A freshly registered organiser, approved by the demo admin. */
export async function approvedOrganiser(app: TestApp["app"], db: Database) {
  const organiser = await registerOrganiser(app, db);
  const approved = await call(app, {
    method: "POST",
    url: panelPaths.approveOrganiser.replace(":id", organiser.id),
    token: await loginAdmin(app),
  });
  if (approved.statusCode !== 200) throw new Error(`approval: ${approved.body}`);
  return organiser;
}

/** Valid fields of a new event on a shared venue, starting in `days` days. */
export async function eventFields(db: Database, days = 30) {
  const [venue] = await db.select().from(t.venues).limit(1);
  const [category] = await db.select().from(t.eventCategories).limit(1);
  const start = new Date(Date.now() + days * 86_400_000);
  return {
    title_de: "Sommerkonzert am Kanal",
    title_en: "Summer concert by the canal",
    description_de: "Ein **Abend** mit Musik.\n\nMit Gästen.",
    description_en: "An **evening** of music.\n\nWith guests.",
    category_id: category!.id,
    venue_id: venue!.id,
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
    age_limit: 16,
  };
}

export const ticketTypeFields = {
  name_de: "Stehplatz",
  name_en: "Standing",
  price_cents: 2500,
  capacity: 100,
  max_per_order: 6,
};

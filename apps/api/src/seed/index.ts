import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { hashPassword } from "../lib/passwords.ts";
import { seedCatalogue } from "./catalogue.ts";
import { companyCategories } from "./data/company-categories.ts";
import { contactSetting } from "./data/contact.ts";
import { countries } from "./data/geo.ts";
import { pages } from "./data/pages.ts";
import { seedDoorDemo, seedVisitorTickets } from "./tickets.ts";

/** Demo logins, listed in the README. */
export const demoUsers = {
  visitor: { email: "visitor@eventwerk.example", password: "eventwerk-demo-1" },
  organiser: { email: "organiser@eventwerk.example", password: "eventwerk-demo-1" },
  /** The operator: reviews organiser applications in the panel. */
  admin: { email: "admin@eventwerk.example", password: "eventwerk-demo-1" },
  /** An organiser whose application waits for the operator. */
  applicant: { email: "applicant@eventwerk.example", password: "eventwerk-demo-1" },
} as const;

/** The demo voucher, listed in the README: 10 % off every ticket of any upcoming demo event. */
export const demoVoucher = { code: "DEMO10", percent: 10 } as const;

const SEED_LOCK_ID = 727_002;

/**
 * Fills an empty database: the reference data every site needs (languages, places, company
 * categories, pages, contact details, the currency) and, with `demo`, the demo data: logins with
 * the README's passwords (the operator's too), events, orders and tickets. A database that has
 * languages is left alone.
 */
export async function seedDatabase(
  db: Database,
  options: { demo: boolean; now?: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Instances starting together wait here, then see the other's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const existing = await tx.select({ id: t.languages.id }).from(t.languages).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(t.languages).values([
      { locale: "de", name: "Deutsch", flag: "flags/de.svg", sortOrder: 1 },
      { locale: "en", name: "English", flag: "flags/en.svg", sortOrder: 2 },
    ]);

    let firstCity: { id: number; countryId: number; districtId: number | null } | undefined;
    for (const country of countries) {
      const [row] = await tx
        .insert(t.countries)
        .values({
          code: country.code,
          nameDe: country.name.de,
          nameEn: country.name.en,
          phoneCode: country.phoneCode,
        })
        .returning({ id: t.countries.id });
      for (const city of country.cities) {
        const [cityRow] = await tx
          .insert(t.cities)
          .values({
            countryId: row!.id,
            nameDe: city.name.de,
            nameEn: city.name.en,
            postalCode: city.postalCode,
          })
          .returning({ id: t.cities.id });
        const districtRows = city.districts.length
          ? await tx
              .insert(t.districts)
              .values(
                city.districts.map((d) => ({ cityId: cityRow!.id, nameDe: d.de, nameEn: d.en })),
              )
              .returning({ id: t.districts.id })
          : [];
        firstCity ??= {
          id: cityRow!.id,
          countryId: row!.id,
          districtId: districtRows[0]?.id ?? null,
        };
      }
    }

    const categoryRows = await tx
      .insert(t.companyCategories)
      .values(
        companyCategories.map((c, index) => ({
          slug: c.slug,
          nameDe: c.name.de,
          nameEn: c.name.en,
          sortOrder: index + 1,
        })),
      )
      .returning({ id: t.companyCategories.id });

    await tx.insert(t.pages).values(
      pages.map((p) => ({
        key: p.key,
        menu: p.menu,
        sortOrder: p.order,
        titleDe: p.title.de,
        titleEn: p.title.en,
        slugDe: p.slug.de,
        slugEn: p.slug.en,
        bodyDe: p.body.de,
        bodyEn: p.body.en,
      })),
    );

    await tx.insert(t.contactSettings).values({
      companyName: contactSetting.companyName,
      email: contactSetting.email,
      phone: contactSetting.phone,
      street: contactSetting.street,
      postalCode: contactSetting.postalCode,
      city: contactSetting.city,
      countryDe: contactSetting.country.de,
      countryEn: contactSetting.country.en,
      openingHoursDe: contactSetting.openingHours.de,
      openingHoursEn: contactSetting.openingHours.en,
    });

    await tx.insert(t.currencies).values({
      code: "EUR",
      nameDe: "Euro",
      nameEn: "Euro",
      symbol: "€",
      decimals: 2,
      isDefault: true,
    });
    if (!options.demo) return true;

    const passwordHash = await hashPassword(demoUsers.visitor.password);
    const [visitor] = await tx
      .insert(t.users)
      .values({
        name: "Lena",
        surname: "Hoffmann",
        email: demoUsers.visitor.email,
        phone: "+49 170 2345678",
        passwordHash,
        role: "visitor",
        preferredLocale: "de",
      })
      .returning({ id: t.users.id });
    const [organiser] = await tx
      .insert(t.users)
      .values({
        name: "Jonas",
        surname: "Becker",
        email: demoUsers.organiser.email,
        phone: "+49 30 9876543",
        passwordHash: await hashPassword(demoUsers.organiser.password),
        role: "organiser",
        preferredLocale: "de",
      })
      .returning({ id: t.users.id });

    await tx.insert(t.users).values({
      name: "Miriam",
      surname: "Adler",
      email: demoUsers.admin.email,
      passwordHash,
      role: "admin",
      preferredLocale: "de",
    });
    const [applicant] = await tx
      .insert(t.users)
      .values({
        name: "Paul",
        surname: "Winter",
        email: demoUsers.applicant.email,
        passwordHash,
        role: "organiser",
        preferredLocale: "en",
      })
      .returning({ id: t.users.id });

    const city = firstCity!;
    await tx.insert(t.organiserProfiles).values({
      userId: applicant!.id,
      companyName: "Nordlicht Events UG",
      companyCategoryId: categoryRows[0]!.id,
      taxNumber: "DE312345678",
      addressLine: "Hafenstraße 4",
      postalCode: "20359",
      countryId: city.countryId,
      cityId: city.id,
      approvalStatus: "pending",
    });
    await tx.insert(t.organiserProfiles).values({
      userId: organiser!.id,
      companyName: "Spreeklang Konzerte GmbH",
      companyCategoryId: categoryRows[0]!.id,
      taxNumber: "DE298765431",
      addressLine: "Oranienstraße 25",
      postalCode: "10999",
      countryId: city.countryId,
      cityId: city.id,
      districtId: city.districtId,
      approvalStatus: "approved",
    });
    await tx.insert(t.addresses).values({
      userId: visitor!.id,
      title: "Zuhause",
      recipient: "Lena Hoffmann",
      line: "Kastanienallee 12",
      postalCode: "10435",
      countryId: city.countryId,
      cityId: city.id,
      districtId: city.districtId,
      phone: "+49 170 2345678",
      isDefault: true,
    });
    // Events, venues and more organisers (they share the demo password's hash).
    const now = options.now ?? new Date();
    await seedCatalogue(tx, { now, organiserId: organiser!.id, passwordHash });
    // Demo accounts own their addresses: nobody follows a link to sign in with them.
    await tx.update(t.users).set({ emailVerifiedAt: now });
    await seedVisitorTickets(tx, {
      userId: visitor!.id,
      name: "Lena Hoffmann",
      email: demoUsers.visitor.email,
      now,
    });
    await seedDoorDemo(tx, { organiserId: organiser!.id, now });
    // The demo buyers know their events as they are, as a confirmation would have told them.
    await tx.execute(sql`update orders set told_starts_at = e.starts_at, told_venue_id = e.venue_id
      from events e where e.id = orders.event_id and orders.status = 'paid'`);
    // The demo code on every upcoming event (not over yet), the door demo's tonight too.
    await tx.execute(sql`insert into vouchers (event_id, code, kind, value)
      select id, ${demoVoucher.code}, 'percent', ${demoVoucher.percent} from events
      where status = 'published' and ends_at > ${now.toISOString()}`);
    return true;
  });
}

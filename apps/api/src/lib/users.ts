import type { Locale, OrganiserProfileExport, User } from "@eventwerk/contract";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import {
  cities,
  companyCategories,
  countries,
  districts,
  organiserProfiles,
  users,
} from "../db/schema.ts";
import { pick } from "./geo.ts";
import { HttpError, notFound } from "./http-error.ts";

/** The user as the API shows it: never the password hash. */
export async function loadUser(db: Database | Transaction, userId: string): Promise<User> {
  const [row] = await db
    .select({ user: users, organiser: organiserProfiles })
    .from(users)
    .leftJoin(organiserProfiles, eq(organiserProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  const { user, organiser } = row;
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
    role: user.role,
    preferred_locale: user.preferredLocale,
    newsletter: user.newsletter,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    organiser: organiser
      ? {
          company_name: organiser.companyName,
          company_category_id: organiser.companyCategoryId,
          tax_number: organiser.taxNumber,
          approval_status: organiser.approvalStatus,
        }
      : null,
  };
}

/**
 * Everything stored in a user's organiser profile, for the privacy download: company, address
 * with its place names in the request's language, and when it was created and last changed.
 * Null for users without one.
 */
export async function loadOrganiserProfile(
  db: Database | Transaction,
  userId: string,
  locale: Locale,
): Promise<OrganiserProfileExport | null> {
  const [row] = await db
    .select({
      profile: organiserProfiles,
      category: companyCategories,
      country: countries,
      city: cities,
      district: districts,
    })
    .from(organiserProfiles)
    .innerJoin(companyCategories, eq(companyCategories.id, organiserProfiles.companyCategoryId))
    .innerJoin(countries, eq(countries.id, organiserProfiles.countryId))
    .innerJoin(cities, eq(cities.id, organiserProfiles.cityId))
    .leftJoin(districts, eq(districts.id, organiserProfiles.districtId))
    .where(eq(organiserProfiles.userId, userId))
    .limit(1);
  if (!row) return null;
  const { profile, category, country, city, district } = row;
  return {
    company_name: profile.companyName,
    company_category_id: profile.companyCategoryId,
    company_category_name: pick(category, locale),
    tax_number: profile.taxNumber,
    approval_status: profile.approvalStatus,
    address_line: profile.addressLine,
    postal_code: profile.postalCode,
    country_id: profile.countryId,
    country_name: pick(country, locale),
    city_id: profile.cityId,
    city_name: pick(city, locale),
    district_id: profile.districtId,
    district_name: district ? pick(district, locale) : null,
    created_at: profile.createdAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
  };
}

export const emailTaken = () =>
  new HttpError(409, "email_taken", "email_taken", { email: "email_taken" });

/** Emails are unique whatever their case (see the users table's index). */
export async function assertEmailFree(db: Database | Transaction, email: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (taken) throw emailTaken();
}

/** A unique violation on the email index: two writes raced for one address. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  "code" in error &&
  (error as { code: unknown }).code === "23505";

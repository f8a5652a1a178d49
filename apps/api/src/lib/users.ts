import type { Locale, OrganiserProfileExport, ProfileUpdate, User } from "@eventwerk/contract";
import { count, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import {
  cities,
  companyCategories,
  contactMessages,
  countries,
  districts,
  events,
  orders,
  organiserProfiles,
  users,
} from "../db/schema.ts";
import { pendingEmailOf } from "./email-ownership.ts";
import { pick } from "./geo.ts";
import { HttpError, notFound } from "./http-error.ts";
import { verifyPassword } from "./passwords.ts";
import { revokeResetTokens, revokeUserSessions } from "./sessions.ts";

type Db = Database | Transaction;
/** What an order of a deleted account keeps of its buyer. */
const anonymousBuyer = { buyerName: "—", buyerEmail: "deleted@invalid" };

/** The user as the API shows it: never the password hash. */
export async function loadUser(db: Database | Transaction, userId: string): Promise<User> {
  const [row] = await db
    .select({ user: users, organiser: organiserProfiles, pending: pendingEmailOf(db, users.id) })
    .from(users)
    .leftJoin(organiserProfiles, eq(organiserProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  const { user, organiser, pending } = row;
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    pending_email: pending,
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
          review_note: organiser.reviewNote,
          suspended: organiser.suspendedAt !== null,
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
    review_note: profile.reviewNote,
    suspended: profile.suspendedAt !== null,
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

/** Whether the password is the user's current one. */
export async function isCurrentPassword(db: Db, userId: string, password: string) {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user !== undefined && (await verifyPassword(user.passwordHash, password));
}

/** When the user was last active, null before the first time. */
export async function loadLastSeen(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastSeenAt: users.lastSeenAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.lastSeenAt ?? null;
}

/** Records that the user is active now, and answers when that was. */
export async function touchLastSeen(db: Db, userId: string): Promise<Date> {
  const now = new Date();
  await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
  return now;
}

export async function updateProfile(db: Db, userId: string, profile: ProfileUpdate) {
  const { name, surname, phone, preferred_locale } = profile;
  await db
    .update(users)
    .set({ name, surname, phone, preferredLocale: preferred_locale, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Sets a new password and signs out every other session of the user. */
export async function changePassword(
  db: Database,
  userId: string,
  passwordHash: string,
  keepSessionId: string,
) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, keepSessionId);
    // A reset link mailed before must not undo the change.
    await revokeResetTokens(tx, userId);
  });
}

/**
 * Deletes the account: personal data goes, orders stay for accounting with the buyer anonymised.
 * 409 organiser_has_events for an organiser whose events name them.
 */
export async function deleteAccount(db: Database, userId: string) {
  await db.transaction(async (tx) => {
    // An organiser's events name them; those accounts are closed by the support team.
    const [owned] = await tx
      .select({ events: count() })
      .from(events)
      .where(eq(events.organiserId, userId));
    if ((owned?.events ?? 0) > 0) {
      throw new HttpError(409, "conflict", "organiser_has_events");
    }
    await tx.update(orders).set(anonymousBuyer).where(eq(orders.userId, userId));
    await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
    // Sessions, tokens, addresses and the organiser profile cascade; orders and tickets keep
    // their rows with the user set to null.
    await tx.delete(users).where(eq(users.id, userId));
  });
}

import type { Locale, OrganiserProfileExport, ProfileUpdate, User } from "@eventwerk/contract";
import { count, eq, sql } from "drizzle-orm";
import { type Database, keptStatement, type Transaction, toDate } from "../db/client.ts";
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
import { forgetDevices } from "./login-devices.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { revokeResetTokens, revokeUserSessions } from "./sessions.ts";

type Db = Database | Transaction;
/** What an order of a deleted account keeps of its buyer: no name, address or billing address. */
const anonymousBuyer = { buyerName: "—", buyerEmail: "deleted@invalid", billingAddress: null };
/** Whether an order's buyer can be mailed: not a guest without an address, nor a deleted account. */
export const deliverable = (email: string) =>
  email.includes("@") && email !== anonymousBuyer.buyerEmail;

/**
 * The user with their organiser profile and pending address, in one statement built once and
 * named (`keptStatement`): every signed-in page asks for it (`GET /auth/me`), and parsing and
 * planning it each time cost more than running it.
 */
const userRows = keptStatement(
  () => sql`select ${users.id}, ${users.name}, ${users.surname}, ${users.email},
      ${users.emailVerifiedAt} is not null as email_verified,
      ${pendingEmailOf(users.id, sql.placeholder("now"))} as pending_email,
      ${users.phone}, ${users.role}, ${users.preferredLocale}, ${users.newsletter},
      ${users.createdAt}, ${users.updatedAt}, ${organiserProfiles.userId} as organiser_id,
      ${organiserProfiles.companyName}, ${organiserProfiles.companyCategoryId},
      ${organiserProfiles.taxNumber}, ${organiserProfiles.approvalStatus},
      ${organiserProfiles.reviewNote}, ${organiserProfiles.suspendedAt} is not null as suspended
    from ${users} left join ${organiserProfiles} on ${organiserProfiles.userId} = ${users.id}
    where ${users.id} = ${sql.placeholder("id")}`,
);

type UserRow = {
  id: string;
  name: string;
  surname: string;
  email: string;
  email_verified: boolean;
  pending_email: string | null;
  phone: string | null;
  role: User["role"];
  preferred_locale: User["preferred_locale"];
  newsletter: boolean;
  created_at: unknown;
  updated_at: unknown;
  organiser_id: string | null;
  company_name: string;
  company_category_id: number;
  tax_number: string;
  approval_status: NonNullable<User["organiser"]>["approval_status"];
  review_note: string | null;
  suspended: boolean;
};

/** The user as the API shows it: never the password hash. */
export async function loadUser(db: Database, userId: string): Promise<User> {
  const [row] = await userRows<UserRow>(db, {}, { id: userId, now: new Date().toISOString() });
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    email_verified: row.email_verified,
    pending_email: row.pending_email,
    phone: row.phone,
    role: row.role,
    preferred_locale: row.preferred_locale,
    newsletter: row.newsletter,
    created_at: toDate(row.created_at).toISOString(),
    updated_at: toDate(row.updated_at).toISOString(),
    organiser:
      row.organiser_id === null
        ? null
        : {
            company_name: row.company_name,
            company_category_id: row.company_category_id,
            tax_number: row.tax_number,
            approval_status: row.approval_status,
            review_note: row.review_note,
            suspended: row.suspended,
          },
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

/**
 * The operator's account of a site without the demo data (ADMIN_EMAIL, ADMIN_PASSWORD): made at
 * start when no account has the address; an existing account is left as it is, its password
 * too. Answers whether it was made.
 */
export async function ensureOperator(db: Database, email: string, password: string) {
  const created = await db
    .insert(users)
    .values({
      name: "Admin",
      surname: "Eventwerk",
      email,
      passwordHash: await hashPassword(password),
      role: "admin",
      // The operator chose the address; nobody else could have started the site with it.
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created.length > 0;
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

/**
 * Sets a new password and signs out every other session of the user; of the browsers the account
 * knows (decision 021), only the one that changed it stays (`keep.device`, its device token).
 */
export async function changePassword(
  db: Database,
  userId: string,
  passwordHash: string,
  keep: { sessionId: string; device: string | undefined },
) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, keep.sessionId);
    await forgetDevices(tx, userId, keep.device);
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

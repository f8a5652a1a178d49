import type { User } from "@eventwerk/contract";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import { organiserProfiles, users } from "../db/schema.ts";
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

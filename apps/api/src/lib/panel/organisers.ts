import type {
  OrganiserApplication,
  OrganiserStatus,
  organiserFilterSchema,
} from "@eventwerk/contract";
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Transaction } from "../../db/client.ts";
import { cities, events, organiserProfiles, users } from "../../db/schema.ts";
import { containsPattern } from "../catalogue.ts";
import { HttpError, notFound } from "../http-error.ts";
import { type MessageKey, t } from "../messages.ts";
import { enqueueMail } from "../outbox.ts";
import { audit } from "./audit.ts";

/**
 * Locks the month counts (migration 0021) that the events matching `where` will change, in key
 * order, before one statement changes them all (`event_months_lock` says why).
 */
async function lockEventMonths(tx: Transaction, where: SQL | undefined) {
  await tx.execute(
    sql`select event_months_lock(array(select ${events.id} from ${events} where ${where}))`,
  );
}

type Db = Database | Transaction;

const statusCondition: Record<OrganiserStatus, SQL> = {
  pending: eq(organiserProfiles.approvalStatus, "pending"),
  approved: and(
    eq(organiserProfiles.approvalStatus, "approved"),
    isNull(organiserProfiles.suspendedAt),
  )!,
  rejected: eq(organiserProfiles.approvalStatus, "rejected"),
  suspended: isNotNull(organiserProfiles.suspendedAt),
};

const selection = {
  user: users,
  profile: organiserProfiles,
  cityDe: cities.nameDe,
  cityEn: cities.nameEn,
};

function view(
  row: {
    user: typeof users.$inferSelect;
    profile: typeof organiserProfiles.$inferSelect;
    cityDe: string;
    cityEn: string;
  },
  locale: "de" | "en",
): OrganiserApplication {
  return {
    user_id: row.user.id,
    name: `${row.user.name} ${row.user.surname}`,
    email: row.user.email,
    email_verified: row.user.emailVerifiedAt !== null,
    company_name: row.profile.companyName,
    tax_number: row.profile.taxNumber,
    city_name: locale === "en" ? row.cityEn : row.cityDe,
    approval_status: row.profile.approvalStatus,
    suspended: row.profile.suspendedAt !== null,
    review_note: row.profile.reviewNote,
    created_at: row.profile.createdAt.toISOString(),
  };
}

/**
 * Organisers whose name, email or company name holds `text`, as one list of ids: each part can
 * use its trigram index (migration 0033), where one OR across both tables read every user.
 */
function searchCondition(db: Db, text: string) {
  const pattern = containsPattern(text);
  return inArray(
    organiserProfiles.userId,
    db
      .select({ id: users.id })
      .from(users)
      // The same expression as the index `users_name_trgm_idx`, so that it is used.
      .where(
        or(
          ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern),
          ilike(users.email, pattern),
        ),
      )
      .unionAll(
        db
          .select({ id: organiserProfiles.userId })
          .from(organiserProfiles)
          .where(ilike(organiserProfiles.companyName, pattern)),
      ),
  );
}

/** Application order, then id: a total order, so that pages neither repeat nor skip a row. */
const listOrder = [asc(organiserProfiles.createdAt), asc(organiserProfiles.userId)];

/**
 * One page of the organisers in one state (those a search finds, if any), oldest application
 * first, and how many there are. The page's ids come from the profiles alone, a range of the
 * state's index (migration 0033); only those rows are joined with their users and cities, so a
 * late page does not join every row before it.
 */
export async function listOrganisers(
  db: Db,
  query: z.output<typeof organiserFilterSchema>,
  locale: "de" | "en",
) {
  const q = query.q?.trim();
  const where = and(statusCondition[query.status], q ? searchCondition(db, q) : undefined);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(organiserProfiles)
    .where(where);
  const page = db
    .select({ id: organiserProfiles.userId })
    .from(organiserProfiles)
    .where(where)
    .orderBy(...listOrder)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const rows = await db
    .select(selection)
    .from(organiserProfiles)
    .innerJoin(users, eq(users.id, organiserProfiles.userId))
    .innerJoin(cities, eq(cities.id, organiserProfiles.cityId))
    .where(inArray(organiserProfiles.userId, page))
    .orderBy(...listOrder);
  return { data: rows.map((row) => view(row, locale)), total: Number(counted?.n ?? 0) };
}

async function lockProfile(tx: Db, userId: string) {
  const [row] = await tx
    .select(selection)
    .from(organiserProfiles)
    .innerJoin(users, eq(users.id, organiserProfiles.userId))
    .innerJoin(cities, eq(cities.id, organiserProfiles.cityId))
    .where(eq(organiserProfiles.userId, userId))
    .for("update", { of: organiserProfiles });
  if (!row) throw notFound();
  return row;
}

export type Review =
  | { action: "approve" }
  | { action: "reject"; reason: string }
  | { action: "suspend"; reason: string }
  | { action: "reinstate" };

const mails: Record<Review["action"], [MessageKey, MessageKey]> = {
  approve: ["organiser_approved_mail_subject", "organiser_approved_mail_text"],
  reject: ["organiser_rejected_mail_subject", "organiser_rejected_mail_text"],
  suspend: ["organiser_suspended_mail_subject", "organiser_suspended_mail_text"],
  reinstate: ["organiser_reinstated_mail_subject", "organiser_reinstated_mail_text"],
};

/**
 * The operator decides on an organiser: approve or reject a pending application (with a reason),
 * suspend an approved one (their published events go offline, so sales stop) or reinstate them
 * (those events come back). The organiser is emailed in their language; the change is audited.
 */
export async function reviewOrganiser(
  db: Database,
  adminId: string,
  userId: string,
  review: Review,
  options: { site: string; panelUrl: (locale: "de" | "en") => string; locale: "de" | "en" },
) {
  return db.transaction(async (tx) => {
    const row = await lockProfile(tx, userId);
    const { profile } = row;
    const now = new Date();
    const reason = "reason" in review ? review.reason : null;
    switch (review.action) {
      case "approve":
      case "reject":
        if (profile.approvalStatus !== "pending") {
          throw new HttpError(409, "conflict", "organiser_not_pending");
        }
        // Unverified accounts may sign in, so the address proves nothing yet: approved, anyone
        // could sell tickets under a company's name with its address.
        if (review.action === "approve" && row.user.emailVerifiedAt === null) {
          throw new HttpError(409, "conflict", "organiser_email_unverified");
        }
        await tx
          .update(organiserProfiles)
          .set({
            approvalStatus: review.action === "approve" ? "approved" : "rejected",
            reviewNote: reason,
            reviewedAt: now,
            updatedAt: now,
          })
          .where(eq(organiserProfiles.userId, userId));
        break;
      case "suspend": {
        if (profile.approvalStatus !== "approved" || profile.suspendedAt) {
          throw new HttpError(409, "conflict", "organiser_not_active");
        }
        await tx
          .update(organiserProfiles)
          .set({ suspendedAt: now, reviewNote: reason, reviewedAt: now, updatedAt: now })
          .where(eq(organiserProfiles.userId, userId));
        const published = and(eq(events.organiserId, userId), eq(events.status, "published"));
        await lockEventMonths(tx, published);
        await tx
          .update(events)
          .set({ status: "draft", hiddenBySuspension: true, updatedAt: now })
          .where(published);
        break;
      }
      case "reinstate": {
        if (!profile.suspendedAt) throw new HttpError(409, "conflict", "organiser_not_suspended");
        await tx
          .update(organiserProfiles)
          .set({ suspendedAt: null, reviewNote: null, reviewedAt: now, updatedAt: now })
          .where(eq(organiserProfiles.userId, userId));
        const hidden = and(eq(events.organiserId, userId), eq(events.hiddenBySuspension, true));
        await lockEventMonths(tx, hidden);
        await tx
          .update(events)
          .set({ status: "published", hiddenBySuspension: false, updatedAt: now })
          .where(hidden);
        break;
      }
    }
    const locale = row.user.preferredLocale;
    const values = {
      name: row.user.name,
      company: profile.companyName,
      site: options.site,
      reason: reason ?? "",
      link: options.panelUrl(locale),
    };
    const [subject, text] = mails[review.action];
    await enqueueMail(
      tx,
      { to: row.user.email, subject: t(locale, subject, values), text: t(locale, text, values) },
      `organiser-${review.action}:${userId}:${now.getTime()}`,
    );
    await audit(tx, {
      actorId: adminId,
      organiserId: userId,
      action: `organiser_${review.action}`,
      details: reason ? { reason } : {},
    });
    return view(await lockProfile(tx, userId), options.locale);
  });
}

import { z } from "zod";
import { addressSchema, namedPlaceShape } from "./address.ts";
import { personName, phoneSchema } from "./common.ts";
import { approvalStatuses } from "./constants.ts";
import { localeSchema } from "./locale.ts";
import { panelEventSummarySchema, panelVenueSchema } from "./panel.ts";
import { orderSchema, ticketRecordSchema } from "./ticket.ts";

export const roles = ["visitor", "organiser", "admin"] as const;
export { approvalStatuses } from "./constants.ts";

export const organiserProfileSchema = z.object({
  company_name: z.string(),
  company_category_id: z.number().int(),
  tax_number: z.string(),
  approval_status: z.enum(approvalStatuses),
  /** The operator's reason for a rejection or suspension. */
  review_note: z.string().nullable(),
  /** Suspended by the operator: the panel is closed and the organiser's events are hidden. */
  suspended: z.boolean(),
});
type OrganiserProfile = z.infer<typeof organiserProfileSchema>;

/** An organiser who may use the panel and the door screen: approved, and not suspended. */
export const isActiveOrganiser = (organiser: OrganiserProfile | null | undefined): boolean =>
  organiser?.approval_status === "approved" && !organiser.suspended;

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    /** Whether the owner of `email` has followed its verification link. */
    email_verified: z.boolean(),
    /** An address the user asked to move to, until its emailed link is followed; else null. */
    pending_email: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.enum(roles),
    preferred_locale: localeSchema,
    newsletter: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    organiser: organiserProfileSchema.nullable(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userSchema>;

export const profileUpdateSchema = z
  .object({
    name: personName(80),
    surname: personName(80),
    phone: phoneSchema.nullable(),
    preferred_locale: localeSchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: "empty_update" })
  .meta({ id: "ProfileUpdate" });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** An organiser's stored profile as the privacy download shows it: company, address, dates. */
export const organiserProfileExportSchema = organiserProfileSchema.extend({
  company_category_name: z.string(),
  address_line: z.string(),
  postal_code: z.string(),
  ...namedPlaceShape,
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrganiserProfileExport = z.infer<typeof organiserProfileExportSchema>;

export const userActivitySchema = z.object({ last_seen_at: z.string() });

/** Everything the product keeps about one user, for the privacy download. */
export const accountExportSchema = z
  .object({
    exported_at: z.string(),
    user: userSchema.extend({
      last_seen_at: z.string().nullable(),
      organiser: organiserProfileExportSchema.nullable(),
    }),
    addresses: z.array(addressSchema),
    orders: z.array(orderSchema),
    tickets: z.array(ticketRecordSchema),
    /** An organiser's events with their figures, and the venues they created (else empty). */
    events: z.array(panelEventSummarySchema),
    venues: z.array(panelVenueSchema),
    contact_messages: z.array(
      z.object({
        name: z.string(),
        email: z.string(),
        subject: z.string(),
        message: z.string(),
        created_at: z.string(),
      }),
    ),
  })
  .meta({ id: "AccountExport" });
export type AccountExport = z.infer<typeof accountExportSchema>;

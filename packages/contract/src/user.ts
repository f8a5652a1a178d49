import { z } from "zod";
import { phoneSchema, shortText } from "./common.ts";
import { localeSchema } from "./locale.ts";

export const roles = ["visitor", "organiser", "admin"] as const;
export const approvalStatuses = ["pending", "approved", "rejected"] as const;

export const organiserProfileSchema = z.object({
  company_name: z.string(),
  company_category_id: z.number().int(),
  tax_number: z.string(),
  approval_status: z.enum(approvalStatuses),
});

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    surname: z.string(),
    email: z.string(),
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
    name: shortText(80),
    surname: shortText(80),
    phone: phoneSchema.nullable(),
    preferred_locale: localeSchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: "empty_update" })
  .meta({ id: "ProfileUpdate" });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const userActivitySchema = z.object({ last_seen_at: z.string() });

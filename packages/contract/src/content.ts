import { z } from "zod";
import { emailSchema } from "./auth.ts";
import { multiLine, oneLine, personName } from "./common.ts";
import { localeSchema } from "./locale.ts";

export const languageSchema = z
  .object({
    locale: localeSchema,
    name: z.string(),
    /** Image path under the storage prefix, e.g. `flags/de.svg`. */
    flag: z.string(),
  })
  .meta({ id: "Language" });
export type Language = z.infer<typeof languageSchema>;

export const menuPlacements = ["header", "footer"] as const;
const pageSummaryFields = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  slug: z.string(),
  menu: z.enum(menuPlacements),
  order: z.number().int(),
});
export const pageSummarySchema = pageSummaryFields.meta({ id: "PageSummary" });
export const pageSchema = pageSummaryFields
  .extend({ body: z.string(), updated_at: z.string() })
  .meta({ id: "Page" });
export const menusSchema = z
  .object({ header: z.array(pageSummarySchema), footer: z.array(pageSummarySchema) })
  .meta({ id: "Menus" });
export type PageSummary = z.infer<typeof pageSummarySchema>;
export type Page = z.infer<typeof pageSchema>;
export type Menus = z.infer<typeof menusSchema>;

export const companyCategorySchema = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string() })
  .meta({ id: "CompanyCategory" });
export type CompanyCategory = z.infer<typeof companyCategorySchema>;

export const currencySchema = z
  .object({ code: z.string(), name: z.string(), symbol: z.string(), decimals: z.number().int() })
  .meta({ id: "Currency" });
export type Currency = z.infer<typeof currencySchema>;

export const contactSettingSchema = z
  .object({
    company_name: z.string(),
    email: z.string(),
    phone: z.string(),
    street: z.string(),
    postal_code: z.string(),
    city: z.string(),
    country: z.string(),
    opening_hours: z.string(),
  })
  .meta({ id: "ContactSetting" });
export type ContactSetting = z.infer<typeof contactSettingSchema>;

export const contactMessageInputSchema = z
  .object({
    name: personName(120),
    email: emailSchema,
    subject: oneLine(200),
    message: multiLine(5000, 10),
  })
  .meta({ id: "ContactMessage" });
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;

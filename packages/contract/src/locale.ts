import { z } from "zod";

export const locales = ["de", "en"] as const;
export const localeSchema = z.enum(locales);
export type Locale = z.infer<typeof localeSchema>;
export const defaultLocale: Locale = "de";

/** The header that picks the language of translated fields and messages. */
export const localeHeader = "x-localization";

export function toLocale(value: unknown): Locale {
  const parsed = localeSchema.safeParse(typeof value === "string" ? value.toLowerCase() : value);
  return parsed.success ? parsed.data : defaultLocale;
}

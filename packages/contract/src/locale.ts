import { z } from "zod";
import { defaultLocale, type Locale, locales } from "./constants.ts";

export { defaultLocale, type Locale, localeHeader, locales } from "./constants.ts";
export const localeSchema = z.enum(locales);

export function toLocale(value: unknown): Locale {
  const parsed = localeSchema.safeParse(typeof value === "string" ? value.toLowerCase() : value);
  return parsed.success ? parsed.data : defaultLocale;
}

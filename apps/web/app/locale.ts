import { defaultLocale, type Locale } from "@eventwerk/contract";

/** English lives under `/en`; every other path is German. */
export function localeFromPath(pathname: string): Locale {
  return pathname === "/en" || pathname.startsWith("/en/") ? "en" : defaultLocale;
}

/** Where a locale's home page is. */
export function homePath(locale: Locale): string {
  return locale === "en" ? "/en" : "/";
}

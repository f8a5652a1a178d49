import type { Locale } from "@eventwerk/contract";
import type { AbstractIntlMessages } from "use-intl";
import type { Messages } from "./types";

// One JSON file per namespace and language; only the active language goes to the browser.
const files = import.meta.glob<{ default: AbstractIntlMessages }>("./messages/*/*.json", {
  eager: true,
});

const catalogues: Record<Locale, Record<string, AbstractIntlMessages>> = { de: {}, en: {} };
for (const [file, module] of Object.entries(files)) {
  const [, locale, namespace] = /\.\/messages\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if ((locale === "de" || locale === "en") && namespace)
    catalogues[locale][namespace] = module.default;
}

export function messagesFor(locale: Locale): Messages {
  const messages = catalogues[locale];
  if (Object.keys(messages).length === 0)
    console.warn("Could not find messages for locale code", locale);
  // Both catalogues have the German shape; i18n/catalogues.test.ts holds them to it.
  return messages as Messages;
}
export const allCatalogues = catalogues;

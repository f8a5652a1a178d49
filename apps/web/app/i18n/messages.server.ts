import type { Locale } from "@eventwerk/contract";
import type { AbstractIntlMessages } from "use-intl";
import { type AreaName, areaChain, type PageKey, pageByKey } from "../route-table";
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
export const allCatalogues = catalogues;

export type Namespace = keyof Messages;

/**
 * What the root, error pages and every page's meta (`seo.ts`) render. `meta` is not among them: a
 * page gets its own title and description only (`messagesFor`).
 */
export const shellNamespaces = [
  "common",
  "errors",
  "shell",
] as const satisfies readonly Namespace[];

/** What an area's layout renders besides the shell (`page-messages.test.ts` checks these lists). */
export const areaNamespaces: Record<AreaName, readonly Namespace[]> = {
  /** The header, footer, menu and language dialog: not on the door's, panel's or embed's pages. */
  site: ["language", "nav", "theme"],
  account: ["account"],
  checkout: [],
  door: [],
  panel: ["panel"],
  embed: [],
};

/** What each page renders besides the shell and its areas' layouts. */
export const pageNamespaces: Record<PageKey, readonly Namespace[]> = {
  home: ["home", "catalogue"],
  event: ["event", "catalogue", "buy"],
  checkout: ["checkout", "account", "forms"],
  "test-payment": ["checkout"],
  "about-us": ["cms"],
  account: ["account"],
  "account-tickets": ["account"],
  "account-profile": ["account", "forms"],
  "account-addresses": ["account", "forms"],
  "account-privacy": ["account"],
  "account-door": ["doorLinks", "catalogue"],
  "door-scanner": ["door"],
  cities: ["cities", "catalogue"],
  contact: ["contact"],
  "event-categories": ["categories", "catalogue"],
  "event-solutions": ["cms"],
  events: ["events", "catalogue"],
  faq: ["cms"],
  login: ["login"],
  "organiser-register": ["organiserRegister", "forms"],
  "visitor-register": ["visitorRegister", "forms"],
  "content-page": ["cms"],
  panel: [],
  "embed-event": ["event", "buy"],
  "panel-event-new": ["forms"],
  "panel-event": ["forms"],
  "panel-orders": ["catalogue"],
  "panel-order": [],
  "panel-organisers": ["catalogue"],
  "panel-refunds": ["catalogue"],
  "privacy-policy": ["cms"],
  qr: ["qr"],
  register: ["register"],
  "confirm-email": ["confirmEmail"],
  "reset-password": ["resetPassword", "forms"],
  search: ["search", "catalogue"],
  terms: ["cms"],
  test: ["test"],
  "ticket-buy-status": ["ticketStatus", "checkout"],
  ticketing: ["cms"],
};

/**
 * Every namespace a page renders (shell, its areas' layouts, its own); no page: the shell's and
 * the site's, whose layout shows the 404 page.
 */
export function namespacesOf(key: PageKey | null): Namespace[] {
  const own = key
    ? [
        ...areaChain(pageByKey(key).area).flatMap((area) => areaNamespaces[area]),
        ...pageNamespaces[key],
      ]
    : areaNamespaces.site;
  return [...new Set<Namespace>([...shellNamespaces, ...own])];
}

const built = new Map<string, AbstractIntlMessages>();

/**
 * The messages a page renders: the shell's namespaces, its areas' and its own, and of `meta`
 * only its own title and description and the error page's. Built once per page and language:
 * each page gets a few kB instead of every catalogue (`page-messages.ts` says how they travel).
 */
export function messagesOfPage(locale: Locale, key: PageKey | null): Messages {
  const cacheKey = `${locale}:${key ?? ""}`;
  let messages = built.get(cacheKey);
  if (!messages) {
    const catalogue = catalogues[locale];
    const meta = (catalogue.meta ?? {}) as Record<string, AbstractIntlMessages>;
    const metaKeys = ["not-found", ...(key && key in meta ? [key] : [])];
    const pick = (from: Record<string, AbstractIntlMessages>, names: string[]) =>
      Object.fromEntries(names.flatMap((name) => (from[name] ? [[name, from[name]]] : [])));
    messages = { ...pick(catalogue, namespacesOf(key)), meta: pick(meta, metaKeys) };
    built.set(cacheKey, messages);
  }
  // The page renders only the namespaces listed for it (`page-messages.test.ts`); the type stays
  // the whole catalogue's, so that keys are checked against German.
  return messages as Messages;
}

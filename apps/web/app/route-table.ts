import {
  checkoutWebPaths,
  defaultLocale,
  type Locale,
  locales,
} from "@eventwerk/contract/constants";

/**
 * The one route table: every page once, with its German and English path, in its area. `routes.ts`
 * (nested layouts per area), links, the language switch, hreflang and the sitemap all take their
 * paths from here. The browser loads it with every page; each page's module is named in
 * `routes.ts` (`pageModules`), which only the build reads.
 */

/** Names a page or an area can list; `middleware.server.ts` implements them. */
export type MiddlewareName = "login" | "auth" | "developerPages" | "organiser" | "admin";

export const areaNames = ["site", "account", "checkout", "door", "panel", "embed"] as const;
export type AreaName = (typeof areaNames)[number];

type AreaEntry = {
  /**
   * The layout module around the area's pages; none: they show in the parent's layout or, without
   * a parent, straight under the root.
   */
  layout: string | null;
  /** The area whose layout this one sits inside; none: directly under the root. */
  parent: AreaName | null;
  /** Run for every page of the area (and its child areas), before the page's own. */
  middleware: readonly MiddlewareName[];
};

/**
 * Each area is a layout with child pages, or shows them in its parent's layout (checkout, until
 * its pages need one of their own) or, without a parent, straight under the root (the door).
 */
export const areas = {
  /** The public site: header with navigation, the page, footer. */
  site: { layout: "layouts/default.tsx", parent: null, middleware: [] },
  /** The signed-in visitor's account: its own sub-navigation around each screen. */
  account: { layout: "layouts/account.tsx", parent: "site", middleware: ["login"] },
  /** Buying tickets and the payment's outcome. */
  checkout: { layout: null, parent: "site", middleware: [] },
  /**
   * The door scanner: full screen, straight under the root, without the site's header and
   * footer (its app covers the screen).
   */
  door: { layout: null, parent: null, middleware: [] },
  /** The organiser panel, shown inside a frame without the site's chrome; for signed-in users. */
  panel: { layout: "layouts/panel-iframe.tsx", parent: null, middleware: ["login"] },
  /** The ticket shop organisers put on their own sites: any site may frame it. */
  embed: { layout: "layouts/embed.tsx", parent: null, middleware: [] },
} as const satisfies Record<AreaName, AreaEntry>;

/** An area with the areas around it, outermost first. */
export function areaChain(name: AreaName): AreaName[] {
  const parent: AreaName | null = areas[name].parent;
  return [...(parent ? areaChain(parent) : []), name];
}

/** Whether an area's pages show in the site's layout (header, search, footer). */
export const inSiteLayout = (name: AreaName) => areaChain(name)[0] === "site";

/** An area's middleware with that of the areas around it, outermost first. */
const areaMiddleware = (name: AreaName): MiddlewareName[] =>
  areaChain(name).flatMap((area) => areas[area].middleware);

type PageEntry = {
  key: string;
  de: string;
  en: string;
  area: AreaName;
  /** What runs before the page: its area's middleware, then its own. */
  middleware: readonly MiddlewareName[];
  /** The CMS page (by key) whose text the page shows. */
  cms?: string;
};

const page = <const K extends string>(
  key: K,
  de: string,
  en: string,
  options: { area?: AreaName; middleware?: readonly MiddlewareName[]; cms?: string } = {},
) => ({
  key,
  de,
  en,
  area: options.area ?? "site",
  middleware: [...areaMiddleware(options.area ?? "site"), ...(options.middleware ?? [])],
  ...(options.cms ? { cms: options.cms } : {}),
});

const account = { area: "account" } as const;
const checkout = { area: "checkout" } as const;
/** Panel screens of an approved organiser; anyone else is sent to the panel's start (status). */
const organiserScreen = { area: "panel", middleware: ["organiser"] } as const;
const guestPage = { middleware: ["auth"] } as const;

export const pages = [
  page("home", "/", "/en"),
  page("event", "/:slug-evx-:id", "/en/:slug-evx-:id"),
  page("about-us", "/ueber-uns", "/en/about-us", { cms: "about-us" }),
  page("account", "/konto", "/en/account", account),
  page("account-tickets", "/konto/tickets", "/en/account/tickets", account),
  page("account-profile", "/konto/profil", "/en/account/profile", account),
  page("account-addresses", "/konto/adressen", "/en/account/addresses", account),
  page("account-privacy", "/konto/datenschutz", "/en/account/privacy", account),
  page("checkout", "/kasse/:id", "/en/checkout/:id", checkout),
  page("account-door", "/konto/einlass", "/en/account/door", account),
  page("cities", "/staedte", "/en/cities"),
  page("contact", "/kontakt", "/en/contact"),
  page("event-categories", "/veranstaltungen-kategorien", "/en/event-categories"),
  page("event-solutions", "/eventlosungen", "/en/event-solutions", {
    cms: "event-solutions",
  }),
  page("events", "/veranstaltungen", "/en/events"),
  page("faq", "/faq", "/en/faq", { cms: "faq" }),
  page("login", "/login", "/en/login", guestPage),
  page(
    "organiser-register",
    "/neue-registrierung-organisator",
    "/en/new-register-organiator",
    guestPage,
  ),
  page("visitor-register", "/neue-registrierung", "/en/new-register", guestPage),
  page("content-page", "/pages/:id", "/en/pages/:id"),
  page("panel", "/panel", "/en/panel", { area: "panel" }),
  page("embed-event", "/einbetten/:id", "/en/embed/:id", { area: "embed" }),
  page("panel-event-new", "/panel/veranstaltungen/neu", "/en/panel/events/new", organiserScreen),
  page("panel-event", "/panel/veranstaltungen/:id", "/en/panel/events/:id", organiserScreen),
  page(
    "panel-orders",
    "/panel/veranstaltungen/:id/bestellungen",
    "/en/panel/events/:id/orders",
    organiserScreen,
  ),
  page("panel-order", "/panel/bestellungen/:id", "/en/panel/orders/:id", organiserScreen),
  page("panel-organisers", "/panel/veranstalter", "/en/panel/organisers", {
    area: "panel",
    middleware: ["admin"],
  }),
  page("panel-refunds", "/panel/erstattungen", "/en/panel/refunds", {
    area: "panel",
    middleware: ["admin"],
  }),
  page("privacy-policy", "/datenschutz", "/en/privacy-policy", {
    cms: "privacy-policy",
  }),
  page("qr", "/qr", "/en/qr"),
  page("door-scanner", "/qr/scanner", "/en/qr/scanner", {
    area: "door",
  }),
  page("register", "/registrierung", "/en/register", guestPage),
  // The landing page of emailed address links (webPagePaths.confirmEmail of the contract).
  page("confirm-email", "/e-mail-bestaetigen", "/en/confirm-email"),
  page("reset-password", "/passwort-zurucksetzen", "/en/reset-password", guestPage),
  page("search", "/search", "/en/search"),
  page("terms", "/agb", "/en/terms-and-conditions", {
    cms: "terms-and-conditions",
  }),
  page("test", "/test", "/en/test", { middleware: ["developerPages"] }),
  page("ticket-buy-status", "/ticket-buy-status", "/en/ticket-buy-status", checkout),
  page("test-payment", checkoutWebPaths.testPayment.de, checkoutWebPaths.testPayment.en, checkout),
  page("ticketing", "/unsere-dienste", "/en/ticketing", {
    cms: "ticketing-service",
  }),
] as const satisfies readonly PageEntry[];

export type PageKey = (typeof pages)[number]["key"];
export type Page = (typeof pages)[number];

/** Endpoints that are not pages: form targets and files. */
export const resources = {
  logout: { de: "/logout", en: "/en/logout" },
  buildManifest: { path: "/builds/latest.json" },
  /** The sitemap index: it names the files below, the site's pages and its events. */
  sitemap: { path: "/sitemap.xml" },
  sitemapPages: { path: "/sitemap-pages.xml" },
  /**
   * The upcoming events, `eventsPerSitemap` a file. Beside the index, not in a folder: a sitemap
   * may only name addresses under its own folder.
   */
  sitemapEvents: { path: "/sitemap-events-:number.xml" },
  robots: { path: "/robots.txt" },
  places: { path: "/places.json" },
  suggestions: { path: "/suggestions.json" },
  accountExport: { path: "/account-data.json" },
  /** A paid order's tickets (PDF) and calendar file, with the buyer's login or order cookie. */
  orderFile: { path: "/order-files/:id/:file" },
  panelOrdersCsv: { path: "/panel/orders.csv" },
  /** The script beside an embedded shop's frame on the organiser's site: it sizes the frame. */
  embedScript: { path: "/embed.js" },
  /** A page's messages in one language, for the browser (i18n/page-messages.ts). */
  pageMessages: { path: "/i18n/:build/:locale/:page" },
  /**
   * Asked for only by pages of a build before decision 016 (React Router's lazy route
   * discovery): it tells them to load the document anew.
   */
  routeManifest: { path: "/__manifest" },
  /** The scanner's data (tickets, keys) and its scans, with the door link's cookie. */
  doorData: { path: "/door-scanner.json" },
} as const;

/** Old or misspelt paths answered with a 301 to a page. */
export const redirects = [
  { from: "/en/new-register-organizer", to: "organiser-register", locale: "en" },
  { from: "/en/new-register-organiser", to: "organiser-register", locale: "en" },
] as const satisfies readonly { from: string; to: PageKey; locale: Locale }[];

export const pageByKey = (key: PageKey): Page => pages.find((entry) => entry.key === key)!;

/** `:name` params of a path, including several inside one segment (`:slug-evx-:id`). */
const paramPattern = /:([A-Za-z]+)/g;

/**
 * The path React Router registers: a segment that mixes text and params becomes one param
 * named after them (`:slug-evx-:id` → `:slug_id`), since React Router's params are whole
 * segments; the page splits it with its typed helper (`eventParams`). A file's extension after
 * the last param stays (`sitemap-events-:number.xml` → `:number.xml`): React Router matches a
 * param followed by an extension, and ranks it above a bare param (the event page's).
 */
export function routerPath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      const names = [...segment.matchAll(paramPattern)].map((match) => match[1]);
      if (names.length === 0 || segment === `:${names[0]}`) return segment;
      const extension = /:[A-Za-z]+(\.[a-z]+)$/.exec(segment)?.[1] ?? "";
      return `:${names.join("_")}${extension}`;
    })
    .join("/");
}

/** A path segment as a pattern with one named group per param. */
const segmentSource = (segment: string) =>
  segment
    .split(paramPattern)
    .map((part, index) =>
      index % 2 === 1 ? `(?<${part}>[^/]+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");

const compile = (path: string) => new RegExp(`^${path.split("/").map(segmentSource).join("/")}/?$`);

// Static paths first, so that `/faq` is never read as an event slug.
const compiled = pages
  .flatMap((entry) => locales.map((locale) => ({ entry, locale, pattern: compile(entry[locale]) })))
  .sort(
    (a, b) => Number(a.entry[a.locale].includes(":")) - Number(b.entry[b.locale].includes(":")),
  );

export type PageMatch = { page: Page; locale: Locale; params: Record<string, string> };

/**
 * A pathname as React Router matches it: each segment decoded, an encoded `/` kept as `%2F`
 * (a malformed one as it is). The route middleware must see the page the router will render:
 * matched on the raw path, `/pan%65l` was no page to it, and the panel's guard did not run.
 */
function routerPathname(pathname: string): string {
  // Nearly every path has nothing encoded: it is matched as it is, at no cost per request.
  if (!pathname.includes("%")) return pathname;
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/**
 * The page a pathname shows, with its language and params; null when no page matches. Like the
 * router (routes.ts marks every route case-sensitive), it matches the decoded path as written.
 */
export function matchPage(pathname: string): PageMatch | null {
  const decoded = routerPathname(pathname);
  for (const { entry, locale, pattern } of compiled) {
    const match = pattern.exec(decoded);
    if (match) {
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([name, value]) => [
          name,
          value.replaceAll("%2F", "/"),
        ]),
      );
      return { page: entry, locale, params };
    }
  }
  return null;
}

const eventSegment = new RegExp(`^${segmentSource(pageByKey("event").de.slice(1))}$`);

/**
 * The event page's slug and id out of React Router's one param for its segment (`slug_id`, see
 * `routerPath`); null when the segment is not `{slug}-evx-{id}` with a numeric id.
 */
export function eventParams(params: { slug_id?: string }): { slug: string; id: number } | null {
  const groups = eventSegment.exec(params.slug_id ?? "")?.groups;
  if (!groups?.slug || !/^\d{1,10}$/.test(groups.id ?? "")) return null;
  return { slug: groups.slug, id: Number(groups.id) };
}

/** The path of a page in a language, with its params filled in. */
export function pathTo(
  key: PageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  return pageByKey(key)[locale].replace(paramPattern, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing param '${name}' for page '${key}'`);
    return encodeURIComponent(String(value));
  });
}

/** The same page in the other language, keeping params, query and hash; null for unknown paths. */
export function counterpartPath(url: URL | string, locale: Locale): string | null {
  const parsed = typeof url === "string" ? new URL(url, "http://localhost") : url;
  const match = matchPage(parsed.pathname);
  if (!match) return null;
  return pathTo(match.page.key, locale, match.params) + parsed.search + parsed.hash;
}

/** English lives under `/en`; every other path is German. */
export function localeFromPath(pathname: string): Locale {
  const path = routerPathname(pathname);
  return path === "/en" || path.startsWith("/en/") ? "en" : defaultLocale;
}

export const resourcePath = (key: "logout", locale: Locale) => resources[key][locale];

import { layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import {
  type AreaName,
  areaNames,
  areas,
  type PageKey,
  pages,
  redirects,
  resources,
  routerPath,
} from "./route-table";

/**
 * The module of each page and endpoint of the route table. Kept here, not in the table: the
 * browser loads the table (its paths) with every page, and has no use for these.
 */
export const pageModules = {
  home: "routes/home.tsx",
  event: "routes/event.tsx",
  "about-us": "routes/cms-page.tsx",
  account: "routes/account/dashboard.tsx",
  "account-tickets": "routes/account/tickets.tsx",
  "account-profile": "routes/account/profile.tsx",
  "account-addresses": "routes/account/addresses.tsx",
  "account-privacy": "routes/account/privacy.tsx",
  checkout: "routes/checkout.tsx",
  "account-door": "routes/account/door.tsx",
  cities: "routes/cities.tsx",
  contact: "routes/contact.tsx",
  "event-categories": "routes/event-categories.tsx",
  "event-solutions": "routes/cms-page.tsx",
  events: "routes/events.tsx",
  faq: "routes/cms-page.tsx",
  login: "routes/login.tsx",
  "organiser-register": "routes/organiser-register.tsx",
  "visitor-register": "routes/visitor-register.tsx",
  "content-page": "routes/content-page.tsx",
  panel: "routes/panel.tsx",
  "embed-event": "routes/embed.tsx",
  "panel-event-new": "routes/panel/event-new.tsx",
  "panel-event": "routes/panel/event.tsx",
  "panel-orders": "routes/panel/orders.tsx",
  "panel-order": "routes/panel/order.tsx",
  "panel-organisers": "routes/panel/organisers.tsx",
  "panel-refunds": "routes/panel/refunds.tsx",
  "privacy-policy": "routes/cms-page.tsx",
  qr: "routes/qr.tsx",
  "door-scanner": "routes/door/scanner.tsx",
  register: "routes/register.tsx",
  "confirm-email": "routes/confirm-email.tsx",
  "reset-password": "routes/reset-password.tsx",
  search: "routes/search.tsx",
  terms: "routes/cms-page.tsx",
  test: "routes/test.tsx",
  "ticket-buy-status": "routes/ticket-buy-status.tsx",
  "test-payment": "routes/test-payment.tsx",
  ticketing: "routes/cms-page.tsx",
} as const satisfies Record<PageKey, string>;

export const resourceModules = {
  logout: "routes/logout.tsx",
  buildManifest: "routes/build-manifest.ts",
  sitemap: "routes/sitemap.ts",
  sitemapPages: "routes/sitemap-pages.ts",
  sitemapEvents: "routes/sitemap-events.ts",
  robots: "routes/robots.ts",
  places: "routes/places.ts",
  suggestions: "routes/suggestions.ts",
  accountExport: "routes/account-export.ts",
  orderFile: "routes/order-file.ts",
  panelOrdersCsv: "routes/panel/orders-csv.ts",
  embedScript: "routes/embed-script.ts",
  pageMessages: "routes/page-messages.ts",
  routeManifest: "routes/route-manifest.ts",
  doorData: "routes/door/scanner-data.ts",
} as const satisfies Record<keyof typeof resources, string>;

/**
 * A route matched as written: React Router matches paths case-insensitively by default, the route
 * table's `matchPage` (and with it the route middleware) does not, and `/KONTO` must not be a page
 * that no middleware guards. Paths are lower case, so no link is affected.
 */
const exact = (path: string, file: string, id: string) =>
  route(path, file, { id, caseSensitive: true });

/** Routes an area holds besides its pages: the site answers unknown paths with its 404 page. */
const extras: Partial<Record<AreaName, RouteConfigEntry[]>> = {
  site: [route("*", "routes/not-found.tsx", { id: "not-found" })],
};

/**
 * An area's pages (both languages of each) and its child areas, inside the area's layout; an area
 * without a layout of its own puts its routes straight into its parent's (or, without a parent,
 * under the root).
 */
function areaRoutes(name: AreaName): RouteConfigEntry[] {
  const children = [
    ...pages
      .filter((entry) => entry.area === name)
      .flatMap((entry) => [
        exact(routerPath(entry.de), pageModules[entry.key], `${entry.key}.de`),
        exact(routerPath(entry.en), pageModules[entry.key], `${entry.key}.en`),
      ]),
    ...areaNames.filter((child) => areas[child].parent === name).flatMap(areaRoutes),
    ...(extras[name] ?? []),
  ];
  const module = areas[name].layout;
  return module ? [layout(module, children)] : children;
}

export default [
  ...areaNames.filter((name) => areas[name].parent === null).flatMap(areaRoutes),
  ...redirects.map((entry) => exact(entry.from, "routes/redirect.ts", `redirect${entry.from}`)),
  exact(resources.logout.de, resourceModules.logout, "logout.de"),
  exact(resources.logout.en, resourceModules.logout, "logout.en"),
  exact(resources.buildManifest.path, resourceModules.buildManifest, "build-manifest"),
  exact(resources.sitemap.path, resourceModules.sitemap, "sitemap"),
  exact(resources.sitemapPages.path, resourceModules.sitemapPages, "sitemap-pages"),
  exact(routerPath(resources.sitemapEvents.path), resourceModules.sitemapEvents, "sitemap-events"),
  exact(resources.robots.path, resourceModules.robots, "robots"),
  exact(resources.places.path, resourceModules.places, "places"),
  exact(resources.suggestions.path, resourceModules.suggestions, "suggestions"),
  exact(resources.panelOrdersCsv.path, resourceModules.panelOrdersCsv, "panel-orders-csv"),
  exact(resources.accountExport.path, resourceModules.accountExport, "account-export"),
  exact(resources.orderFile.path, resourceModules.orderFile, "order-file"),
  exact(resources.doorData.path, resourceModules.doorData, "door-data"),
  exact(resources.routeManifest.path, resourceModules.routeManifest, "route-manifest"),
  exact(resources.pageMessages.path, resourceModules.pageMessages, "page-messages"),
  exact(resources.embedScript.path, resourceModules.embedScript, "embed-script"),
] satisfies RouteConfig;

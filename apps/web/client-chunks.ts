import { areaNames, areas, inSiteLayout, pages } from "./app/route-table.ts";
import { pageModules } from "./app/routes.ts";

/*
 * How the browser bundle is split into files (the Vite config's `codeSplitting`). Apart from the
 * config, so that its rule can be tested without a build.
 */

/** What the split reads of rolldown's module graph. */
type ModuleGraph = {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
};

/** The route modules (entries) that reach a module through static imports. */
function entriesReaching(id: string, graph: ModuleGraph, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(id)) return found;
  seen.add(id);
  const info = graph.getModuleInfo(id);
  if (!info) return found;
  if (info.isEntry) found.add(id);
  for (const importer of info.importers) {
    for (const entry of entriesReaching(importer, graph, seen)) found.add(entry);
  }
  return found;
}

/** Whether a route module (an entry) is one of these modules, by its path. */
const isOneOf = (modules: readonly string[]) => (entry: string) => {
  const path = entry.replace(/\?.*$/, "").replace(/\\/g, "/");
  return modules.some((module) => path.endsWith(`/app/${module}`));
};

/** The site's own pages: not the account's, checkout's, door's, panel's or embed's. */
const isSitePage = isOneOf(
  pages.filter((page) => page.area === "site").map((page) => pageModules[page.key]),
);
const isSiteLayout = isOneOf([areas.site.layout]);
/** The pages and layouts outside the site's layout (door, panel, embed): no header, no footer. */
const outsideAreas = areaNames.filter((name) => !inSiteLayout(name));
const isOutsideSite = isOneOf([
  ...pages.filter((page) => outsideAreas.includes(page.area)).map((page) => pageModules[page.key]),
  ...outsideAreas.flatMap((name) => areas[name].layout ?? []),
]);

const appOrIntl =
  /[\\/]apps[\\/]web[\\/]app[\\/]|[\\/]node_modules[\\/](use-intl|icu-minify|@formatjs)[\\/]/;
const isRoot = isOneOf(["root.tsx"]);

/**
 * Shared by several pages, but kept out of the shell and the site's chunk in chunks of their own,
 * each loaded by the pages that use it. A module a chunk captures brings its imports into it
 * (rolldown's `includeDependenciesRecursively`), so the shared modules that import the form kit
 * stay out of those two as well: the failure message in the kit's group, the registration notice
 * in the sign-up's. The groups take their modules in this order (earlier, higher priority).
 */
const apart = {
  /** The form kit: the pages with a form (search, filters, contact, sign-in, sign-up). */
  fields: /[\\/]app[\\/]components[\\/](form-field|failure-message)\.tsx$/,
  /** The form parts of the sign-up, reset and account pages. */
  forms: /[\\/]app[\\/]components[\\/](new-password-field|place-fields|registration-sent)\.tsx$/,
  /** Event cards, prices and cover images: the pages that list or show events. */
  catalogue:
    /[\\/]app[\\/]components[\\/](event-card|catalogue-parts|lazy-image|ui[\\/]badge)\.tsx$/,
  /** The ticket form: the event page and the embed. */
  "ticket-form": /[\\/]app[\\/](components[\\/]event-tickets\.tsx|lib[\\/]ticket-selection\.ts)$/,
};
/**
 * Left to rolldown: the CMS article (content pages) and the dialog, which brings Radix and loads
 * with the language dialog on first use.
 */
const elsewhere = /[\\/]app[\\/]components[\\/](dialog|cms-article)\.tsx$/;

/**
 * Which of the two shared chunks a module of the app (or of the message formatter) belongs in,
 * unless a group above claims it:
 * - `shell`, which every page loads: what the root reaches, and what the site shares with the
 *   pages outside its layout (door, panel, embed);
 * - `site`, which the pages in the site's layout load: its layout (header, search, footer) and
 *   what two or more of the site's pages share.
 */
export function sharedChunk(id: string, graph: ModuleGraph): "shell" | "site" | null {
  if ([elsewhere, ...Object.values(apart)].some((group) => group.test(id))) return null;
  const entries = [...entriesReaching(id, graph)];
  if (entries.some(isRoot)) return "shell";
  if (!entries.some(isSiteLayout) && entries.filter(isSitePage).length < 2) return null;
  return entries.some(isOutsideSite) ? "shell" : "site";
}

/**
 * The browser bundle in few, larger files (gzip compresses one file better than many small
 * ones): React and React Router in one chunk; the shell and the site's chrome in two more (see
 * `sharedChunk`). Code that only the pages of another area share (account, checkout, door,
 * panel, embed) stays out of them, as does code only one page uses, what loads on first use (the
 * language dialog, toasts), and the groups above.
 */
export const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
      priority: 20,
    },
    { test: appOrIntl, name: sharedChunk, priority: 10 },
    ...Object.entries(apart).map(([name, test], index) => ({ name, test, priority: 9 - index })),
  ],
};

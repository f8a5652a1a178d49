import { pages } from "./app/route-table.ts";

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

/** The site's own pages: not the account's, checkout's, door's, panel's or embed's. */
const sitePages = pages.filter((page) => page.area === "site").map((page) => `/app/${page.module}`);
const isSitePage = (entry: string) => {
  const path = entry.replace(/\?.*$/, "").replace(/\\/g, "/");
  return sitePages.some((module) => path.endsWith(module));
};

const appOrIntl =
  /[\\/]apps[\\/]web[\\/]app[\\/]|[\\/]node_modules[\\/](use-intl|icu-minify|@formatjs)[\\/]/;
const everyPage = /[\\/]app[\\/](root|layouts[\\/]default)\.tsx/;

/**
 * Shared by several pages, but kept out of the shell in chunks of their own, each loaded by the
 * pages that use it. A module the shell captures brings its imports into the shell (rolldown's
 * `includeDependenciesRecursively`), so the shared modules that import the form kit stay out of
 * the shell too: the failure message in the kit's group, the registration notice in the
 * sign-up's. The groups take their modules in this order (earlier, higher priority).
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
 * Whether a module of the app (or of the message formatter) belongs in the shell: the root and
 * default layout reach it, or two or more of the site's pages do, and no group above claims it.
 */
export function inShell(id: string, graph: ModuleGraph): boolean {
  if ([elsewhere, ...Object.values(apart)].some((group) => group.test(id))) return false;
  const entries = [...entriesReaching(id, graph)];
  return entries.some((entry) => everyPage.test(entry)) || entries.filter(isSitePage).length >= 2;
}

/**
 * The browser bundle in few, larger files (gzip compresses one file better than many small
 * ones): React and React Router in one chunk; in another, the shell: the root and default layout
 * with what they import, and the app code that two or more of the site's pages share. Code that
 * only the pages of another area share (account, checkout, door, panel, embed) stays out of it,
 * as does code only one page uses, what loads on first use (the language dialog, toasts), and
 * the groups above.
 */
export const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
      priority: 20,
    },
    {
      test: appOrIntl,
      name: (id: string, graph: ModuleGraph) => (inShell(id, graph) ? "shell" : null),
      priority: 10,
    },
    ...Object.entries(apart).map(([name, test], index) => ({ name, test, priority: 9 - index })),
  ],
};

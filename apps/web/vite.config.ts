import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import compileMessage from "icu-minify/compile";
import type { CodeSplittingNameFunction } from "rolldown";
import { defineConfig, type Plugin } from "vite";

/** One id per build, shared by the server and the browser bundle (see /builds/latest.json). */
const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

type MessageTree = { [key: string]: string | MessageTree };
const compileTree = (tree: MessageTree): unknown =>
  Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === "string" ? compileMessage(value) : compileTree(value),
    ]),
  );

/**
 * The message catalogues are compiled from ICU text to use-intl's compact form when they are
 * bundled, so the browser gets the small formatter instead of an ICU parser (use-intl's
 * "format-only" mode); the server bundle uses the same, so both render the same text.
 */
function precompiledMessages(): Plugin {
  return {
    name: "eventwerk:precompiled-messages",
    enforce: "pre",
    transform(code, id) {
      if (!/\/app\/i18n\/messages\/\w+\/[\w-]+\.json$/.test(id)) return;
      return { code: JSON.stringify(compileTree(JSON.parse(code) as MessageTree)), map: null };
    },
  };
}

type ModuleGraph = Parameters<CodeSplittingNameFunction>[1];

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

const appOrIntl =
  /[\\/]apps[\\/]web[\\/]app[\\/]|[\\/]node_modules[\\/](use-intl|icu-minify|@formatjs)[\\/]/;
const everyPage = /[\\/]app[\\/](root|layouts[\\/]default)\.tsx/;
/** The form kit: loaded by the pages with a form (search, filters, contact, sign-in, sign-up). */
const fields = /[\\/]app[\\/]components[\\/]form-field\.tsx$/;
/** The form parts of the sign-up, reset and account pages only. */
const forms = /[\\/]app[\\/]components[\\/](new-password-field|place-fields)\.tsx$/;
/**
 * Shared, but not by the pages most visitors see: the CMS article (content pages) and the dialog,
 * which brings Radix and loads with the language dialog on first use.
 */
const elsewhere = /[\\/]app[\\/]components[\\/](dialog|cms-article)\.tsx$/;

/**
 * The browser bundle in few, larger files (gzip compresses one file better than many small
 * ones): React and React Router in one chunk; in another, the shell: the root and default layout
 * with what they import, and the app code that several pages share. Code only one page uses
 * stays with that page, and what loads on first use (the language dialog, toasts) stays apart.
 */
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
      priority: 20,
    },
    {
      test: appOrIntl,
      name: (id: string, graph: ModuleGraph) => {
        if (fields.test(id) || forms.test(id) || elsewhere.test(id)) return null;
        const entries = [...entriesReaching(id, graph)];
        return entries.length >= 2 || entries.some((entry) => everyPage.test(entry))
          ? "shell"
          : null;
      },
      priority: 10,
    },
    {
      name: "fields",
      test: fields,
      priority: 5,
    },
    {
      name: "forms",
      test: forms,
      priority: 5,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: { output: { codeSplitting: clientChunks } },
      },
  resolve: {
    alias: [
      {
        find: /^use-intl\/format-message$/,
        replacement: "use-intl/format-message/format-only",
      },
    ],
  },
  // Bundled into the server build too, so that the alias above applies there as well.
  ssr: { noExternal: ["use-intl"] },
  plugins: [precompiledMessages(), tailwindcss(), reactRouter()],
}));

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locale } from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import { type AreaName, areaChain, areas, matchPage, pages, pathTo } from "../route-table";
import { pageModules } from "../routes";
import {
  areaNamespaces,
  messagesOfPage,
  type Namespace,
  namespacesOf,
  pageNamespaces,
  shellNamespaces,
} from "./messages.server";

/** The messages of the page at a path, as the root's loader picks them. */
const messagesFor = (locale: Locale, path: string) =>
  messagesOfPage(locale, matchPage(path)?.page.key ?? null);

const appDir = fileURLToPath(new URL("..", import.meta.url));

/** The app's modules a module imports (values, not types; dynamic imports too). */
function imports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+["'](\.[^"']+)["']/gm),
    ...source.matchAll(/^\s*import\s+["'](\.[^"']+)["']/gm),
    ...source.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    const base = path.resolve(path.dirname(file), specifier);
    const found = [".tsx", ".ts", "/index.tsx", "/index.ts"]
      .map((ending) => base + ending)
      .find((candidate) => existsSync(candidate));
    return found ? [found] : [];
  });
}

/** The namespaces a module and everything it imports render with (`meta` apart: seo.ts). */
function namespacesUsed(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/useTranslations\(\s*["'](\w+)/g)) used.add(match[1]!);
    for (const match of source.matchAll(/\bnamespace:\s*["'](\w+)/g)) used.add(match[1]!);
    imports(file).forEach(visit);
  };
  entries.map((entry) => path.join(appDir, entry)).forEach(visit);
  used.delete("meta");
  return used;
}

const layoutsOf = (area: AreaName): string[] =>
  areaChain(area).flatMap((name) => areas[name].layout ?? []);

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe("messages per page", () => {
  it("the shell's namespaces are what the root and every page's meta (seo.ts) render", () => {
    const used = namespacesUsed(["root.tsx", "seo.ts"]);
    expect(used.size).toBeGreaterThan(2);
    expect(sorted(shellNamespaces)).toEqual(sorted(used));
  });

  it.each(Object.keys(areas) as AreaName[])(
    "area %s lists what its layout renders beyond the shell",
    (area) => {
      const layout = areas[area].layout;
      const used = layout ? namespacesUsed([layout]) : new Set<string>();
      const beyond = [...used].filter((name) => !shellNamespaces.includes(name as never));
      expect(sorted(areaNamespaces[area])).toEqual(sorted(beyond));
    },
  );

  it.each(pages.map((page) => [page.key, page] as const))(
    "page %s gets exactly the namespaces it renders",
    (key, page) => {
      const used = namespacesUsed([pageModules[key], ...layoutsOf(page.area)]);
      const needed = sorted([...shellNamespaces, ...used]);
      expect(sorted(namespacesOf(key))).toEqual(needed);
      // Nothing listed that the page does not render.
      expect(
        pageNamespaces[key].filter((name) => !used.has(name)),
        `listed for ${key} but not rendered`,
      ).toEqual([]);
    },
  );

  it.each(["de", "en"] as const)(
    "a page's %s messages hold its namespaces and its meta only",
    (locale) => {
      const event = messagesFor(locale, pathTo("event", locale, { slug: "x", id: 1 }));
      expect(sorted(Object.keys(event))).toEqual(sorted([...namespacesOf("event"), "meta"]));
      expect(sorted(Object.keys(event.meta))).toEqual(["event", "not-found"]);
      expect(Object.keys(event)).not.toContain("account");
      // Unknown paths: the shell's and the site's (the 404 page is in its layout), and the error
      // page's title.
      const unknown = messagesFor(locale, "/no/such/page");
      expect(sorted(Object.keys(unknown))).toEqual(
        sorted([...shellNamespaces, ...areaNamespaces.site, "meta"]),
      );
      expect(
        sorted(namespacesUsed(["root.tsx", "routes/not-found.tsx", "layouts/default.tsx"])),
      ).toEqual(sorted(Object.keys(unknown).filter((name) => name !== "meta")));
      expect(Object.keys(unknown.meta)).toEqual(["not-found"]);
      const namespace: Namespace = "account";
      expect(messagesFor(locale, pathTo("account", locale))[namespace]).toBeDefined();
    },
  );
});

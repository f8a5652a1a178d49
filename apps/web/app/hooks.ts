import type { Locale } from "@eventwerk/contract";
import { useSyncExternalStore } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { RootData } from "./root";
import { counterpartPath, type PageKey, pathTo } from "./route-table";

/** The root loader's data: language, site name, user, menus, contact. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("useRootData outside the root route");
  return data;
}

/** Paths of the active language from the route table. */
export function usePaths() {
  const { locale } = useRootData();
  return {
    locale,
    to: (key: PageKey, params?: Record<string, string | number>) => pathTo(key, locale, params),
    in: (target: Locale, key: PageKey, params?: Record<string, string | number>) =>
      pathTo(key, target, params),
  };
}

/**
 * Loader data of a page whose path differs by language beyond the route table, e.g. an event's
 * localized slug: the page's own path in each language.
 */
export type Counterparts = { counterparts: Record<Locale, string> };

const hasCounterparts = (data: unknown): data is Counterparts =>
  typeof data === "object" &&
  data !== null &&
  "counterparts" in data &&
  typeof (data as Counterparts).counterparts?.de === "string" &&
  typeof (data as Counterparts).counterparts?.en === "string";

/**
 * The page being shown in another language, for the language switch and hreflang: the leaf
 * page's own `counterparts` when its loader gives them (events: the slug of that language),
 * otherwise the route table's counterpart. Keeps the query and hash when `keepQuery` is set.
 */
export function useCounterpartPath(): (locale: Locale, keepQuery?: boolean) => string | null {
  const matches = useMatches();
  const location = useLocation();
  const leaf = matches[matches.length - 1]?.loaderData;
  return (locale, keepQuery = false) => {
    const suffix = keepQuery ? location.search + location.hash : "";
    if (hasCounterparts(leaf)) return leaf.counterparts[locale] + suffix;
    return counterpartPath(new URL(location.pathname + suffix, "http://localhost"), locale);
  };
}

/** This page in another language, its query kept; the home page where it has no counterpart. */
export function useLanguageHref(): (locale: Locale) => string {
  const counterpart = useCounterpartPath();
  return (locale) => counterpart(locale, true) ?? pathTo("home", locale);
}

const subscribeNothing = () => () => {};

/** False on the server and in the first client render, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

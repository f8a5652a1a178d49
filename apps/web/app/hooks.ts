import type { Locale } from "@eventwerk/contract";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "./root";
import { type PageKey, pathTo } from "./route-table";

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

import type { ReactNode } from "react";
import { Link } from "react-router";
import { usePaths } from "../hooks";
import type { PageKey } from "../route-table";
import { linkClass } from "./page-parts";

/** A tag of a rich message (`<link>…</link>`) as a link to one of our pages. */
export function usePageLink() {
  const { to } = usePaths();
  return (key: PageKey) => (chunks: ReactNode) => (
    <Link className={linkClass} to={to(key)}>
      {chunks}
    </Link>
  );
}

/** The `<terms>` and `<privacy>` tags of a rich message as links to those pages. */
export function useLegalLinks() {
  const pageLink = usePageLink();
  return { terms: pageLink("terms"), privacy: pageLink("privacy-policy") };
}

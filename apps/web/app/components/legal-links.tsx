import type { ReactNode } from "react";
import { Link } from "react-router";
import { usePaths } from "../hooks";
import { linkClass } from "../lib/page-parts";

/** The `<terms>` and `<privacy>` tags of a rich message as links to those pages. */
export function useLegalLinks() {
  const { to } = usePaths();
  const link = (key: "terms" | "privacy-policy") => (chunks: ReactNode) => (
    <Link className={linkClass} to={to(key)}>
      {chunks}
    </Link>
  );
  return { terms: link("terms"), privacy: link("privacy-policy") };
}

import { redirect } from "react-router";
import { pathTo, redirects } from "../route-table";
import type { Route } from "./+types/redirect";

/** Old or misspelt paths of the route table's `redirects`: a permanent redirect to the page. */
export function loader({ url }: Route.LoaderArgs) {
  const entry = redirects.find((item) => item.from === url.pathname.replace(/\/$/, ""));
  if (!entry) throw new Response(null, { status: 404 });
  return redirect(pathTo(entry.to, entry.locale) + url.search, 301);
}

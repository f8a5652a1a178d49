import { publicOrigin } from "../config.server";
import { pagesSitemap, xmlResponse } from "../lib/sitemap.server";
import type { Route } from "./+types/sitemap-pages";

/** `/sitemap-pages.xml`: every public page of the site, in both languages. */
export function loader({ request }: Route.LoaderArgs) {
  return xmlResponse(pagesSitemap(publicOrigin(request)));
}

import { apiFor } from "../api.server";
import { publicOrigin } from "../config.server";
import { eventSitemapFiles, sitemapIndex, xmlResponse } from "../lib/sitemap.server";
import type { Route } from "./+types/sitemap";

/** `/sitemap.xml`: the index of the sitemap's files, the pages' and as many events' as needed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context);
  const eventFiles = await eventSitemapFiles((query) => api.sitemapEvents(query));
  return xmlResponse(sitemapIndex(publicOrigin(request), eventFiles));
}

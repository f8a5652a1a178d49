import { data } from "react-router";
import { apiFor } from "../api.server";
import { publicOrigin } from "../config.server";
import { eventSitemapEvents, eventsSitemap, xmlResponse } from "../lib/sitemap.server";
import { sitemapEventsNumber } from "../lib/sitemap-paths";
import type { Route } from "./+types/sitemap-events";

/**
 * `/sitemap-events-N.xml`: the Nth file of upcoming published events, in both languages. Any
 * other `….xml` at the root comes here too (React Router's `:number.xml`): 404, as does a file
 * past the last.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const number = sitemapEventsNumber(url.pathname);
  if (number === null) throw data("Not found", { status: 404 });
  const api = await apiFor(context);
  const events = await eventSitemapEvents((query) => api.sitemapEvents(query), number);
  if (!events) throw data("Not found", { status: 404 });
  return xmlResponse(eventsSitemap(publicOrigin(request), events));
}

import { fillPath } from "@eventwerk/contract";
import { resources } from "../route-table";

/*
 * The events' sitemap files' addresses, apart from the route table: only the server and the
 * tests need them, and the table ships to every browser.
 */

/** The path of the events' sitemap file `number` (from 1). */
export const sitemapEventsPath = (number: number) =>
  fillPath(resources.sitemapEvents.path, { number });

const [prefix, suffix] = resources.sitemapEvents.path.split(":number") as [string, string];

/**
 * The number of the events' sitemap file a pathname names (`/sitemap-events-3.xml` → 3): a whole
 * number from 1, written without leading zeros (one address per file); null for anything else.
 */
export function sitemapEventsNumber(pathname: string): number | null {
  if (!pathname.startsWith(prefix) || !pathname.endsWith(suffix)) return null;
  const number = pathname.slice(prefix.length, pathname.length - suffix.length);
  return /^[1-9]\d{0,8}$/.test(number) ? Number(number) : null;
}

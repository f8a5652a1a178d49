import {
  type Locale,
  type SitemapEvent,
  type SitemapEventList,
  sitemapEventsMaxPage,
} from "@eventwerk/contract";
import { type PageKey, pages, pathTo, resources } from "../route-table";
import { sitemapEventsPath } from "./sitemap-paths";

/**
 * The sitemap: an index (`/sitemap.xml`) naming a file of the site's public pages and as many
 * files of upcoming events as they fill. The protocol allows 50,000 addresses and 50 MB a file:
 * each event is two (one per language), so a file of 10,000 is 20,000 addresses, 17 MB with
 * slugs of 100 characters (titles have at most 120). A file is one page of the API's list of
 * upcoming events for the sitemap (at most `sitemapEventsMaxPerPage`), one read.
 */
export const eventsPerSitemap = 10_000;

/**
 * Pages of the public site that are not for search engines: forms, tools, params. The other
 * areas (account, checkout, door, panel) are never listed.
 */
const privatePages: ReadonlySet<PageKey> = new Set<PageKey>([
  "login",
  "register",
  "visitor-register",
  "organiser-register",
  "reset-password",
  "confirm-email",
  "test",
  "content-page",
  "event",
  // A holder's own ticket codes; for a guest, only how they work.
  "qr",
]);

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) =>
      ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );

/**
 * One `<url>` per language version, each naming both versions and the default (German), and
 * when the page last changed if known.
 */
function urlEntries(origin: string, paths: Record<Locale, string>, lastmod?: string): string {
  const alternates = [
    ["de", paths.de],
    ["en", paths.en],
    ["x-default", paths.de],
  ]
    .map(
      ([hreflang, path]) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + path)}"/>`,
    )
    .join("\n");
  const changed = lastmod ? `    <lastmod>${escapeXml(lastmod)}</lastmod>\n` : "";
  return (["de", "en"] as const)
    .map(
      (locale) =>
        `  <url>\n    <loc>${escapeXml(origin + paths[locale])}</loc>\n${changed}${alternates}\n  </url>`,
    )
    .join("\n");
}

const urlset = (entries: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join("\n")}
</urlset>
`;

/** `/sitemap-pages.xml`: the public site's pages in both languages. */
export function pagesSitemap(origin: string): string {
  return urlset(
    pages
      .filter((entry) => entry.area === "site" && !privatePages.has(entry.key))
      .map((entry) =>
        urlEntries(origin, { de: pathTo(entry.key, "de"), en: pathTo(entry.key, "en") }),
      ),
  );
}

/** `/sitemap-events-N.xml`: each event's page in both languages, with its last change. */
export function eventsSitemap(origin: string, events: readonly SitemapEvent[]): string {
  return urlset(
    events.map((event) =>
      urlEntries(
        origin,
        {
          de: pathTo("event", "de", { slug: event.slugs.de, id: event.id }),
          en: pathTo("event", "en", { slug: event.slugs.en, id: event.id }),
        },
        event.updated_at,
      ),
    ),
  );
}

/** How many events' files `total` upcoming events fill. */
export const eventSitemapCount = (total: number, perFile: number = eventsPerSitemap) =>
  Math.ceil(total / perFile);

/** `/sitemap.xml`: the pages' file, then the events' files 1 to `eventFiles`. */
export function sitemapIndex(origin: string, eventFiles: number): string {
  const files = [
    resources.sitemapPages.path,
    ...Array.from({ length: eventFiles }, (_, index) => sitemapEventsPath(index + 1)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((path) => `  <sitemap>\n    <loc>${escapeXml(origin + path)}</loc>\n  </sitemap>`).join("\n")}
</sitemapindex>
`;
}

/** A page of the API's list of upcoming events for the sitemap (`api.sitemapEvents`). */
export type SitemapEventPage = (query: {
  page: number;
  per_page: number;
}) => Promise<SitemapEventList>;

/** The number of events' files the index names: one read of the total. */
export async function eventSitemapFiles(
  read: SitemapEventPage,
  perFile: number = eventsPerSitemap,
): Promise<number> {
  const { meta } = await read({ page: 1, per_page: 1 });
  return eventSitemapCount(meta.total, perFile);
}

/**
 * The events of file `number` (from 1): the `number`th `perFile` of them by id, in one read; null
 * for a file past the last (none at all without upcoming events), or past the API's last page.
 */
export async function eventSitemapEvents(
  read: SitemapEventPage,
  number: number,
  perFile: number = eventsPerSitemap,
): Promise<SitemapEvent[] | null> {
  if (number > sitemapEventsMaxPage) return null;
  const { data, meta } = await read({ page: number, per_page: perFile });
  return number <= eventSitemapCount(meta.total, perFile) ? data : null;
}

/** A sitemap file's answer: XML, kept an hour by browsers and shared caches. */
export const xmlResponse = (body: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });

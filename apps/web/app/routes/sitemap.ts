import type { EventSummary, Locale } from "@eventwerk/contract";
import { apiFor } from "../api.server";
import { publicOrigin } from "../config.server";
import { type PageKey, pages, pathTo } from "../route-table";
import type { Route } from "./+types/sitemap";

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

/** Pages through the listing; both languages are read so that each event has both slugs. */
async function upcomingEvents(api: Awaited<ReturnType<typeof apiFor>>): Promise<EventSummary[]> {
  const events: EventSummary[] = [];
  for (let page = 1; ; page++) {
    const result = await api.events({ per_page: 100, page, sort: "date" });
    events.push(...result.data);
    if (page >= result.meta.pages || result.data.length === 0) return events;
  }
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) =>
      ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );

/** One `<url>` per language version, each naming both versions and the default (German). */
function urlEntries(origin: string, paths: Record<Locale, string>): string {
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
  return (["de", "en"] as const)
    .map(
      (locale) =>
        `  <url>\n    <loc>${escapeXml(origin + paths[locale])}</loc>\n${alternates}\n  </url>`,
    )
    .join("\n");
}

/** `/sitemap.xml`: every public page and every upcoming published event, in both languages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const [apiDe, apiEn] = await Promise.all([
    apiFor(context, { locale: "de" }),
    apiFor(context, { locale: "en" }),
  ]);
  const [eventsDe, eventsEn] = await Promise.all([upcomingEvents(apiDe), upcomingEvents(apiEn)]);
  const englishSlug = new Map(eventsEn.map((event) => [event.id, event.slug]));

  const entries = pages
    .filter((entry) => entry.area === "site" && !privatePages.has(entry.key))
    .map((entry) =>
      urlEntries(origin, { de: pathTo(entry.key, "de"), en: pathTo(entry.key, "en") }),
    );
  for (const event of eventsDe) {
    if (event.status !== "published" || event.is_past) continue;
    const slugEn = englishSlug.get(event.id);
    if (!slugEn) continue;
    entries.push(
      urlEntries(origin, {
        de: pathTo("event", "de", { slug: event.slug, id: event.id }),
        en: pathTo("event", "en", { slug: slugEn, id: event.id }),
      }),
    );
  }

  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

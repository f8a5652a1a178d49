import {
  type SitemapEvent,
  sitemapEventsMaxPage,
  sitemapEventsMaxPerPage,
} from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import {
  eventSitemapCount,
  eventSitemapEvents,
  eventSitemapFiles,
  eventsPerSitemap,
  eventsSitemap,
  pagesSitemap,
  type SitemapEventPage,
  sitemapIndex,
} from "./sitemap.server";

const origin = "https://eventwerk.example";

const event = (id: number): SitemapEvent => ({
  id,
  slugs: { de: `konzert-${id}`, en: `concert-${id}` },
  updated_at: new Date(Date.UTC(2026, 2, 1, 10) + id * 86_400_000).toISOString(),
});

/** The API's list over `count` events, paged as it pages them; it records what was asked. */
function apiOf(count: number) {
  const events = Array.from({ length: count }, (_, index) => event(index + 1));
  const asked: { page: number; per_page: number }[] = [];
  const read: SitemapEventPage = async (query) => {
    asked.push(query);
    const start = (query.page - 1) * query.per_page;
    return {
      data: events.slice(start, start + query.per_page),
      meta: { ...query, total: count, pages: Math.ceil(count / query.per_page) },
    };
  };
  return { read, asked };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe("the sitemap's size", () => {
  it("keeps each events' file well inside the protocol's 50,000 addresses, in one read of the API", () => {
    expect(2 * eventsPerSitemap).toBeLessThanOrEqual(25_000);
    expect(eventsPerSitemap).toBeLessThanOrEqual(sitemapEventsMaxPerPage);
  });

  it("needs a file more for each event past a full one", () => {
    expect(eventSitemapCount(0)).toBe(0);
    expect(eventSitemapCount(1)).toBe(1);
    expect(eventSitemapCount(eventsPerSitemap)).toBe(1);
    expect(eventSitemapCount(eventsPerSitemap + 1)).toBe(2);
    expect(eventSitemapCount(25_000)).toBe(3);
    expect(eventSitemapCount(4, 2)).toBe(2);
    expect(eventSitemapCount(5, 2)).toBe(3);
  });
});

describe("the sitemap index", () => {
  it("names the pages' file and one file per `perFile` events, with the total read once", async () => {
    for (const [count, files] of [
      [0, 0],
      [1, 1],
      [4, 2],
      [5, 3],
    ] as const) {
      const { read, asked } = apiOf(count);
      expect(await eventSitemapFiles(read, 2)).toBe(files);
      expect(asked).toEqual([{ page: 1, per_page: 1 }]);
    }
    expect(locs(sitemapIndex(origin, 3))).toEqual([
      `${origin}/sitemap-pages.xml`,
      `${origin}/sitemap-events-1.xml`,
      `${origin}/sitemap-events-2.xml`,
      `${origin}/sitemap-events-3.xml`,
    ]);
    const empty = sitemapIndex(origin, 0);
    expect(empty).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(empty)).toEqual([`${origin}/sitemap-pages.xml`]);
  });
});

describe("the events' files", () => {
  it("split the events by id at the boundary: each file its `perFile`, the last the rest", async () => {
    const { read, asked } = apiOf(5);
    const ids = async (number: number) =>
      (await eventSitemapEvents(read, number, 2))?.map((found) => found.id) ?? null;
    expect(await ids(1)).toEqual([1, 2]);
    expect(await ids(2)).toEqual([3, 4]);
    expect(await ids(3)).toEqual([5]);
    expect(await ids(4)).toBeNull();
    expect(asked).toEqual([1, 2, 3, 4].map((page) => ({ page, per_page: 2 })));

    // A full last file, and the next one is none.
    const full = apiOf(4);
    expect((await eventSitemapEvents(full.read, 2, 2))?.map((found) => found.id)).toEqual([3, 4]);
    expect(await eventSitemapEvents(full.read, 3, 2)).toBeNull();
  });

  it("has none without upcoming events, and none past the API's last page (not asked)", async () => {
    expect(await eventSitemapEvents(apiOf(0).read, 1)).toBeNull();
    const { read, asked } = apiOf(3);
    expect(await eventSitemapEvents(read, sitemapEventsMaxPage + 1, 1)).toBeNull();
    expect(asked).toEqual([]);
  });

  it("name each event in both languages with hreflang alternates, x-default German, and its last change", () => {
    const xml = eventsSitemap(origin, [event(7)]);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]!);
    const urls = { de: `${origin}/konzert-7-evx-7`, en: `${origin}/en/concert-7-evx-7` };
    expect(entries.map(locs)).toEqual([[urls.de], [urls.en]]);
    for (const entry of entries) {
      expect(entry).toContain("<lastmod>2026-03-08T10:00:00.000Z</lastmod>");
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${urls.de}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${urls.en}"/>`);
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${urls.de}"/>`,
      );
    }
  });

  it("escape what XML reserves in an address", () => {
    const xml = eventsSitemap("https://a.example/?x=1&y='2'", [event(1)]);
    expect(xml).toContain("<loc>https://a.example/?x=1&amp;y=&apos;2&apos;/konzert-1-evx-1</loc>");
    expect(xml).not.toMatch(/&(?!amp;|apos;|lt;|gt;|quot;)/);
  });
});

describe("the pages' file", () => {
  it("names the public pages in both languages, never forms, tools or private areas", () => {
    const found = locs(pagesSitemap(origin));
    for (const path of ["/", "/en", "/veranstaltungen", "/en/events", "/faq", "/en/faq"]) {
      expect(found).toContain(origin + path);
    }
    for (const path of ["/login", "/en/login", "/konto", "/panel", "/qr", "/qr/scanner", "/test"]) {
      expect(found).not.toContain(origin + path);
    }
    // No path with a param left unfilled (the event page, a CMS page by id).
    expect(found.some((loc) => loc?.includes("/:"))).toBe(false);
    expect(pagesSitemap(origin)).not.toContain("<lastmod>");
  });
});

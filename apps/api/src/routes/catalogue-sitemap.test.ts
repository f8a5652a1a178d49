import { apiPaths, type SitemapEventList } from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../db/schema.ts";
import { call, createTestApp, type TestApp } from "../testing/app.ts";
import { type CatalogueFixtures, createCatalogueFixtures } from "../testing/catalogue-fixtures.ts";

let t: TestApp;
let f: CatalogueFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCatalogueFixtures(t.ctx.db);
});
afterAll(() => t.close());

const get = (query: string, locale?: "de" | "en") =>
  call(t.app, { method: "GET", url: `${apiPaths.sitemapEvents}?${query}`, locale });

async function sitemapPage(query: string) {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SitemapEventList>();
}

/** Every page of the list, `perPage` events at a time. */
async function allPages(perPage: number) {
  const pages: SitemapEventList[] = [];
  for (let page = 1; page === 1 || page <= pages[0]!.meta.pages; page++) {
    pages.push(await sitemapPage(`page=${page}&per_page=${perPage}`));
  }
  return pages;
}

describe("the sitemap's event list", () => {
  it("names upcoming published events with both slugs and their last change; never drafts, cancelled or past ones", async () => {
    const { data, meta } = await sitemapPage("per_page=10000");
    expect(meta).toEqual({ page: 1, per_page: 10000, total: data.length, pages: 1 });
    const ids = data.map((event) => event.id);
    for (const key of ["onSale", "soldOut", "notYet", "saleEnded", "free", "today"] as const) {
      expect(ids).toContain(f.ids[key]);
    }
    for (const key of ["draft", "cancelled", "past"] as const) {
      expect(ids).not.toContain(f.ids[key]);
    }
    const [row] = await t.ctx.db
      .select({ updatedAt: schema.events.updatedAt })
      .from(schema.events)
      .where(eq(schema.events.id, f.ids.onSale));
    expect(data.find((event) => event.id === f.ids.onSale)).toEqual({
      id: f.ids.onSale,
      slugs: { de: "quarzjazzfestival-am-hafen", en: "quartz-jazz-festival-at-the-harbour" },
      updated_at: row!.updatedAt.toISOString(),
    });
    // The demo seed's past events are left out too: whatever is listed has not ended.
    const ended = await t.ctx.db
      .select({ id: schema.events.id, endsAt: schema.events.endsAt })
      .from(schema.events);
    const endOf = new Map(ended.map((event) => [event.id, event.endsAt.getTime()]));
    expect(data.every((event) => endOf.get(event.id)! >= Date.now() - 60_000)).toBe(true);
  });

  it("pages by id: the pages together are the whole list, each id once", async () => {
    const whole = (await sitemapPage("per_page=10000")).data;
    expect(whole.map((event) => event.id)).toEqual(
      whole.map((event) => event.id).sort((a, b) => a - b),
    );
    const pages = await allPages(4);
    expect(pages.flatMap((page) => page.data)).toEqual(whole);
    expect(pages.at(-1)!.data.length).toBe(whole.length - 4 * (pages.length - 1));
    expect(pages.every((page) => page.meta.total === whole.length)).toBe(true);
    expect(pages[0]!.meta.pages).toBe(Math.ceil(whole.length / 4));
  });

  it("answers no events but the total past the last page", async () => {
    const { meta } = await sitemapPage("per_page=10000");
    expect(await sitemapPage("page=2&per_page=10000")).toEqual({
      data: [],
      meta: { page: 2, per_page: 10000, total: meta.total, pages: 1 },
    });
  });

  it("leaves an event out once it is unpublished or cancelled, and names its new slug", async () => {
    const id = await f.insert({
      key: "sitemapped",
      titleDe: "Quarzkonzert für die Karte",
      titleEn: "Quartz concert for the map",
      start: new Date(f.now.getTime() + 50 * 86_400_000),
      tickets: [],
    });
    const listed = async () =>
      (await sitemapPage("per_page=10000")).data.find((event) => event.id === id);
    expect((await listed())?.slugs).toEqual({
      de: "quarzkonzert-fur-die-karte",
      en: "quartz-concert-for-the-map",
    });
    const changedAt = new Date(Date.now() + 1000);
    await t.ctx.db
      .update(schema.events)
      .set({ slugEn: "quartz-concert-on-the-map", updatedAt: changedAt })
      .where(eq(schema.events.id, id));
    const renamed = (await sitemapPage("per_page=10000")).data.find((event) => event.id === id);
    expect(renamed).toMatchObject({
      slugs: { en: "quartz-concert-on-the-map" },
      updated_at: changedAt.toISOString(),
    });
    for (const status of ["draft", "cancelled"] as const) {
      await t.ctx.db.update(schema.events).set({ status }).where(eq(schema.events.id, id));
      expect(await listed()).toBeUndefined();
    }
  });

  it.each([
    ["page=0", "page"],
    ["page=x", "page"],
    ["page=1.5", "page"],
    ["page=10001", "page"],
    ["per_page=0", "per_page"],
    ["per_page=-1", "per_page"],
    ["per_page=10001", "per_page"],
    ["per_page=ten", "per_page"],
  ])("answers 400 for %s, in the request's language", async (query, field) => {
    for (const [locale, message] of [
      ["de", "Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder."],
      ["en", "The input is invalid. Please check the marked fields."],
    ] as const) {
      const response = await get(query, locale);
      expect(response.statusCode).toBe(400);
      const { error } = response.json<{
        error: { code: string; message: string; fields: Record<string, string> };
      }>();
      expect(error.code).toBe("validation_failed");
      expect(error.message).toBe(message);
      expect(Object.keys(error.fields)).toEqual([field]);
    }
  });

  it("is documented under the events tag", async () => {
    const spec = (await call(t.app, { method: "GET", url: apiPaths.openapi })).json<{
      paths: Record<string, Record<string, { tags: string[]; parameters: { name: string }[] }>>;
    }>();
    const operation = spec.paths[apiPaths.sitemapEvents]!.get!;
    expect(operation.tags).toEqual(["events"]);
    expect(operation.parameters.map((parameter) => parameter.name).sort()).toEqual([
      "page",
      "per_page",
    ]);
  });
});

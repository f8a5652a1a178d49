import type { Suggestions } from "@eventwerk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../testing/app.ts";
import { type CatalogueFixtures, createCatalogueFixtures } from "../testing/catalogue-fixtures.ts";

let t: TestApp;
let f: CatalogueFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCatalogueFixtures(t.ctx.db);
});
afterAll(() => t.close());

async function suggest(q: string, locale: "de" | "en" = "de", limit?: number) {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const response = await call(t.app, {
    method: "GET",
    url: `/api/v1/search/suggestions?${query}`,
    locale,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Suggestions }>().data;
}

describe("search suggestions", () => {
  it("suggests upcoming events whose title words start with the typed letters", async () => {
    const result = await suggest("Quarzjaz");
    expect(result.events[0]).toMatchObject({
      id: f.ids.onSale,
      title: "Quarzjazzfestival am Hafen",
      venue_name: "Quarzphilharmonie",
      city_name: "Quarzingen",
    });
    const english = await suggest("quartz jaz", "en");
    expect(english.events.map((event) => event.id)).toContain(f.ids.onSale);
  });

  it("suggests from two letters, and from three the inside of compounds", async () => {
    expect((await suggest("Qu", "de", 10)).events.length).toBeGreaterThan(0);
    // "jazzfest" is inside "Quarzjazzfestival": no word starts with it.
    expect((await suggest("jazzfest")).events.map((event) => event.id)).toContain(f.ids.onSale);
  });

  it("never suggests drafts, past or cancelled events", async () => {
    expect((await suggest("Geheimentwurf")).events).toEqual([]);
    const ids = (await suggest("Quarz", "de", 10)).events.map((event) => event.id);
    expect(ids).not.toContain(f.ids.past);
    expect(ids).not.toContain(f.ids.cancelled);
  });

  it("suggests venues, cities in either language and categories", async () => {
    expect((await suggest("Quarzphil")).venues[0]).toMatchObject({
      id: f.venue.id,
      name: "Quarzphilharmonie",
      city_name: "Quarzingen",
    });
    expect((await suggest("Glimmerf", "en")).cities[0]).toMatchObject({
      id: f.otherCity.id,
      name: "Glimmerford",
    });
    expect((await suggest("Glimmerf", "de")).cities[0]!.name).toBe("Glimmerau");
    expect((await suggest("klänge")).categories[0]).toMatchObject({ id: f.category.id });
    expect((await suggest("Quartz sou", "en")).categories[0]!.name).toBe("Quartz sounds");
  });

  it("forgives a typo in a longer word", async () => {
    expect((await suggest("Quarzphilharmonei")).venues.map((venue) => venue.id)).toContain(
      f.venue.id,
    );
  });

  it("keeps each list to the limit", async () => {
    const result = await suggest("Quarz", "de", 2);
    for (const list of [result.events, result.venues, result.cities, result.categories]) {
      expect(list.length).toBeLessThanOrEqual(2);
    }
  });

  it("escapes LIKE wildcards and answers nothing for words without letters", async () => {
    expect(await suggest("%_")).toEqual({ events: [], venues: [], cities: [], categories: [] });
  });

  it("is cached like the other public reads", async () => {
    const response = await call(t.app, {
      method: "GET",
      url: "/api/v1/search/suggestions?q=Quarz",
    });
    expect(response.headers["cache-control"]).toMatch(/public/);
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers.vary).toMatch(/X-localization/i);
  });

  it.each([
    "",
    "q=",
    "q=a",
    "q=%20%20",
    `q=${"x".repeat(101)}`,
    "q=ab%00",
    "q=ab%0Acd",
    "q=ab%1B",
    "q=abc&limit=0",
    "q=abc&limit=11",
    "q=abc&limit=x",
  ])("answers 400 for ?%s", async (query) => {
    const response = await call(t.app, {
      method: "GET",
      url: `/api/v1/search/suggestions?${query}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
  });

  it("answers in the visitor's language for bad input", async () => {
    const query = `q=${"x".repeat(101)}`;
    const de = await call(t.app, { method: "GET", url: `/api/v1/search/suggestions?${query}` });
    const en = await call(t.app, {
      method: "GET",
      url: `/api/v1/search/suggestions?${query}`,
      locale: "en",
    });
    expect(de.json().error.message).not.toBe(en.json().error.message);
  });
});

import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.ts";
import { fillCatalogue, slugify } from "./catalogue.ts";
import { categoryCoverName, coverNames, coverPath, coverWidths } from "./data/covers.ts";

const assetsDir = fileURLToPath(new URL("../../assets/", import.meta.url));

describe("demo catalogue", () => {
  let test: TestApp;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await test.ctx.db.execute(query)).rows as T[];
  const one = async (query: ReturnType<typeof sql>) =>
    Number((await rows<{ n: number }>(query))[0]!.n);

  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it("has at least 300 upcoming published events in every category and at least 15 cities", async () => {
    expect(
      await one(
        sql`select count(*) as n from events where status = 'published' and starts_at > now()`,
      ),
    ).toBeGreaterThanOrEqual(300);
    // Spread over the coming year.
    expect(
      await one(
        sql`select count(*) as n from events where status = 'published' and starts_at > now() + interval '9 months'`,
      ),
    ).toBeGreaterThan(20);
    expect(
      await one(
        sql`select count(*) as n from events where starts_at > now() + interval '366 days'`,
      ),
    ).toBe(0);
    expect(await one(sql`select count(*) as n from events where starts_at >= ends_at`)).toBe(0);
    const perCategory = await rows<{ slug: string; n: number }>(
      sql`select c.slug_en as slug, count(e.id)::int as n from event_categories c
          left join events e on e.category_id = c.id and e.status = 'published' and e.starts_at > now()
          group by c.slug_en`,
    );
    expect(perCategory).toHaveLength(10);
    for (const category of perCategory)
      expect(category.n, category.slug).toBeGreaterThanOrEqual(10);
    const cities = await rows<{ n: number; countries: number }>(
      sql`select count(distinct v.city_id)::int as n, count(distinct ci.country_id)::int as countries
          from events e join venues v on v.id = e.venue_id join cities ci on ci.id = v.city_id
          where e.status = 'published' and e.starts_at > now()`,
    );
    expect(cities[0]!.n).toBeGreaterThanOrEqual(15);
    expect(cities[0]!.countries).toBe(3);
  });

  it("has past, draft and cancelled events and extra approved organisers", async () => {
    expect(
      await one(
        sql`select count(*) as n from events where status = 'published' and ends_at < now()`,
      ),
    ).toBeGreaterThanOrEqual(15);
    // Past events are over; nothing is running right now.
    expect(
      await one(
        sql`select count(*) as n from events where starts_at <= now() and ends_at >= now()`,
      ),
    ).toBe(0);
    expect(await one(sql`select count(*) as n from events where status = 'draft'`)).toBeGreaterThan(
      0,
    );
    const cancelled = await one(sql`select count(*) as n from events where status = 'cancelled'`);
    expect(cancelled).toBeGreaterThanOrEqual(3);
    expect(cancelled).toBeLessThanOrEqual(5);
    expect(
      await one(
        sql`select count(distinct e.organiser_id) as n from events e
            join organiser_profiles o on o.user_id = e.organiser_id where o.approval_status = 'approved'`,
      ),
    ).toBeGreaterThanOrEqual(5);
  });

  it("has free, sold-out, nearly sold-out, not yet on sale and sale-ended tickets", async () => {
    const free = await one(sql`select count(*) as n from events e where e.status = 'published'
      and not exists (select 1 from event_ticket_types t where t.event_id = e.id and t.price_cents > 0)`);
    expect(free).toBeGreaterThan(0);
    expect(
      await one(sql`select count(*) as n from event_ticket_types where sold_count = capacity`),
    ).toBeGreaterThan(0);
    expect(
      await one(sql`select count(*) as n from event_ticket_types
        where sold_count < capacity and sold_count >= 0.9 * capacity`),
    ).toBeGreaterThan(0);
    expect(
      await one(sql`select count(*) as n from event_ticket_types where sales_start > now()`),
    ).toBeGreaterThan(0);
    expect(
      await one(sql`select count(*) as n from event_ticket_types t join events e on e.id = t.event_id
        where t.sales_end < now() and e.starts_at > now()`),
    ).toBeGreaterThan(0);
    expect(
      await one(
        sql`select count(*) as n from event_ticket_types where discount_price_cents is not null`,
      ),
    ).toBeGreaterThan(0);
    const bounds = await rows<Record<string, number>>(
      sql`select min(price_cents)::int as min_price, max(price_cents)::int as max_price,
                 min(max_per_order)::int as min_order, max(max_per_order)::int as max_order,
                 count(*) filter (where sold_count > capacity or sold_count < 0)::int as oversold,
                 count(*) filter (where discount_price_cents >= price_cents)::int as bad_discount
          from event_ticket_types`,
    );
    expect(bounds[0]).toEqual({
      min_price: 0,
      max_price: expect.any(Number),
      min_order: 4,
      max_order: 10,
      oversold: 0,
      bad_discount: 0,
    });
    expect(bounds[0]!.max_price).toBeLessThanOrEqual(18_000);
    const perEvent = await rows<{ min: number; max: number }>(
      sql`select min(n)::int as min, max(n)::int as max from
          (select count(t.id) as n from events e left join event_ticket_types t on t.event_id = e.id group by e.id) s`,
    );
    expect(perEvent[0]).toEqual({ min: 1, max: 4 });
    expect(
      await one(sql`select count(*) as n from events e join event_categories c on c.id = e.category_id
        where c.slug_en = 'nightlife' and e.age_limit = 18`),
    ).toBeGreaterThan(0);
  });

  it("has cover files for every event and category in every width, each under 60 kB", async () => {
    const used = await rows<{ cover_image: string }>(sql`select distinct cover_image from events`);
    const categories = await rows<{ image: string }>(sql`select image from event_categories`);
    const names = new Set([
      ...coverNames,
      ...used.map((row) => row.cover_image),
      ...categories.map((row) => categoryCoverName(row.image)),
    ]);
    expect(names.size).toBe(coverNames.length);
    for (const name of names) {
      for (const width of coverWidths) {
        const { size } = statSync(`${assetsDir}${coverPath(name, width)}`);
        expect(size, `${name}-${width}`).toBeGreaterThan(500);
        expect(size, `${name}-${width}`).toBeLessThan(60 * 1024);
      }
    }
  });

  it("serves a cover under the storage prefix", async () => {
    const response = await test.app.inject({ url: `/storage/${coverPath(coverNames[0]!, 320)}` });
    expect(response.statusCode).toBe(200);
  });

  it("has ASCII slugs from the titles in both languages", async () => {
    const events = await rows<{ slug_de: string; slug_en: string; title_de: string }>(
      sql`select slug_de, slug_en, title_de from events`,
    );
    for (const event of events) {
      expect(event.slug_de).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(event.slug_en).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(event.slug_de).toBe(slugify(event.title_de));
    }
    expect(slugify("Größe & Übermut: Köln, Zürich")).toBe("groesse-uebermut-koeln-zuerich");
  });

  it("fillCatalogue adds exactly the requested number of published events", async () => {
    const before = await one(sql`select count(*) as n from events`);
    expect(await fillCatalogue(test.ctx.db, { count: 1234 })).toBe(1234);
    expect(await one(sql`select count(*) as n from events`)).toBe(before + 1234);
    expect(
      await one(sql`select count(*) as n from events e where not exists
        (select 1 from event_ticket_types t where t.event_id = e.id)`),
    ).toBe(0);
  });
});

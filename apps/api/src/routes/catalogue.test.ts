import type {
  EventCategory,
  EventCity,
  EventDetail,
  EventList,
  EventSummary,
} from "@eventwerk/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../db/schema.ts";
import { berlinDay } from "../lib/catalogue.ts";
import { call, createTestApp, type TestApp, testDatabase } from "../testing/app.ts";
import { type CatalogueFixtures, createCatalogueFixtures } from "../testing/catalogue-fixtures.ts";

let t: TestApp;
let f: CatalogueFixtures;
const SERIES = 23;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCatalogueFixtures(t.ctx.db);
  // A series in the second category for paging: many ties on date, price and sales.
  const start = new Date(f.now.getTime() + 30 * 86_400_000);
  for (let i = 0; i < SERIES; i++) {
    await f.insert({
      key: `series${i}`,
      titleDe: `Glimmerserie Teil ${i + 1}`,
      titleEn: `Glimmer series part ${i + 1}`,
      start: i % 3 === 0 ? new Date(start.getTime() + i * 3_600_000) : start,
      category: "other",
      venue: "second",
      tickets: [{ price: i % 2 ? 1000 : 2000, sold: i % 4 }],
    });
  }
});
afterAll(() => t.close());

const get = (url: string, locale?: "de" | "en", headers?: Record<string, string>) =>
  call(t.app, { method: "GET", url, locale, headers });

async function list(params: Record<string, string | number>, locale?: "de" | "en") {
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await get(`/api/v1/events?${query}`, locale);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventList>();
}
const idsOf = (events: EventSummary[]) => events.map((event) => event.id);
const main = () => ({ category: f.category.slugDe, per_page: 100 });
const weekendAhead = () =>
  f.specs.find((s) => s.key === "weekend")!.start.getTime() + 3 * 3_600_000 > Date.now();

describe("event listing", () => {
  it("lists upcoming published and cancelled events by date, never drafts or past ones", async () => {
    const { data, meta } = await list(main());
    const ids = idsOf(data);
    for (const key of ["onSale", "soldOut", "notYet", "saleEnded", "cancelled", "free"] as const) {
      expect(ids).toContain(f.ids[key]);
    }
    expect(ids).not.toContain(f.ids.draft);
    expect(ids).not.toContain(f.ids.past);
    expect(meta).toEqual({ page: 1, per_page: 100, total: data.length, pages: 1 });
    const starts = data.map((event) => event.starts_at);
    expect(starts).toEqual([...starts].sort());
    expect(data.find((event) => event.id === f.ids.cancelled)).toMatchObject({
      status: "cancelled",
      availability: "sale_ended",
    });
    expect(data.every((event) => !event.is_past)).toBe(true);
  });

  it("answers summaries in the request's language with cover images and prices", async () => {
    const { data } = await list({ category: f.category.slugEn, per_page: 100 }, "en");
    const event = data.find((e) => e.id === f.ids.onSale)!;
    expect(event).toMatchObject({
      title: "Quartz jazz festival at the harbour",
      slug: "quartz-jazz-festival-at-the-harbour",
      category: { id: f.category.id, slug: f.category.slugEn, name: "Quartz sounds" },
      venue: {
        id: f.venue.id,
        name: "Quarzphilharmonie",
        city_id: f.city.id,
        city_name: "Quartzton",
      },
      price_from_cents: 1500,
      is_free: false,
      availability: "on_sale",
      tickets_sold: 60,
      cover: { src: "covers/concerts-3-640.webp", width: 640, height: 360 },
    });
  });

  it("filters by category slug in either language; an unknown slug finds nothing", async () => {
    const de = await list(main());
    const en = await list({ category: f.category.slugEn, per_page: 100 });
    expect(idsOf(en.data)).toEqual(idsOf(de.data));
    expect(de.data.every((event) => event.category.id === f.category.id)).toBe(true);
    const none = await list({ category: "gibt-es-nicht" });
    expect(none).toEqual({ data: [], meta: { page: 1, per_page: 24, total: 0, pages: 0 } });
  });

  it("filters by city, and by city and category together", async () => {
    const other = await list({ city: f.otherCity.id, per_page: 100 });
    expect(other.data.every((event) => event.venue.city_id === f.otherCity.id)).toBe(true);
    expect(idsOf(other.data)).toContain(f.ids.stemming);
    const both = await list({ city: f.otherCity.id, category: f.category.slugDe });
    expect(idsOf(both.data)).toEqual(weekendAhead() ? [f.ids.weekend] : []);
    const unknown = await list({ city: 2_000_000_000 });
    expect(unknown.meta.total).toBe(0);
  });

  it("filters by date presets in Berlin days", async () => {
    const today = idsOf((await list({ ...main(), date: "today" })).data);
    expect(today).toContain(f.ids.today);
    expect(today).not.toContain(f.ids.tomorrow);
    expect(today).not.toContain(f.ids.farAway);

    const tomorrow = idsOf((await list({ ...main(), date: "tomorrow" })).data);
    expect(tomorrow).toContain(f.ids.tomorrow);
    expect(tomorrow).not.toContain(f.ids.onSale);

    const weekend = idsOf(
      (await list({ city: f.otherCity.id, per_page: 100, date: "weekend" })).data,
    );
    if (weekendAhead()) expect(weekend).toContain(f.ids.weekend);
    expect(weekend).not.toContain(f.ids.stemming);

    const month = idsOf((await list({ ...main(), date: "month" })).data);
    expect(month).toContain(f.ids.today);
    expect(month).not.toContain(f.ids.farAway);
  });

  it("filters by from/to as inclusive days, which also reach past events", async () => {
    const day = (offset: number) => {
      const d = berlinDay(new Date(Date.now() + offset * 86_400_000));
      return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
    };
    const past = await list({ ...main(), from: day(-5), to: day(-1) });
    expect(idsOf(past.data)).toEqual([f.ids.past]);
    expect(past.data[0]).toMatchObject({ is_past: true, availability: "sale_ended" });

    // `to` alone keeps the listing to events that have not ended yet.
    const soon = idsOf((await list({ ...main(), to: day(1) })).data);
    expect(soon).toContain(f.ids.today);
    expect(soon).not.toContain(f.ids.past);
    expect(soon).not.toContain(f.ids.onSale);

    // With a preset, the windows intersect.
    const none = await list({ ...main(), from: day(100), date: "today" });
    expect(none.meta.total).toBe(0);
  });

  it("filters by the lowest price a visitor pays, and free events", async () => {
    const ranged = await list({ ...main(), price_min: 1500, price_max: 3500 });
    const ids = idsOf(ranged.data);
    expect(ids).toContain(f.ids.onSale); // 2000 discounted to 1500
    expect(ids).toContain(f.ids.popular); // 3500
    expect(ids).not.toContain(f.ids.free);
    expect(ids).not.toContain(f.ids.tomorrow); // 700
    expect(ids).not.toContain(f.ids.cancelled); // 5000
    for (const event of ranged.data) {
      expect(event.price_from_cents).toBeGreaterThanOrEqual(1500);
      expect(event.price_from_cents).toBeLessThanOrEqual(3500);
    }
    const free = await list({ ...main(), free: "true" });
    expect(idsOf(free.data)).toEqual([f.ids.free]);
    expect(free.data[0]).toMatchObject({ is_free: true, price_from_cents: 0, tickets_sold: 8 });
    // An event without ticket types is not free; `free=false` does not filter.
    const other = await list({ category: f.otherCategory.slugDe, free: "true" });
    expect(other.meta.total).toBe(0);
    const all = await list({ ...main(), free: "false" });
    expect(all.meta.total).toBe((await list(main())).meta.total);
  });

  it("filters by text in the request's language", async () => {
    const de = await list({ q: "Quarzjazzfestival" });
    expect(idsOf(de.data)).toContain(f.ids.onSale);
    const en = await list({ q: "harbour", category: f.category.slugEn }, "en");
    expect(idsOf(en.data)).toEqual([f.ids.onSale]);
    const draft = await list({ q: "Geheimentwurf" });
    expect(idsOf(draft.data)).not.toContain(f.ids.draft);
  });

  it("sorts by popularity and by price, ties by date", async () => {
    const popular = (await list({ ...main(), sort: "popularity" })).data;
    expect(popular[0]!.id).toBe(f.ids.popular);
    const sold = popular.map((event) => event.tickets_sold);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));

    const cheap = (await list({ ...main(), sort: "price" })).data;
    const prices = cheap.map((event) => event.price_from_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(cheap[0]!.id).toBe(f.ids.free);

    // Events without ticket types come last by price.
    const other = (await list({ category: f.otherCategory.slugDe, per_page: 100, sort: "price" }))
      .data;
    expect(other.at(-1)!.id).toBe(f.ids.noTickets);
  });

  it.each(["date", "popularity", "price"])(
    "pages through sort=%s completely, without repeats",
    async (sort) => {
      const full = await list({ category: f.otherCategory.slugDe, sort, per_page: 100 });
      expect(full.meta.total).toBe(SERIES + 2);
      const seen: number[] = [];
      let pages = 0;
      for (let page = 1; ; page++) {
        const { data, meta } = await list({
          category: f.otherCategory.slugDe,
          sort,
          per_page: 4,
          page,
        });
        expect(meta.total).toBe(full.meta.total);
        pages = meta.pages;
        if (!data.length) break;
        seen.push(...idsOf(data));
      }
      expect(pages).toBe(Math.ceil((SERIES + 2) / 4));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(idsOf(full.data));
    },
  );

  it("answers the total on a page past the end", async () => {
    const response = await list({ category: f.otherCategory.slugDe, per_page: 10, page: 50 });
    expect(response).toEqual({
      data: [],
      meta: { page: 50, per_page: 10, total: SERIES + 2, pages: 3 },
    });
  });

  it.runIf(testDatabase === "pglite")(
    "keeps a listing's statement without a text query or prices, with its generic plan, and writes the others per request",
    async () => {
      // The listings' statements, and how many were ever planned for a run's values.
      const kept = async () => {
        const found = await t.ctx.db.execute(
          sql`select count(*)::int as n, count(*) filter (where custom_plans > 0)::int as custom
            from pg_prepared_statements where statement like '%as ord, (select count(*)::int from events e%'`,
        );
        return found.rows[0] as { n: number; custom: number };
      };
      const shape = { category: f.otherCategory.slugEn, to: "2099-12-31", sort: "price" };
      const before = (await kept()).n;
      const first = await list({ ...shape, per_page: 2 }, "en");
      const second = await list({ ...shape, per_page: 2, page: 2 }, "en");
      // One statement, run with its generic plan.
      expect(await kept()).toEqual({ n: before + 1, custom: 0 });
      // The same statement with other values: the next page, the same total.
      expect(first.data).toHaveLength(2);
      expect(second.data).toHaveLength(2);
      expect(second.meta.total).toBe(first.meta.total);
      expect(idsOf(second.data).filter((id) => idsOf(first.data).includes(id))).toEqual([]);

      await list({ ...shape, price_min: 1 }, "en");
      await list({ ...shape, q: "harbour" }, "en");
      expect((await kept()).n).toBe(before + 1);
    },
  );

  it.each([
    ["date=yesterday", "date"],
    ["from=2025-13-01", "from"],
    ["from=tomorrow", "from"],
    ["to=2025-02-30", "to"],
    ["from=2025-03-02&to=2025-03-01", "to"],
    ["page=0", "page"],
    ["page=x", "page"],
    ["page=1e1", "page"],
    ["price_max=0x10", "price_max"],
    ["city=", "city"],
    ["per_page=500", "per_page"],
    ["per_page=0", "per_page"],
    ["price_min=-1", "price_min"],
    ["price_min=2000&price_max=1000", "price_max"],
    ["city=abc", "city"],
    ["sort=random", "sort"],
    ["free=yes", "free"],
    ["q=", "q"],
  ])("answers 400 for %s", async (query, field) => {
    const response = await get(`/api/v1/events?${query}`, "en");
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe("validation_failed");
    expect(Object.keys(body.error.fields)).toContain(field);
    if (["page=x", "page=1e1", "city="].includes(query)) {
      expect(body.error.fields[field]).toBe("Please enter a number.");
    }
  });

  it("names the price filter's range in euros, as the visitor types it", async () => {
    for (const [locale, text] of [
      ["de", "Bitte geben Sie einen Preis von 0 bis 1.000.000 € ein."],
      ["en", "Please enter a price from €0 to €1,000,000."],
    ] as const) {
      for (const query of ["price_max=200000000", "price_min=-1"]) {
        const response = await get(`/api/v1/events?${query}`, locale);
        expect(response.statusCode).toBe(400);
        const body = response.json<{ error: { fields: Record<string, string> } }>();
        expect(Object.values(body.error.fields)).toEqual([text]);
      }
    }
  });

  it("keeps each event's totals with its ticket types: sales, refunds, prices, removal", async () => {
    const [series] = await t.ctx.db
      .select({ id: schema.events.id })
      .from(schema.events)
      .where(eq(schema.events.titleDe, "Glimmerserie Teil 2"));
    const id = series!.id;
    const other = async (sort: string) =>
      (await list({ category: f.otherCategory.slugDe, per_page: 100, sort })).data;
    const ofSeries = eq(schema.eventTicketTypes.eventId, id);

    // A sale moves it to the top of "popular"; a refund back down.
    await t.ctx.db.update(schema.eventTicketTypes).set({ soldCount: 999 }).where(ofSeries);
    expect((await other("popularity"))[0]).toMatchObject({ id, tickets_sold: 999 });
    await t.ctx.db.update(schema.eventTicketTypes).set({ soldCount: 1 }).where(ofSeries);
    expect((await other("popularity")).find((event) => event.id === id)?.tickets_sold).toBe(1);

    // A cheaper (discounted) type added makes it the cheapest; removing every type puts it last.
    await t.ctx.db.insert(schema.eventTicketTypes).values({
      eventId: id,
      nameDe: "Frühbucher",
      nameEn: "Early bird",
      priceCents: 900,
      discountPriceCents: 5,
      capacity: 10,
      soldCount: 3,
    });
    expect((await other("price"))[0]).toMatchObject({ id, price_from_cents: 5, tickets_sold: 4 });
    await t.ctx.db.delete(schema.eventTicketTypes).where(ofSeries);
    const last = await other("price");
    expect(last.find((event) => event.id === id)).toMatchObject({
      price_from_cents: 0,
      is_free: false,
      tickets_sold: 0,
    });
    // Without ticket types, by price after every event that has some.
    expect(idsOf(last.slice(-2)).sort()).toEqual([id, f.ids.noTickets].sort());
  });

  it("names the range errors in the request's language", async () => {
    const response = await get("/api/v1/events?from=2025-03-02&to=2025-03-01", "en");
    expect(response.json().error.fields.to).toBe("The end date must not be before the start date.");
  });
});

describe("one event", () => {
  const detail = async (key: keyof CatalogueFixtures["ids"], locale?: "de" | "en") => {
    const response = await get(`/api/v1/events/${f.ids[key]}`, locale);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: EventDetail }>().data;
  };

  it("answers venue, organiser, slugs in both languages and ticket types", async () => {
    const event = await detail("onSale");
    expect(event).toMatchObject({
      id: f.ids.onSale,
      title: "Quarzjazzfestival am Hafen",
      slugs: { de: "quarzjazzfestival-am-hafen", en: "quartz-jazz-festival-at-the-harbour" },
      description: "Drei Tage Jazz, Blues und Swing; mit Bühnen am Wasser.",
      age_limit: 16,
      status: "published",
      is_past: false,
      availability: "on_sale",
      price_from_cents: 1500,
      venue: {
        id: f.venue.id,
        name: "Quarzphilharmonie",
        address_line: "Kristallweg 1",
        postal_code: "99991",
        city_id: f.city.id,
        city_name: "Quarzingen",
        country_code: "DE",
        latitude: 53.5413,
        longitude: 9.9841,
      },
      organiser: { name: "Quarz Veranstaltungen GmbH" },
    });
    expect(event.ticket_types).toMatchObject([
      {
        name: "Stehplatz",
        price_cents: 2500,
        discount_price_cents: null,
        remaining: 90,
        availability: "on_sale",
      },
      {
        name: "Ermäßigt",
        price_cents: 2000,
        discount_price_cents: 1500,
        remaining: 0,
        availability: "sold_out",
      },
    ]);
    const en = await detail("onSale", "en");
    expect(en.title).toBe("Quartz jazz festival at the harbour");
    expect(en.venue.city_name).toBe("Quartzton");
  });

  it.each([
    ["soldOut", "sold_out", ["sold_out", "sale_ended"]],
    ["notYet", "not_yet_on_sale", ["not_yet_on_sale"]],
    ["saleEnded", "sale_ended", ["sale_ended"]],
    ["cancelled", "sale_ended", ["sale_ended"]],
    ["past", "sale_ended", ["sale_ended"]],
    ["free", "on_sale", ["on_sale", "on_sale"]],
    ["noTickets", "not_yet_on_sale", []],
  ] as const)("answers %s as %s", async (key, availability, types) => {
    const event = await detail(key);
    expect(event.availability).toBe(availability);
    expect(event.ticket_types.map((type) => type.availability)).toEqual(types);
  });

  it("returns past events as past", async () => {
    const event = await detail("past");
    expect(event.is_past).toBe(true);
    expect(event.tickets_sold).toBe(40);
  });

  it("relates upcoming published events of the category, the same city first", async () => {
    const event = await detail("onSale");
    const related = event.related;
    expect(related).toHaveLength(6);
    const ids = idsOf(related);
    expect(ids).not.toContain(f.ids.onSale);
    for (const key of ["draft", "past", "cancelled"] as const)
      expect(ids).not.toContain(f.ids[key]);
    expect(related.every((e) => e.category.id === f.category.id && e.status === "published")).toBe(
      true,
    );
    expect(related.every((e) => e.venue.city_id === f.city.id)).toBe(true);
    expect(related[0]!.id).toBe(f.ids.today);
    // The only event of its category elsewhere comes after those in the same city.
    const weekend = await get(`/api/v1/events/${f.ids.weekend}`);
    const fromWeekend = weekend.json<{ data: EventDetail }>().data.related;
    expect(fromWeekend.every((e) => e.venue.city_id === f.city.id)).toBe(true);
  });

  it.each([
    ["draft", 404, (): number | string => f.ids.draft],
    ["unknown", 404, (): number | string => 999_999],
    ["too large", 400, (): number | string => 3_000_000_000],
    ["not a number", 400, (): number | string => "abc"],
    // Each of these is the on-sale event's id to `Number()`, but not as the visitor wrote it.
    ["exponent", 400, (): number | string => `${f.ids.onSale}e0`],
    ["fraction", 400, (): number | string => `${f.ids.onSale}.0`],
    ["hexadecimal", 400, (): number | string => `0x${f.ids.onSale.toString(16)}`],
    ["padded", 400, (): number | string => `%20${f.ids.onSale}`],
    ["leading zero", 200, (): number | string => `0${f.ids.onSale}`],
  ] as const)("answers a %s id with %i", async (_, status, id) => {
    const response = await get(`/api/v1/events/${id()}`, "en");
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json().data.id).toBe(f.ids.onSale);
    else {
      expect(response.json().error.code).toBe(status === 404 ? "not_found" : "validation_failed");
    }
    const ics = await get(`/api/v1/events/${id()}/calendar.ics`);
    expect(ics.statusCode).toBe(status);
  });
});

describe("calendar file", () => {
  it("answers an iCalendar file in UTC", async () => {
    const response = await get(`/api/v1/events/${f.ids.onSale}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["content-disposition"]).toContain(".ics");
    const lines = response.body.split("\r\n");
    const start = f.specs.find((s) => s.key === "onSale")!.start;
    const utc = start
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    expect(lines).toEqual(
      expect.arrayContaining([
        "BEGIN:VCALENDAR",
        "BEGIN:VEVENT",
        `UID:event-${f.ids.onSale}@localhost`,
        `DTSTART:${utc}`,
        "SUMMARY:Quarzjazzfestival am Hafen",
        "LOCATION:Quarzphilharmonie\\, Kristallweg 1\\, 99991 Quarzingen",
        "DESCRIPTION:Drei Tage Jazz\\, Blues und Swing\\; mit Bühnen am Wasser.",
        "STATUS:CONFIRMED",
        "END:VEVENT",
        "END:VCALENDAR",
      ]),
    );
    expect(lines.some((line) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(line))).toBe(true);
    expect(lines.some((line) => /^DTEND:\d{8}T\d{6}Z$/.test(line))).toBe(true);
  });

  it("takes the language from ?locale= and marks cancelled events", async () => {
    const en = await get(`/api/v1/events/${f.ids.cancelled}/calendar.ics?locale=en`);
    expect(en.body).toContain("SUMMARY:Cancelled quartz gala\r\n");
    expect(en.body).toContain("STATUS:CANCELLED\r\n");
    const header = await get(`/api/v1/events/${f.ids.cancelled}/calendar.ics`, "en");
    expect(header.body).toContain("SUMMARY:Cancelled quartz gala\r\n");
  });
});

describe("categories and cities", () => {
  it("counts upcoming published events per category", async () => {
    const response = await get("/api/v1/event-categories", "en");
    const categories = response.json<{ data: EventCategory[] }>().data;
    const mine = categories.find((c) => c.id === f.category.id)!;
    // onSale, soldOut, notYet, saleEnded, free, popular, today, tomorrow, farAway (+ weekend).
    expect(mine).toMatchObject({
      slug: f.category.slugEn,
      name: "Quartz sounds",
      upcoming_count: weekendAhead() ? 10 : 9,
      image: { src: "covers/concerts-1-640.webp", width: 640, height: 360 },
    });
    const other = categories.find((c) => c.id === f.otherCategory.id)!;
    expect(other.upcoming_count).toBe(SERIES + 2);
  });

  it("lists cities with venues and their upcoming counts, named in the language", async () => {
    const de = (await get("/api/v1/event-cities")).json<{ data: EventCity[] }>().data;
    const city = de.find((c) => c.id === f.city.id)!;
    // Main city: 9 of the main category (not weekend), noTickets and the series; drafts,
    // past and cancelled events are not counted.
    expect(city).toEqual({
      id: f.city.id,
      name: "Quarzingen",
      country_code: "DE",
      upcoming_count: 10 + SERIES,
    });
    const names = de.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("de").compare));
    const en = (await get("/api/v1/event-cities", "en")).json<{ data: EventCity[] }>().data;
    expect(en.find((c) => c.id === f.otherCity.id)!.name).toBe("Glimmerford");
  });
});

describe("HTTP caching", () => {
  it.each([
    () => "/api/v1/events",
    () => `/api/v1/events/${f.ids.onSale}`,
    () => `/api/v1/events/${f.ids.onSale}/calendar.ics`,
    () => "/api/v1/event-categories",
    () => "/api/v1/event-cities",
    () => "/api/v1/search?q=Quarz",
  ] as (() => string)[])(
    "sends Cache-Control, Vary and an ETag, and 304 when it matches (%#)",
    async (url) => {
      const first = await get(url());
      expect(first.statusCode).toBe(200);
      expect(first.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
      expect(first.headers.vary).toBe("X-localization");
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await get(url(), undefined, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);
      const list = await get(url(), undefined, { "if-none-match": `"other", ${etag}` });
      expect(list.statusCode).toBe(304);
      const stale = await get(url(), undefined, { "if-none-match": 'W/"stale"' });
      expect(stale.statusCode).toBe(200);
    },
  );

  it("tags each language differently and does not cache errors", async () => {
    const de = await get(`/api/v1/events/${f.ids.onSale}`, "de");
    const en = await get(`/api/v1/events/${f.ids.onSale}`, "en");
    expect(de.headers.etag).not.toBe(en.headers.etag);
    const missing = await get(`/api/v1/events/${f.ids.draft}`);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers["cache-control"]).toBeUndefined();
  });
});

describe("OpenAPI", () => {
  it("documents the catalogue under the events and search tags", async () => {
    const spec = (await get("/api/v1/openapi.json")).json<{
      paths: Record<string, Record<string, { tags: string[] }>>;
    }>();
    expect(spec.paths["/api/v1/events"]!.get!.tags).toEqual(["events"]);
    expect(spec.paths["/api/v1/events/{id}"]!.get!.tags).toEqual(["events"]);
    expect(spec.paths["/api/v1/events/{id}/calendar.ics"]!.get!.tags).toEqual(["events"]);
    expect(spec.paths["/api/v1/event-categories"]!.get!.tags).toEqual(["events"]);
    expect(spec.paths["/api/v1/event-cities"]!.get!.tags).toEqual(["events"]);
    expect(spec.paths["/api/v1/search"]!.get!.tags).toEqual(["search"]);
  });
});

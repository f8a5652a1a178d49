import { eq, inArray, type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCategories, listCities } from "../lib/catalogue-queries.ts";
import { createTestApp, type TestApp, testDatabase } from "../testing/app.ts";
import { type CatalogueFixtures, createCatalogueFixtures } from "../testing/catalogue-fixtures.ts";
import { type Database, withSettings } from "./client.ts";
import * as schema from "./schema.ts";

/**
 * The counts kept per month (migration 0021) against the events themselves, after every kind of
 * change the triggers must follow, and the upcoming counts read from them against a plain count.
 */

let t: TestApp;
let f: CatalogueFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCatalogueFixtures(t.ctx.db);
});
afterAll(() => t.close());

/** Rows of `id`, `month` and `n` as "id month: n". */
async function countsOf(db: Database, query: SQL): Promise<Record<string, number>> {
  const found = await db.execute(query);
  return Object.fromEntries(
    found.rows.map((row) => [
      `${row.id} ${new Date(String(row.month)).toISOString()}`,
      Number(row.n),
    ]),
  );
}

/** `table`'s rows that are not zero. */
const kept = (db: Database, table: "category_event_months" | "city_event_months") =>
  countsOf(
    db,
    sql`select ${sql.raw(table === "category_event_months" ? "category_id" : "city_id")} as id,
      month, published as n from ${sql.raw(table)} where published <> 0`,
  );

/** The same counted from the published events. */
const counted = (db: Database, by: "category" | "city") =>
  countsOf(
    db,
    sql`select ${sql.raw(by === "category" ? "e.category_id" : "v.city_id")} as id,
      date_trunc('month', e.ends_at, 'UTC') as month, count(*)::int as n
      from events e join venues v on v.id = e.venue_id where e.status = 'published' group by 1, 2`,
  );

async function expectKeptEqualsCounted() {
  const db = t.ctx.db;
  expect(await kept(db, "category_event_months")).toEqual(await counted(db, "category"));
  expect(await kept(db, "city_event_months")).toEqual(await counted(db, "city"));
}

const at = (iso: string) => new Date(iso);

/** Events of the fixtures' organiser, all fields but those a test sets. */
function eventRow(
  key: string,
  fields: Partial<typeof schema.events.$inferInsert> &
    Pick<typeof schema.events.$inferInsert, "endsAt">,
): typeof schema.events.$inferInsert {
  return {
    slugDe: `monat-${key}`,
    slugEn: `month-${key}`,
    titleDe: `Monatszählung ${key}`,
    titleEn: `Month count ${key}`,
    descriptionDe: "Zählt mit.",
    descriptionEn: "Counts along.",
    categoryId: f.category.id,
    venueId: f.venue.id,
    organiserId: f.organiserId,
    startsAt: new Date(fields.endsAt.getTime() - 3_600_000),
    coverImage: "concerts-1",
    status: "published",
    ...fields,
  };
}

describe("the counts kept per month", () => {
  it("start equal to the events (the seed's and the fixtures')", async () => {
    expect(Object.keys(await kept(t.ctx.db, "category_event_months")).length).toBeGreaterThan(0);
    await expectKeptEqualsCounted();
  });

  it("follow inserts of many events at once, published or not", async () => {
    const db = t.ctx.db;
    await db
      .insert(schema.events)
      .values([
        eventRow("a", { endsAt: at("2031-01-31T23:59:59.999Z") }),
        eventRow("b", { endsAt: at("2031-02-01T00:00:00Z") }),
        eventRow("c", { endsAt: at("2031-02-01T00:00:00Z"), venueId: f.otherVenue.id }),
        eventRow("d", { endsAt: at("2031-02-14T12:00:00Z"), categoryId: f.otherCategory.id }),
        eventRow("e", { endsAt: at("2031-02-14T12:00:00Z"), status: "draft" }),
        eventRow("f", { endsAt: at("2031-02-14T12:00:00Z"), status: "cancelled" }),
      ]);
    await expectKeptEqualsCounted();
    const months = await kept(db, "category_event_months");
    // The last millisecond of January and the first instant of February: two months.
    expect(months[`${f.category.id} 2031-01-01T00:00:00.000Z`]).toBe(1);
    expect(months[`${f.category.id} 2031-02-01T00:00:00.000Z`]).toBe(2);
    expect(months[`${f.otherCategory.id} 2031-02-01T00:00:00.000Z`]).toBe(1);
  });

  it("follow publishing, cancelling, and moves to another category, venue, city or month", async () => {
    const db = t.ctx.db;
    const [event] = await db
      .insert(schema.events)
      .values(eventRow("g", { endsAt: at("2031-03-10T20:00:00Z"), status: "draft" }))
      .returning({ id: schema.events.id });
    const change = async (fields: Partial<typeof schema.events.$inferInsert>) => {
      await db.update(schema.events).set(fields).where(eq(schema.events.id, event!.id));
      await expectKeptEqualsCounted();
    };
    await change({ status: "published" });
    await change({ categoryId: f.otherCategory.id });
    await change({ venueId: f.otherVenue.id });
    await change({ endsAt: at("2031-04-01T00:00:00Z") });
    // A move within the month and the city changes no count; a sale's totals fire nothing.
    await change({ endsAt: at("2031-04-20T00:00:00Z"), venueId: f.otherVenue.id });
    await change({ ticketsSold: 12, priceFrom: 1000, priceMax: 2000 });
    await change({ status: "cancelled" });
    await change({ status: "published", categoryId: f.category.id, venueId: f.venue.id });
    await change({ status: "draft", endsAt: at("2031-05-05T00:00:00Z") });
  });

  it("follow many events changed by one statement, and deletes", async () => {
    const db = t.ctx.db;
    const mine = await db
      .select({ id: schema.events.id })
      .from(schema.events)
      .where(eq(schema.events.organiserId, f.organiserId));
    const ids = mine.map((row) => row.id);
    await db
      .update(schema.events)
      .set({ endsAt: sql`${schema.events.endsAt} + interval '40 days'` })
      .where(inArray(schema.events.id, ids));
    await expectKeptEqualsCounted();
    await db
      .update(schema.events)
      .set({
        status: sql`case when ${schema.events.id} % 2 = 0 then 'published' else 'draft' end::event_status`,
      })
      .where(inArray(schema.events.id, ids));
    await expectKeptEqualsCounted();
    await db.delete(schema.events).where(inArray(schema.events.id, ids.slice(0, 5)));
    await expectKeptEqualsCounted();
  });

  it("move with a venue to another city", async () => {
    const db = t.ctx.db;
    await db
      .update(schema.venues)
      .set({ cityId: f.otherCity.id })
      .where(eq(schema.venues.id, f.venue.id));
    await expectKeptEqualsCounted();
    await db
      .update(schema.venues)
      .set({ cityId: f.city.id })
      .where(eq(schema.venues.id, f.venue.id));
    await expectKeptEqualsCounted();
  });

  it("stay right when transactions publish in the same month at once", async () => {
    const db = t.ctx.db;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx
            .insert(schema.events)
            .values(eventRow(`rush-${i}`, { endsAt: at(`2031-06-${10 + i}T18:00:00Z`) }));
          // Holds the month's row a while, so the others wait for it (on PostgreSQL).
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
    );
    await expectKeptEqualsCounted();
    expect(
      (await kept(db, "category_event_months"))[`${f.category.id} 2031-06-01T00:00:00.000Z`],
    ).toBe(8);
  });
});

describe("upcoming counts read from them", () => {
  beforeAll(async () => {
    // Events in the last days and the last hour of a month in UTC: in Berlin's time the last hour
    // is already the next month, in New York's the days are still this one's.
    await t.ctx.db
      .insert(schema.events)
      .values([
        eventRow("edge-a", { endsAt: at("2031-03-29T12:00:00Z") }),
        eventRow("edge-b", { endsAt: at("2031-03-31T23:30:00Z"), venueId: f.otherVenue.id }),
      ]);
  });

  /** Upcoming published events per category and city, counted one by one. */
  async function plainCounts(now: Date) {
    const byCategory = await t.ctx.db.execute(
      sql`select c.id, (select count(*)::int from events e where e.category_id = c.id
          and e.status = 'published' and e.ends_at >= ${now.toISOString()}::timestamptz) as n
        from event_categories c`,
    );
    const byCity = await t.ctx.db.execute(
      sql`select v.city_id as id, count(*)::int as n from events e join venues v on v.id = e.venue_id
        where e.status = 'published' and e.ends_at >= ${now.toISOString()}::timestamptz group by 1`,
    );
    const map = (rows: Record<string, unknown>[]) =>
      Object.fromEntries(rows.map((row) => [Number(row.id), Number(row.n)]));
    return { categories: map(byCategory.rows), cities: map(byCity.rows) };
  }

  // Now, the edges of a month (events end exactly there), a month later, and in sessions of
  // other time zones than the test database's UTC.
  it.each(
    [
      new Date().toISOString(),
      "2031-01-31T23:59:59.999Z",
      "2031-02-01T00:00:00.000Z",
      "2031-02-01T00:00:00.001Z",
      "2031-02-14T12:00:00.000Z",
      "2031-03-28T00:00:00.000Z",
      "2031-03-31T23:00:00.000Z",
    ].flatMap((instant) =>
      ["UTC", "Europe/Berlin", "America/New_York"].map((zone) => [instant, zone]),
    ),
  )("equal a plain count at %s in a session of %s", async (instant, zone) => {
    const now = at(instant);
    const plain = await plainCounts(now);
    const [categories, cities] = await withSettings(t.ctx.db, { TimeZone: zone }, (db) =>
      Promise.all([listCategories(db, "de", now), listCities(db, "de", now)]),
    );
    for (const category of categories)
      expect([category.id, category.upcoming_count]).toEqual([
        category.id,
        plain.categories[category.id] ?? 0,
      ]);
    expect(cities.length).toBeGreaterThan(0);
    for (const city of cities)
      expect([city.id, city.upcoming_count]).toEqual([city.id, plain.cities[city.id] ?? 0]);
  });
});

/** Two connections of their own to the test's PostgreSQL database. */
async function twoConnections() {
  const pool = t.ctx.db.$client;
  if (!(pool instanceof pg.Pool)) throw new Error("PostgreSQL only");
  return Promise.all([pool.connect(), pool.connect()]);
}

describe.runIf(testDatabase === "postgres")("the months' locks", () => {
  it("make an event published at a venue moving to another city wait, and count it there", async () => {
    const [mover, publisher] = await twoConnections();
    try {
      await mover.query("begin");
      await mover.query("update venues set city_id = $1 where id = $2", [
        f.otherCity.id,
        f.venue.id,
      ]);
      let published = false;
      const publishing = publisher
        .query(
          `insert into events (slug_de, slug_en, title_de, title_en, description_de, description_en,
            category_id, venue_id, organiser_id, starts_at, ends_at, cover_image, status)
          values ('umzug', 'move', 'Umzug', 'Move', '-', '-', $1, $2, $3,
            '2031-07-01T18:00:00Z', '2031-07-01T20:00:00Z', 'concerts-1', 'published')`,
          [f.category.id, f.venue.id, f.organiserId],
        )
        .then(() => {
          published = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(published).toBe(false);
      await mover.query("commit");
      await publishing;
      await expectKeptEqualsCounted();
      expect(
        (await kept(t.ctx.db, "city_event_months"))[`${f.otherCity.id} 2031-07-01T00:00:00.000Z`],
      ).toBe(1);
    } finally {
      await mover.query("update venues set city_id = $1 where id = $2", [f.city.id, f.venue.id]);
      mover.release();
      publisher.release();
    }
    await expectKeptEqualsCounted();
  });

  it("are all taken before an organiser's events change at once", async () => {
    const [bulk, other] = await twoConnections();
    try {
      await bulk.query("begin");
      await bulk.query(
        "select event_months_lock(array(select id from events where organiser_id = $1 and status = 'published'))",
        [f.organiserId],
      );
      const held = await other.query(
        `select count(*)::int as n from category_event_months m
        where m.category_id in ($1, $2) and exists (select from events e where e.organiser_id = $3
          and e.status = 'published' and e.category_id = m.category_id
          and date_trunc('month', e.ends_at, 'UTC') = m.month)`,
        [f.category.id, f.otherCategory.id, f.organiserId],
      );
      expect(held.rows[0].n).toBeGreaterThan(1);
      // Every one of those rows, and the cities', is locked by the first transaction.
      for (const table of ["category_event_months", "city_event_months"])
        await expect(
          other.query(
            `select from ${table} m where exists (select from events e join venues v on v.id = e.venue_id
            where e.organiser_id = $1 and e.status = 'published'
              and m.${table === "category_event_months" ? "category_id = e.category_id" : "city_id = v.city_id"}
              and date_trunc('month', e.ends_at, 'UTC') = m.month) for update skip locked`,
            [f.organiserId],
          ),
        ).resolves.toMatchObject({ rowCount: 0 });
    } finally {
      await bulk.query("rollback");
      bulk.release();
      other.release();
    }
  });
});

// Last: it empties the catalogue of this file's database.
it("are emptied with the events by TRUNCATE", async () => {
  await t.ctx.db.execute(sql`truncate events cascade`);
  const rows = await t.ctx.db.execute(
    sql`select (select count(*) from category_event_months) + (select count(*) from city_event_months) as n`,
  );
  expect(Number(rows.rows[0]!.n)).toBe(0);
});

import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { berlinDay, berlinMidnight, presetWindow } from "../lib/catalogue.ts";

/**
 * A small, deterministic catalogue of its own for the catalogue tests, relative to `now`.
 * Everything lives in two cities and categories of its own with unique names, so the demo
 * seed's events (in every test database) never change what the tests see through filters.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type TicketSpec = {
  name?: string;
  price: number;
  discount?: number | null;
  capacity?: number;
  sold?: number;
  salesStart?: Date | null;
  salesEnd?: Date | null;
};

export type EventSpec = {
  key: string;
  titleDe: string;
  titleEn: string;
  descriptionDe?: string;
  descriptionEn?: string;
  start: Date;
  hours?: number;
  status?: "draft" | "published" | "cancelled";
  category?: "main" | "other";
  venue?: "main" | "second" | "other";
  tickets: TicketSpec[];
};

/** The fixture events, one per state or filter the tests look at. */
export type FixtureKey =
  | "onSale"
  | "soldOut"
  | "notYet"
  | "saleEnded"
  | "past"
  | "cancelled"
  | "draft"
  | "free"
  | "popular"
  | "stemming"
  | "today"
  | "tomorrow"
  | "weekend"
  | "farAway"
  | "noTickets";

export type CatalogueFixtures = Awaited<ReturnType<typeof createCatalogueFixtures>>;

let sequence = 0;

export async function createCatalogueFixtures(db: Database, now = new Date()) {
  const suffix = `${process.pid}${sequence++}`;
  const [germany] = await db.select().from(t.countries).where(eq(t.countries.code, "DE"));
  const [companyCategory] = await db.select().from(t.companyCategories).limit(1);
  if (!germany || !companyCategory) throw new Error("the demo seed's geo data is missing");

  const [city, otherCity] = await db
    .insert(t.cities)
    .values([
      { countryId: germany.id, nameDe: "Quarzingen", nameEn: "Quartzton", postalCode: "99991" },
      { countryId: germany.id, nameDe: "Glimmerau", nameEn: "Glimmerford", postalCode: "99992" },
    ])
    .returning();
  const [venue, secondVenue, otherVenue] = await db
    .insert(t.venues)
    .values([
      {
        name: "Quarzphilharmonie",
        addressLine: "Kristallweg 1",
        postalCode: "99991",
        cityId: city!.id,
        latitude: 53.5413,
        longitude: 9.9841,
      },
      {
        name: "Quarzhalle Nord",
        addressLine: "Nordring 7",
        postalCode: "99991",
        cityId: city!.id,
        latitude: 53.55,
        longitude: 9.99,
      },
      {
        name: "Glimmerbühne",
        addressLine: "Am Ufer 3",
        postalCode: "99992",
        cityId: otherCity!.id,
        latitude: 52.1,
        longitude: 13.2,
      },
    ])
    .returning();
  const [category, otherCategory] = await db
    .insert(t.eventCategories)
    .values([
      {
        slugDe: `quarzklaenge-${suffix}`,
        slugEn: `quartz-sounds-${suffix}`,
        nameDe: "Quarzklänge",
        nameEn: "Quartz sounds",
        image: "concerts",
        sortOrder: 90,
      },
      {
        slugDe: `glimmerkunst-${suffix}`,
        slugEn: `glimmer-art-${suffix}`,
        nameDe: "Glimmerkunst",
        nameEn: "Glimmer art",
        image: "theatre",
        sortOrder: 91,
      },
    ])
    .returning();
  const [organiser] = await db
    .insert(t.users)
    .values({
      name: "Fritz",
      surname: "Fixture",
      email: `fixture-organiser-${suffix}@example.com`,
      passwordHash: "not-a-real-hash",
      role: "organiser",
    })
    .returning();
  await db.insert(t.organiserProfiles).values({
    userId: organiser!.id,
    companyName: "Quarz Veranstaltungen GmbH",
    companyCategoryId: companyCategory.id,
    taxNumber: "DE123456789",
    addressLine: "Kristallweg 1",
    postalCode: "99991",
    countryId: germany.id,
    cityId: city!.id,
    approvalStatus: "approved",
  });

  const at = (offset: number) => new Date(now.getTime() + offset);
  const today = berlinDay(now);
  const tomorrowNoon = new Date(
    berlinMidnight(today.year, today.month, today.day + 1).getTime() + 12 * HOUR,
  );
  const weekendStart = presetWindow("weekend", now).start!;
  // Sunday 15:00 in Berlin: still ahead on any day but a late Sunday.
  const weekendAfternoon = new Date(weekendStart.getTime() + 39 * HOUR);

  const specs: (EventSpec & { key: FixtureKey })[] = [
    {
      key: "onSale",
      titleDe: "Quarzjazzfestival am Hafen",
      titleEn: "Quartz jazz festival at the harbour",
      descriptionDe: "Drei Tage Jazz, Blues und Swing; mit Bühnen am Wasser.",
      descriptionEn: "Three days of jazz, blues and swing; with stages by the water.",
      start: at(15 * DAY),
      tickets: [
        { name: "Stehplatz", price: 2500, capacity: 100, sold: 10 },
        { name: "Ermäßigt", price: 2000, discount: 1500, capacity: 50, sold: 50 },
      ],
    },
    {
      key: "soldOut",
      titleDe: "Ausverkaufter Quarzabend",
      titleEn: "Sold-out quartz evening",
      start: at(16 * DAY),
      tickets: [
        { price: 3000, capacity: 10, sold: 10 },
        { price: 1000, capacity: 10, sold: 2, salesEnd: at(-HOUR) },
      ],
    },
    {
      key: "notYet",
      titleDe: "Quarzpremiere demnächst",
      titleEn: "Quartz premiere soon",
      start: at(40 * DAY),
      tickets: [{ price: 4000, salesStart: at(3 * DAY) }],
    },
    {
      key: "saleEnded",
      titleDe: "Quarzlesung ohne Vorverkauf",
      titleEn: "Quartz reading without advance sale",
      start: at(17 * DAY),
      tickets: [{ price: 1200, salesEnd: at(-HOUR) }],
    },
    {
      key: "past",
      titleDe: "Vergangenes Quarzkonzert",
      titleEn: "Past quartz concert",
      start: at(-3 * DAY),
      tickets: [{ price: 1800, sold: 40 }],
    },
    {
      key: "cancelled",
      titleDe: "Abgesagte Quarzgala",
      titleEn: "Cancelled quartz gala",
      start: at(18 * DAY),
      status: "cancelled",
      tickets: [{ price: 5000, sold: 5 }],
    },
    {
      key: "draft",
      titleDe: "Geheimentwurf Quarznacht",
      titleEn: "Secret draft quartz night",
      start: at(19 * DAY),
      status: "draft",
      tickets: [{ price: 100 }],
    },
    {
      key: "free",
      titleDe: "Offener Quarztag",
      titleEn: "Open quartz day",
      start: at(20 * DAY),
      tickets: [
        { price: 0, sold: 7 },
        { name: "Spende", price: 500, discount: 0, sold: 1 },
      ],
    },
    {
      key: "popular",
      titleDe: "Quarzrock im Park",
      titleEn: "Quartz rock in the park",
      start: at(21 * DAY),
      venue: "second",
      tickets: [
        { price: 3500, capacity: 1000, sold: 900 },
        { price: 6000, capacity: 100, sold: 80 },
      ],
    },
    {
      key: "stemming",
      titleDe: "Abendprogramm Alpha",
      titleEn: "Evening programme alpha",
      descriptionDe: "Wir spielen drei Glimmerkonzerte hintereinander.",
      descriptionEn: "We play three quartzbeat concerts in a row.",
      start: at(22 * DAY),
      venue: "other",
      category: "other",
      tickets: [{ price: 900 }],
    },
    {
      key: "today",
      titleDe: "Quarzmatinee läuft gerade",
      titleEn: "Quartz matinee running now",
      // An hour ago, but not before today's midnight in Berlin: just after it, an hour ago was
      // yesterday there, and the event would belong to yesterday's listing.
      start: new Date(
        Math.max(
          now.getTime() - HOUR,
          berlinMidnight(today.year, today.month, today.day).getTime(),
        ),
      ),
      hours: 1.5,
      tickets: [{ price: 800 }],
    },
    {
      key: "tomorrow",
      titleDe: "Quarzfrühstück morgen",
      titleEn: "Quartz breakfast tomorrow",
      start: tomorrowNoon,
      hours: 2,
      tickets: [{ price: 700 }],
    },
    {
      key: "weekend",
      titleDe: "Quarzflohmarkt am Wochenende",
      titleEn: "Quartz flea market at the weekend",
      start: weekendAfternoon,
      hours: 3,
      venue: "other",
      tickets: [{ price: 600 }],
    },
    {
      key: "farAway",
      titleDe: "Quarzball im nächsten Jahr",
      titleEn: "Quartz ball next year",
      start: at(200 * DAY),
      tickets: [{ price: 9900 }],
    },
    {
      key: "noTickets",
      titleDe: "Quarzführung ohne Karten",
      titleEn: "Quartz tour without tickets",
      start: at(23 * DAY),
      category: "other",
      tickets: [],
    },
  ];

  const venueIds = { main: venue!.id, second: secondVenue!.id, other: otherVenue!.id };
  const categoryIds = { main: category!.id, other: otherCategory!.id };
  const ids: Record<string, number> = {};
  for (const spec of specs) {
    ids[spec.key] = await insertEvent(db, spec, {
      organiserId: organiser!.id,
      venueId: venueIds[spec.venue ?? "main"],
      categoryId: categoryIds[spec.category ?? "main"],
    });
  }

  return {
    now,
    ids: ids as Record<FixtureKey, number>,
    specs,
    city: city!,
    otherCity: otherCity!,
    venue: venue!,
    otherVenue: otherVenue!,
    category: category!,
    otherCategory: otherCategory!,
    organiserId: organiser!.id,
    /** Adds more events (e.g. for paging) to the fixtures' places. */
    insert: (spec: EventSpec) =>
      insertEvent(db, spec, {
        organiserId: organiser!.id,
        venueId: venueIds[spec.venue ?? "main"],
        categoryId: categoryIds[spec.category ?? "main"],
      }),
  };
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

async function insertEvent(
  db: Database,
  spec: EventSpec,
  refs: { organiserId: string; venueId: number; categoryId: number },
): Promise<number> {
  const [event] = await db
    .insert(t.events)
    .values({
      slugDe: slugify(spec.titleDe),
      slugEn: slugify(spec.titleEn),
      titleDe: spec.titleDe,
      titleEn: spec.titleEn,
      descriptionDe: spec.descriptionDe ?? `${spec.titleDe}: ein Abend in Quarzingen.`,
      descriptionEn: spec.descriptionEn ?? `${spec.titleEn}: an evening in Quartzton.`,
      categoryId: refs.categoryId,
      venueId: refs.venueId,
      organiserId: refs.organiserId,
      startsAt: spec.start,
      endsAt: new Date(spec.start.getTime() + (spec.hours ?? 3) * HOUR),
      coverImage: "concerts-3",
      status: spec.status ?? "published",
      ageLimit: 16,
    })
    .returning({ id: t.events.id });
  if (spec.tickets.length) {
    await db.insert(t.eventTicketTypes).values(
      spec.tickets.map((ticket, index) => ({
        eventId: event!.id,
        nameDe: ticket.name ?? `Kategorie ${index + 1}`,
        nameEn: ticket.name ?? `Category ${index + 1}`,
        priceCents: ticket.price,
        discountPriceCents: ticket.discount ?? null,
        capacity: ticket.capacity ?? 100,
        soldCount: ticket.sold ?? 0,
        salesStart: ticket.salesStart ?? null,
        salesEnd: ticket.salesEnd ?? null,
        sortOrder: index,
      })),
    );
  }
  return event!.id;
}

import { vatPercent } from "@eventwerk/contract";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { hashPassword } from "../lib/passwords.ts";
import {
  type CategorySlug,
  categoryWeights,
  cityWeights,
  companyCategoryEvents,
  descriptionBlocks,
  eventCategories,
  extraOrganisers,
  type Part,
  type Sentence,
  type TicketSpec,
  ticketSets,
  titleBlocks,
  type VenueSpec,
  venueCategories,
  venues as venueSpecs,
} from "./data/catalogue.ts";
import { coverName, coverVariants } from "./data/covers.ts";
import type { Translated } from "./data/geo.ts";

type Db = Database | Transaction;
type EventRow = typeof t.events.$inferInsert;
type TicketRow = Omit<typeof t.eventTicketTypes.$inferInsert, "eventId">;
type Planned = { event: EventRow; tickets: TicketRow[] };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CHUNK = 500;

// --- Deterministic randomness ---------------------------------------------------------------

/** mulberry32: a small seeded PRNG, so the same seed gives the same catalogue. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const weighted = <T>(items: readonly T[], weight: (item: T) => number): T => {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let r = next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1]!;
  };
  return { next, int, pick, chance, weighted };
}
type Random = ReturnType<typeof createRandom>;

// --- Europe/Berlin local time (Vienna and Zurich follow the same rules) ---------------------

const lastSunday = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
};
/** UTC offset in hours: CEST from the last Sunday of March to the last Sunday of October, 01:00 UTC. */
const berlinOffset = (utc: number) => {
  const year = new Date(utc).getUTCFullYear();
  const start = Date.UTC(year, 2, lastSunday(year, 2), 1);
  const end = Date.UTC(year, 9, lastSunday(year, 9), 1);
  return utc >= start && utc < end ? 2 : 1;
};
/** A local day, as a UTC midnight timestamp of the same calendar date. */
const localDay = (utc: number) => {
  const local = new Date(utc + berlinOffset(utc) * HOUR);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
};
/** The instant of a local wall-clock time on a local day. */
const atLocal = (day: number, hour: number, minute = 0) => {
  const wall = day + hour * HOUR + minute * MINUTE;
  return wall - berlinOffset(wall - 2 * HOUR) * HOUR;
};

// --- Text helpers ---------------------------------------------------------------------------

const folds: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss", æ: "ae", ø: "oe" };

/** Lowercase, ASCII-folded (ä→ae, ö→oe, ü→ue, ß→ss), words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüßæø]/g, (c) => folds[c]!)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

// --- Schedules ------------------------------------------------------------------------------

type Slot = { days: number[]; times: [number, number][]; minutes: [number, number] };
/** Weekdays (0 = Sunday) with start times and durations per category. */
const schedules: Record<CategorySlug, Slot[]> = {
  concerts: [
    {
      days: [3, 4, 5, 6],
      times: [
        [19, 0],
        [19, 30],
        [20, 0],
        [20, 0],
        [20, 30],
      ],
      minutes: [120, 180],
    },
    {
      days: [0],
      times: [
        [11, 0],
        [16, 0],
        [18, 0],
      ],
      minutes: [100, 150],
    },
    { days: [1, 2], times: [[20, 0]], minutes: [120, 150] },
  ],
  festivals: [
    {
      days: [5, 4, 6],
      times: [
        [14, 0],
        [15, 0],
        [16, 0],
        [12, 0],
      ],
      minutes: [0, 0],
    },
  ],
  theatre: [
    {
      days: [2, 3, 4, 5, 6],
      times: [
        [19, 30],
        [20, 0],
        [19, 0],
      ],
      minutes: [110, 170],
    },
    {
      days: [0],
      times: [
        [15, 0],
        [18, 0],
      ],
      minutes: [110, 160],
    },
  ],
  comedy: [
    {
      days: [3, 4, 5, 6],
      times: [
        [20, 0],
        [20, 0],
        [19, 30],
      ],
      minutes: [110, 140],
    },
    { days: [0], times: [[19, 0]], minutes: [100, 130] },
  ],
  sports: [
    {
      days: [5],
      times: [
        [19, 30],
        [20, 0],
      ],
      minutes: [120, 160],
    },
    {
      days: [6],
      times: [
        [15, 30],
        [18, 0],
        [19, 30],
      ],
      minutes: [120, 180],
    },
    {
      days: [0],
      times: [
        [14, 0],
        [16, 0],
        [17, 0],
      ],
      minutes: [120, 180],
    },
    { days: [3], times: [[19, 0]], minutes: [120, 150] },
  ],
  family: [
    {
      days: [6, 0],
      times: [
        [11, 0],
        [14, 0],
        [15, 0],
        [16, 0],
      ],
      minutes: [75, 120],
    },
    { days: [3], times: [[15, 0]], minutes: [60, 90] },
  ],
  exhibitions: [{ days: [2, 3, 4, 5, 6], times: [[10, 0]], minutes: [0, 0] }],
  workshops: [
    { days: [6], times: [[10, 0]], minutes: [300, 420] },
    { days: [0], times: [[11, 0]], minutes: [240, 300] },
    {
      days: [2, 3, 4],
      times: [
        [18, 0],
        [18, 30],
      ],
      minutes: [150, 210],
    },
  ],
  nightlife: [
    {
      days: [5, 6],
      times: [
        [22, 0],
        [23, 0],
      ],
      minutes: [360, 420],
    },
    { days: [4], times: [[21, 0]], minutes: [300, 360] },
  ],
  conferences: [{ days: [2, 3, 4], times: [[9, 0]], minutes: [0, 0] }],
};

/** Start and end of an event starting on `day` or the next fitting weekday. */
function schedule(rng: Random, category: CategorySlug, day: number, exactDay = false) {
  const slot = rng.weighted(schedules[category], (s) => s.days.length);
  const weekday = rng.pick(slot.days);
  const shift = exactDay ? 0 : (weekday - new Date(day).getUTCDay() + 7) % 7;
  const startDay = day + shift * DAY;
  const [hour, minute] = rng.pick(slot.times);
  const startsAt = atLocal(startDay, hour, minute);
  let endsAt: number;
  if (category === "festivals") {
    const days = rng.int(1, 3);
    endsAt = atLocal(startDay + (days - 1) * DAY, 23, 0);
  } else if (category === "conferences") {
    endsAt = atLocal(startDay + rng.int(0, 2) * DAY, 17, 30);
  } else if (category === "exhibitions") {
    // Most run for weeks; a few are short special shows.
    const days = rng.chance(0.75) ? rng.int(3, 10) * 7 : rng.int(1, 3);
    endsAt = atLocal(startDay + (days - 1) * DAY, 18, 0);
  } else {
    endsAt = startsAt + Math.round(rng.int(slot.minutes[0], slot.minutes[1]) / 15) * 15 * MINUTE;
  }
  return { startsAt, endsAt, month: new Date(startDay).getUTCMonth() + 1 };
}

// --- Catalogue context ----------------------------------------------------------------------

type VenueRef = { id: number; spec: VenueSpec; city: Translated; weight: number };
type OrganiserRef = { id: string; categories: CategorySlug[]; weight: number };
type Context = {
  categories: Map<CategorySlug, number>;
  venuesByCategory: Map<CategorySlug, VenueRef[]>;
  organisers: OrganiserRef[];
  demoOrganiserId: string;
};

function buildContext(
  categories: Map<CategorySlug, number>,
  venues: { id: number; spec: VenueSpec; city: Translated }[],
  organisers: OrganiserRef[],
  demoOrganiserId: string,
): Context {
  const venuesByCategory = new Map<CategorySlug, VenueRef[]>();
  for (const slug of categories.keys()) {
    const matching = venues.filter((venue) => venueCategories(venue.spec).includes(slug));
    // A city counts by its weight however many fitting venues it has.
    const perCity = new Map<string, number>();
    for (const venue of matching) perCity.set(venue.city.de, (perCity.get(venue.city.de) ?? 0) + 1);
    venuesByCategory.set(
      slug,
      matching.map((venue) => ({
        ...venue,
        weight: (cityWeights[venue.city.de] ?? 1) / perCity.get(venue.city.de)!,
      })),
    );
  }
  return { categories, venuesByCategory, organisers, demoOrganiserId };
}

// --- Event generation -----------------------------------------------------------------------

type Kind = "upcoming" | "past" | "draft" | "cancelled";
type Scenario = "normal" | "sold_out" | "one_sold_out" | "nearly_sold_out" | "not_on_sale" | "free";

const seasonal = (parts: Part[], month: number) =>
  parts.filter((part) => !part.months || part.months.includes(month));

const euros = (rng: Random, [min, max]: [number, number]) => {
  if (max === 0) return 0;
  const value = rng.int(min, max);
  // Prices end in ,00 or ,90 (e.g. 24,90 €), at least 5 €.
  return Math.max(500, rng.chance(0.5) ? value * 100 : value * 100 - 10);
};

function makeTitle(
  rng: Random,
  category: CategorySlug,
  month: number,
  city: Translated,
  year: number,
) {
  const blocks = titleBlocks[category];
  const group = rng.weighted(blocks.groups, (g) => g.heads.length);
  const heads = seasonal(group.heads, month);
  const head = rng.pick(heads.length ? heads : group.heads.filter((h) => !h.months));
  const tails = seasonal(group.tails, month);
  const tail = tails.length && rng.chance(group.tail) ? rng.pick(tails) : undefined;
  const title = (locale: "de" | "en") =>
    fill(tail ? `${head[locale]}${blocks.separator}${tail[locale]}` : head[locale], {
      city: city[locale],
      year: String(year),
    });
  return { de: title("de"), en: title("en") };
}

function makeDescription(
  rng: Random,
  category: CategorySlug,
  title: Translated,
  venue: VenueRef,
  adults: boolean,
): Translated {
  const blocks = descriptionBlocks[category];
  const sentences: Sentence[] = [rng.pick(blocks.openings)];
  const middles = [...blocks.middles];
  const middleCount = rng.weighted([0, 1, 2], (n) => [1, 3, 2][n]!);
  for (let i = 0; i < middleCount; i++)
    sentences.push(middles.splice(rng.int(0, middles.length - 1), 1)[0]!);
  sentences.push(rng.pick(blocks.closings.filter((c) => adults || !c.adultsOnly)));
  const text = (locale: "de" | "en") =>
    sentences
      .map((sentence) =>
        fill(sentence[locale], {
          title: title[locale],
          at: venue.spec.at[locale],
          venue: venue.spec.name,
          city: venue.city[locale],
        }),
      )
      .join(" ");
  return { de: text("de"), en: text("en") };
}

/** Capacity of one ticket type, in round numbers. */
function capacityOf(rng: Random, category: CategorySlug, venue: VenueRef, spec: TicketSpec) {
  let base = venue.spec.capacity;
  if (category === "workshops") base = rng.int(8, 24);
  else if (category === "conferences") base = Math.min(base, rng.int(15, 120) * 10);
  else if (category === "exhibitions") base = rng.int(20, 150) * 10;
  else base = Math.round(base * (0.5 + rng.next() * 0.5));
  const capacity = Math.max(category === "workshops" ? 4 : 10, Math.round(base * spec.share));
  return capacity > 100 ? Math.round(capacity / 10) * 10 : capacity;
}

function makeTickets(
  rng: Random,
  category: CategorySlug,
  venue: VenueRef,
  kind: Kind,
  scenario: Scenario,
  startsAt: number,
  endsAt: number,
  now: number,
): TicketRow[] {
  const sets = ticketSets[category];
  const freeSets = sets.filter((set) => set[0]!.price[1] === 0);
  const paidSets = sets.filter((set) => set[0]!.price[1] > 0);
  const set =
    scenario === "free" && freeSets.length
      ? rng.pick(freeSets)
      : // Free events are rare unless asked for.
        freeSets.length && rng.chance(0.04)
        ? rng.pick(freeSets)
        : rng.pick(paidSets);
  const count = set.length === 1 ? 1 : rng.weighted([1, 2, 3, 4].slice(0, set.length), (n) => n);
  const specs = set.slice(0, count);
  const saleEnd = category === "exhibitions" ? endsAt : startsAt;
  const maxPerOrder =
    category === "workshops" ? 4 : category === "nightlife" ? 6 : rng.pick([4, 6, 8, 8, 10, 10]);
  const soldOutIndex = rng.int(0, specs.length - 1);

  return specs.map((spec, index) => {
    const capacity = capacityOf(rng, category, venue, spec);
    const price = euros(rng, spec.price);
    const discount =
      price >= 1500 && !spec.earlyBird && rng.chance(0.2)
        ? Math.round((price * 0.8) / 100) * 100 - 10
        : null;
    let salesStart: number | null = Math.min(now - rng.int(1, 90) * DAY, startsAt - 7 * DAY);
    let salesEnd: number | null = rng.chance(0.75) ? saleEnd : null;
    let sold = Math.floor(capacity * rng.next() * 0.8);

    if (kind === "past") {
      salesStart = startsAt - rng.int(30, 120) * DAY;
      salesEnd = saleEnd;
      sold = Math.floor(capacity * (0.55 + rng.next() * 0.45));
    } else if (kind === "draft") {
      salesStart = rng.chance(0.5) ? null : startsAt - rng.int(10, 25) * DAY;
      salesEnd = saleEnd;
      sold = 0;
    } else if (scenario === "not_on_sale") {
      const daysAhead = Math.max(1, Math.min(60, Math.floor((startsAt - now) / DAY) - 3));
      salesStart = atLocal(localDay(now) + rng.int(1, daysAhead) * DAY, 10);
      sold = 0;
    } else if (scenario === "sold_out" || (scenario === "one_sold_out" && index === soldOutIndex)) {
      sold = capacity;
    } else if (scenario === "nearly_sold_out") {
      sold = Math.min(
        capacity - 1,
        Math.ceil(capacity * 0.9) + rng.int(0, Math.floor(capacity * 0.08)),
      );
    }

    if (spec.earlyBird && salesStart !== null && kind !== "past" && kind !== "draft") {
      // Early-bird sales stop well before the event; for some that has already happened.
      const opened = salesStart + DAY;
      salesEnd =
        scenario !== "not_on_sale" && rng.chance(0.5)
          ? Math.max(opened, now - rng.int(1, 20) * DAY)
          : Math.max(opened, startsAt - rng.int(14, 45) * DAY);
    }
    if (salesEnd !== null && salesStart !== null && salesEnd <= salesStart) salesEnd = saleEnd;

    return {
      nameDe: spec.name.de,
      nameEn: spec.name.en,
      priceCents: price,
      discountPriceCents: discount,
      vatPercent: spec.vatPercent ?? vatPercent,
      capacity,
      soldCount: sold,
      salesStart: salesStart === null ? null : new Date(salesStart),
      salesEnd: salesEnd === null ? null : new Date(salesEnd),
      maxPerOrder,
      sortOrder: index + 1,
    };
  });
}

const scenarios: Scenario[] = [
  "normal",
  "sold_out",
  "one_sold_out",
  "nearly_sold_out",
  "not_on_sale",
  "free",
];

function pickScenario(rng: Random, startsAt: number, now: number): Scenario {
  const far = startsAt - now > 200 * DAY;
  return rng.weighted(
    scenarios,
    (s) =>
      ({
        normal: 62,
        sold_out: 6,
        one_sold_out: 9,
        nearly_sold_out: 9,
        not_on_sale: far ? 30 : 6,
        free: 6,
      })[s],
  );
}

function generateEvent(
  rng: Random,
  ctx: Context,
  now: number,
  kind: Kind,
  forced: {
    category?: CategorySlug;
    organiserId?: string;
    scenario?: Scenario;
    /** Days from today, exactly (no weekday preference). */
    day?: number;
  } = {},
): Planned {
  const category =
    forced.category ??
    rng.weighted([...ctx.categories.keys()], (slug) => categoryWeights[slug] ?? 1);
  const venue = rng.weighted(ctx.venuesByCategory.get(category)!, (venue) => venue.weight);
  const organisers = ctx.organisers.filter((o) => o.categories.includes(category));
  const organiserId =
    forced.organiserId ??
    (organisers.length ? rng.weighted(organisers, (o) => o.weight).id : ctx.demoOrganiserId);

  const today = localDay(now);
  let when: ReturnType<typeof schedule>;
  for (let attempt = 0; ; attempt++) {
    let offset: number;
    if (kind === "past") offset = -rng.int(3, 150);
    else if (kind === "draft") offset = rng.int(20, 300);
    else if (kind === "cancelled") offset = rng.int(5, 200);
    // Upcoming: all year, a little denser in the coming weeks.
    else offset = forced.day ?? Math.floor(358 * rng.next() ** 1.15);
    when = schedule(rng, category, today + offset * DAY, forced.day !== undefined);
    if (forced.day !== undefined && when.startsAt <= now + HOUR && attempt > 5) {
      // Late at night "today" has no evening left: start in two hours instead.
      const startsAt = Math.ceil((now + 2 * HOUR) / (30 * MINUTE)) * 30 * MINUTE;
      when = { ...when, startsAt, endsAt: startsAt + (when.endsAt - when.startsAt) };
    }
    const fits =
      kind === "past"
        ? when.endsAt < now - HOUR
        : when.startsAt > now + HOUR && when.startsAt < now + 365 * DAY;
    if (fits || attempt > 20) break;
  }
  // Whole weeks keep the weekday: a past event has ended, an upcoming one is within a year.
  const week = 7 * DAY;
  if (kind === "past" && when.endsAt >= now - HOUR) {
    const back = Math.ceil((when.endsAt - now + 2 * HOUR) / week) * week;
    when = { ...when, startsAt: when.startsAt - back, endsAt: when.endsAt - back };
  } else if (kind !== "past" && when.startsAt >= now + 365 * DAY) {
    when = { ...when, startsAt: when.startsAt - week, endsAt: when.endsAt - week };
  }
  const { startsAt, endsAt, month } = when;

  const year = new Date(startsAt).getUTCFullYear();
  const title = makeTitle(rng, category, month, venue.city, year);
  const ageLimit =
    category === "nightlife"
      ? rng.chance(0.8)
        ? 18
        : 16
      : category === "comedy" && rng.chance(0.15)
        ? 16
        : null;
  const description = makeDescription(rng, category, title, venue, ageLimit === 18);
  const scenario = forced.scenario ?? pickScenario(rng, startsAt, now);
  const tickets = makeTickets(rng, category, venue, kind, scenario, startsAt, endsAt, now);
  const createdAt = new Date(Math.min(now, startsAt - 30 * DAY) - rng.int(1, 60) * DAY);

  return {
    event: {
      slugDe: slugify(title.de),
      slugEn: slugify(title.en),
      titleDe: title.de,
      titleEn: title.en,
      descriptionDe: description.de,
      descriptionEn: description.en,
      categoryId: ctx.categories.get(category)!,
      venueId: venue.id,
      organiserId,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      coverImage: coverName(category, rng.int(1, coverVariants)),
      status: kind === "upcoming" || kind === "past" ? "published" : kind,
      ageLimit,
      createdAt,
      updatedAt: createdAt,
    },
    tickets,
  };
}

/** Inserts events and their ticket types in chunks. */
async function insertPlanned(db: Db, planned: Planned[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < planned.length; i += CHUNK) {
    const chunk = planned.slice(i, i + CHUNK);
    const rows = await db
      .insert(t.events)
      .values(chunk.map((p) => p.event))
      .returning({ id: t.events.id });
    const tickets = chunk.flatMap((p, index) =>
      p.tickets.map((ticket) => ({ ...ticket, eventId: rows[index]!.id })),
    );
    for (let j = 0; j < tickets.length; j += CHUNK * 2) {
      await db.insert(t.eventTicketTypes).values(tickets.slice(j, j + CHUNK * 2));
    }
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

// --- Seeding --------------------------------------------------------------------------------

export type SeedCatalogueOptions = {
  now: Date;
  /** The demo organiser, who gets a good share of the events, all drafts and some cancellations. */
  organiserId: string;
  /** Upcoming published events (default 320). */
  count?: number;
  seed?: number;
  /** Password hash for the extra organisers (hashed once here when not given). */
  passwordHash?: string;
};

export const demoCatalogue = { upcoming: 320, past: 20, drafts: 6, cancelled: 4 } as const;

/**
 * Seeds categories, venues, extra organisers and the demo events: `count` upcoming published
 * events over the coming 12 months from `now`, plus past, draft and cancelled ones.
 */
export async function seedCatalogue(tx: Db, options: SeedCatalogueOptions) {
  const now = options.now.getTime();
  const rng = createRandom(options.seed ?? 20_260_101);
  const count = options.count ?? demoCatalogue.upcoming;

  const categoryRows = await tx
    .insert(t.eventCategories)
    .values(
      eventCategories.map((c, index) => ({
        slugDe: c.slug.de,
        slugEn: c.slug.en,
        nameDe: c.name.de,
        nameEn: c.name.en,
        image: c.image,
        sortOrder: index + 1,
      })),
    )
    .returning({ id: t.eventCategories.id, slug: t.eventCategories.slugEn });
  const categories = new Map(categoryRows.map((row) => [row.slug as CategorySlug, row.id]));

  const cityRows = await tx
    .select({
      id: t.cities.id,
      de: t.cities.nameDe,
      en: t.cities.nameEn,
      countryId: t.cities.countryId,
    })
    .from(t.cities);
  const cityByName = new Map(cityRows.map((row) => [row.de, row]));
  const specs = venueSpecs.filter((spec) => cityByName.has(spec.city));
  const venueRows = await tx
    .insert(t.venues)
    .values(
      specs.map((spec) => ({
        name: spec.name,
        addressLine: spec.address,
        postalCode: spec.postalCode,
        cityId: cityByName.get(spec.city)!.id,
        latitude: spec.lat,
        longitude: spec.lng,
      })),
    )
    .returning({ id: t.venues.id });

  // Extra organisers: approved, sharing one password hash.
  const passwordHash = options.passwordHash ?? (await hashPassword("eventwerk-demo-1"));
  const companyRows = await tx
    .select({ id: t.companyCategories.id, slug: t.companyCategories.slug })
    .from(t.companyCategories);
  const companyBySlug = new Map(companyRows.map((row) => [row.slug, row.id]));
  const organisers = extraOrganisers.filter(
    (o) => cityByName.has(o.city) && companyBySlug.has(o.category),
  );
  const userRows = organisers.length
    ? await tx
        .insert(t.users)
        .values(
          organisers.map((o) => ({
            name: o.name,
            surname: o.surname,
            email: o.email,
            phone: o.phone,
            passwordHash,
            role: "organiser" as const,
            preferredLocale: "de" as const,
          })),
        )
        .returning({ id: t.users.id })
    : [];
  if (organisers.length) {
    await tx.insert(t.organiserProfiles).values(
      organisers.map((o, index) => ({
        userId: userRows[index]!.id,
        companyName: o.companyName,
        companyCategoryId: companyBySlug.get(o.category)!,
        taxNumber: o.taxNumber,
        addressLine: o.addressLine,
        postalCode: o.postalCode,
        countryId: cityByName.get(o.city)!.countryId,
        cityId: cityByName.get(o.city)!.id,
        approvalStatus: "approved" as const,
      })),
    );
  }

  const ctx = buildContext(
    categories,
    specs.map((spec, index) => ({
      id: venueRows[index]!.id,
      spec,
      city: { de: cityByName.get(spec.city)!.de, en: cityByName.get(spec.city)!.en },
    })),
    [
      // The demo organiser (a concert promoter) runs a good share of concerts, festivals and nights out.
      { id: options.organiserId, categories: ["concerts", "festivals", "nightlife"], weight: 2 },
      ...organisers.map((o, index) => ({
        id: userRows[index]!.id,
        categories: companyCategoryEvents[o.category] ?? [],
        weight: 1,
      })),
    ],
    options.organiserId,
  );

  const planned: Planned[] = [];
  const categoryList = [...categories.keys()];
  const forcedScenarios: Scenario[] = [
    "sold_out",
    "nearly_sold_out",
    "not_on_sale",
    "free",
    "one_sold_out",
  ];
  for (let i = 0; i < count; i++) {
    // The first events cover every category and availability, whatever the seed.
    const forced =
      i < categoryList.length * 2
        ? {
            category: categoryList[i % categoryList.length],
            scenario: forcedScenarios[i % forcedScenarios.length],
          }
        : {};
    planned.push(generateEvent(rng, ctx, now, "upcoming", forced));
  }
  // Something on today, tomorrow and the day after, for the date filters.
  const soon: CategorySlug[] = ["concerts", "comedy", "nightlife", "theatre", "family", "sports"];
  for (let i = 0; i < Math.min(soon.length, planned.length); i++) {
    planned[planned.length - 1 - i] = generateEvent(rng, ctx, now, "upcoming", {
      category: soon[i],
      day: i % 3,
      scenario: "normal",
    });
  }
  for (let i = 0; i < demoCatalogue.past; i++) {
    planned.push(
      generateEvent(
        rng,
        ctx,
        now,
        "past",
        i < 5 ? { organiserId: options.organiserId, category: "concerts" } : {},
      ),
    );
  }
  for (let i = 0; i < demoCatalogue.drafts; i++) {
    planned.push(
      generateEvent(rng, ctx, now, "draft", {
        organiserId: options.organiserId,
        category: rng.pick(["concerts", "festivals", "nightlife"] as const),
      }),
    );
  }
  for (let i = 0; i < demoCatalogue.cancelled; i++) {
    planned.push(
      generateEvent(rng, ctx, now, "cancelled", i < 2 ? { organiserId: options.organiserId } : {}),
    );
  }
  await insertPlanned(tx, planned);
  return {
    events: planned.length,
    venues: venueRows.length,
    categories: categoryRows.length,
    organisers: userRows.length,
  };
}

/**
 * Adds `count` more published upcoming events to a seeded catalogue (the benchmark's large data
 * set), from the same building blocks, with the categories, venues and organisers in the database.
 */
export async function fillCatalogue(
  db: Db,
  options: { count: number; now?: Date; seed?: number },
): Promise<number> {
  const now = (options.now ?? new Date()).getTime();
  const categoryRows = await db
    .select({ id: t.eventCategories.id, slug: t.eventCategories.image })
    .from(t.eventCategories);
  const categories = new Map(
    categoryRows
      .filter((row) => row.slug in categoryWeights)
      .map((row) => [row.slug as CategorySlug, row.id]),
  );
  const venueRows = await db
    .select({ id: t.venues.id, name: t.venues.name, de: t.cities.nameDe, en: t.cities.nameEn })
    .from(t.venues)
    .innerJoin(t.cities, eq(t.cities.id, t.venues.cityId));
  const specByName = new Map(venueSpecs.map((spec) => [`${spec.city}|${spec.name}`, spec]));
  const venues = venueRows.flatMap((row) => {
    const spec = specByName.get(`${row.de}|${row.name}`);
    return spec ? [{ id: row.id, spec, city: { de: row.de, en: row.en } }] : [];
  });
  const organiserRows = await db
    .select({ id: t.organiserProfiles.userId, slug: t.companyCategories.slug })
    .from(t.organiserProfiles)
    .innerJoin(
      t.companyCategories,
      eq(t.companyCategories.id, t.organiserProfiles.companyCategoryId),
    )
    .where(eq(t.organiserProfiles.approvalStatus, "approved"));
  if (!categories.size || !venues.length || !organiserRows.length) {
    throw new Error("fillCatalogue needs a seeded catalogue (categories, venues, organisers)");
  }
  const organisers = organiserRows.map((row) => ({
    id: row.id,
    categories: companyCategoryEvents[row.slug] ?? [],
    weight: 1,
  }));
  // Categories nobody runs fall to the first organiser.
  const ctx = buildContext(categories, venues, organisers, organiserRows[0]!.id);
  for (const [slug] of categories) {
    if (!ctx.venuesByCategory.get(slug)?.length) categories.delete(slug);
  }

  const [{ existing }] = (await db
    .select({ existing: sql<number>`count(*)::int` })
    .from(t.events)) as [{ existing: number }];
  const rng = createRandom((options.seed ?? 9_001) + existing);
  const batch = CHUNK * 4;
  for (let done = 0; done < options.count; done += batch) {
    const planned: Planned[] = [];
    for (let i = done; i < Math.min(options.count, done + batch); i++) {
      planned.push(generateEvent(rng, ctx, now, "upcoming"));
    }
    await insertPlanned(db, planned);
  }
  return options.count;
}

import type { EventList, SearchResult } from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { oneEditPattern, typoCandidates, typoCorrection } from "../lib/catalogue-typos.ts";
import { call, createTestApp, type TestApp } from "../testing/app.ts";
import { type CatalogueFixtures, createCatalogueFixtures } from "../testing/catalogue-fixtures.ts";

let t: TestApp;
let f: CatalogueFixtures;
const DAY = 86_400_000;
let ids: Record<"comedy" | "exhibition" | "concert" | "exact" | "corrected" | "draft", number>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCatalogueFixtures(t.ctx.db);
  const insert = (days: number, de: string, en: string, extra: Record<string, unknown> = {}) =>
    f.insert({
      key: de,
      titleDe: de,
      titleEn: en,
      start: new Date(Date.now() + days * DAY),
      tickets: [{ price: 1000 }],
      ...extra,
    });
  ids = {
    comedy: await insert(5, "Comedy Lounge Quarzingen", "Comedy Lounge Quartzton"),
    exhibition: await insert(6, "Sonderausstellung Quarzmalerei", "Special Exhibition Quartz"),
    concert: await insert(7, "Sommerkonzert im Quarzpark", "Summer Concert in the quartz park"),
    // The typed word only in a description (no title has it) and, one letter off, in a title.
    exact: await insert(8, "Abend am Fluss", "Evening by the river", {
      descriptionDe: "Heute mit Quarzbarock aus dem Norden.",
      descriptionEn: "Tonight with Quarzbarock from the north.",
    }),
    corrected: await insert(9, "Quarzbarack Festspiele", "Quarzbarack Festival"),
    draft: await insert(10, "Geheimwortquarz Entwurf", "Secretwordquartz draft", {
      status: "draft",
    }),
  };
});
afterAll(() => t.close());

async function search(q: string, locale: "de" | "en") {
  const query = new URLSearchParams({ q, limit: "50" });
  const response = await call(t.app, { method: "GET", url: `/api/v1/search?${query}`, locale });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SearchResult }>().data;
}
const eventIds = async (q: string, locale: "de" | "en") =>
  (await search(q, locale)).events.map((event) => event.id);

describe("one-edit patterns", () => {
  it("cover a wrong, missing, extra and swapped letter", () => {
    const pattern = new RegExp(`^${oneEditPattern("konzret")}$`);
    for (const word of ["konzret", "konzert", "konzrt", "konzrett", "kpnzret", "konzreet"]) {
      expect(word).toMatch(pattern);
    }
    expect("kozert").not.toMatch(pattern);
  });

  it("take words of five letters or more, once each, not numbers", () => {
    expect(typoCandidates("Jazz in Comdy comdy 20255 Konzret")).toEqual(["comdy", "konzret"]);
  });
});

describe("search forgives one typo in a word", () => {
  it.each([
    ["comdy", "de", "comedy"],
    ["comdy", "en", "comedy"],
    ["ausstelung", "de", "exhibition"],
    ["konzret", "de", "concert"],
    ["exhibtion", "en", "exhibition"],
    ["cocnert", "en", "concert"],
    ["loungee", "en", "comedy"],
    ["lounqe", "de", "comedy"],
  ] as const)("%s (%s) finds the %s event", async (q, locale, key) => {
    expect(await eventIds(q, locale)).toContain(ids[key]);
  });

  it("corrects words inside multi-word queries and keeps the correct words", async () => {
    expect(await typoCorrection(t.ctx.db, "Comdy Quarzingen")).toBe("comedy Quarzingen");
    expect(await eventIds("Comdy Quarzingen", "de")).toEqual([ids.comedy]);
  });

  it("leaves correct words alone", async () => {
    expect(await typoCorrection(t.ctx.db, "Sommerkonzert")).toBeNull();
    expect(await typoCorrection(t.ctx.db, "Jazz")).toBeNull();
  });

  it("ranks the typed query's matches before the corrected query's", async () => {
    expect(await typoCorrection(t.ctx.db, "quarzbarock")).toBe("quarzbarack");
    expect(await eventIds("quarzbarock", "de")).toEqual([ids.exact, ids.corrected]);
  });

  it("never corrects towards the words of drafts", async () => {
    expect(await typoCorrection(t.ctx.db, "Geheimwortquarx")).toBeNull();
    expect(await eventIds("Geheimwortquarx", "de")).not.toContain(ids.draft);
  });

  it("learns the words of a title when it changes or the event is published", async () => {
    await t.ctx.db
      .update(schema.events)
      .set({ status: "published" })
      .where(eq(schema.events.id, ids.draft));
    expect(await typoCorrection(t.ctx.db, "Geheimwortquarx")).toBe("geheimwortquarz");
    await t.ctx.db
      .update(schema.events)
      .set({ titleDe: "Glitzerwortquarz Premiere" })
      .where(eq(schema.events.id, ids.draft));
    expect(await eventIds("Glitzerwortqaurz", "de")).toContain(ids.draft);
  });

  it("asks the database for new words only for a word its copy lacks", async () => {
    // A database of its own (a fresh copy of the dictionary) that counts the statements run.
    let reads = 0;
    const { session } = t.ctx.db._;
    const counted = {
      ...t.ctx.db,
      _: {
        ...t.ctx.db._,
        session: new Proxy(session, {
          get: (target, key, receiver) => {
            if (key === "prepareQuery") reads++;
            return Reflect.get(target, key, receiver);
          },
        }),
      },
    } as Database;
    expect(await typoCorrection(counted, "Comdy")).toBe("comedy");
    expect(reads).toBe(1);
    // Words the copy contains are spelt right, whatever was added since.
    expect(await typoCorrection(counted, "Sommerkonzert im Quarzpark")).toBeNull();
    expect(reads).toBe(1);
    expect(await typoCorrection(counted, "Quarzparx")).toBe("quarzpark");
    expect(reads).toBe(2);
  });

  it("forgives typos in the listing's search too", async () => {
    const response = await call(t.app, { method: "GET", url: "/api/v1/events?q=comdy+quarzingen" });
    expect(response.json<EventList>().data.map((event) => event.id)).toEqual([ids.comedy]);
  });

  it("finds categories and cities by a misspelt name", async () => {
    expect((await search("Quarzklnge", "de")).categories.map((c) => c.id)).toContain(f.category.id);
    expect((await search("Glimemrau", "de")).cities.map((c) => c.id)).toContain(f.otherCity.id);
  });
});

import { beforeEach, expect, it, vi } from "vitest";

const sent: Record<string, unknown>[] = [];
/** The categories in each language, as the API names them (none unless a test sets them). */
const categoriesIn: Record<string, { id: number; slug: string; name: string }[]> = {
  de: [],
  en: [],
};
vi.mock("../api.server", () => ({
  apiFor: async (
    context: { get?: () => { locale: string } },
    options: { locale?: string } = {},
  ) => ({
    eventCategories: async () => ({
      data: categoriesIn[options.locale ?? context.get?.().locale ?? "de"] ?? [],
    }),
    eventCities: async () => ({ data: [] }),
    events: async (query: Record<string, unknown>) => {
      sent.push(query);
      return { data: [], meta: { page: 1, per_page: 24, total: 0, pages: 0 } };
    },
  }),
}));

beforeEach(() => {
  sent.length = 0;
  categoriesIn.de = [];
  categoriesIn.en = [];
});

it.each([
  ["12", 1200],
  ["12,5", 1250],
  ["12.50", 1250],
  ["0", 0],
  ["1e3", "1e3"],
  ["0x10", "0x10"],
  ["12,505", "12,505"],
  ["-5", "-5"],
])("sends the price %s as %s to the API", async (typed, cents) => {
  const { eventListing } = await import("./events.server");
  const german = { get: () => ({ locale: "de" }) } as never;
  await eventListing(german, new URLSearchParams({ price_min: typed, price_max: typed }));
  expect(sent[0]).toMatchObject({ price_min: cents, price_max: cents });
});

it("shows a category named by the other language's slug by this language's (after a language switch)", async () => {
  categoriesIn.de = [
    { id: 1, slug: "konzerte", name: "Konzerte" },
    { id: 2, slug: "theater", name: "Theater" },
  ];
  categoriesIn.en = [
    { id: 1, slug: "concerts", name: "Concerts" },
    { id: 2, slug: "theatre", name: "Theatre" },
  ];
  const { eventListing } = await import("./events.server");
  const english = { get: () => ({ locale: "en" }) } as never;
  const listing = await eventListing(english, new URLSearchParams({ category: "konzerte" }));
  expect(listing.filters.category).toBe("concerts");
  // The API was asked with the slug as given: it takes either language's.
  expect(sent[0]).toMatchObject({ category: "konzerte" });
  // This language's slug, and one no language knows, stay as they are.
  const own = await eventListing(english, new URLSearchParams({ category: "theatre" }));
  expect(own.filters.category).toBe("theatre");
  const unknown = await eventListing(english, new URLSearchParams({ category: "gibtsnicht" }));
  expect(unknown.filters.category).toBe("gibtsnicht");
});

import { beforeEach, expect, it, vi } from "vitest";

const sent: Record<string, unknown>[] = [];
vi.mock("../api.server", () => ({
  apiFor: async () => ({
    eventCategories: async () => ({ data: [] }),
    eventCities: async () => ({ data: [] }),
    events: async (query: Record<string, unknown>) => {
      sent.push(query);
      return { data: [], meta: { page: 1, per_page: 24, total: 0, pages: 0 } };
    },
  }),
}));

beforeEach(() => {
  sent.length = 0;
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
  await eventListing({} as never, new URLSearchParams({ price_min: typed, price_max: typed }));
  expect(sent[0]).toMatchObject({ price_min: cents, price_max: cents });
});

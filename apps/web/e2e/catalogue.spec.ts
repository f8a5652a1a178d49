import { readFile } from "node:fs/promises";
import {
  apiPaths,
  type EventCategory,
  type EventCity,
  type EventDetail,
  type EventList,
  type EventSummary,
  fillPath,
  type Locale,
  type SearchResult,
  type SitemapEventList,
  serviceFeeCents,
} from "@eventwerk/contract";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import catalogueDe from "../app/i18n/messages/de/catalogue.json" with { type: "json" };
import categoriesDe from "../app/i18n/messages/de/categories.json" with { type: "json" };
import eventDe from "../app/i18n/messages/de/event.json" with { type: "json" };
import eventsDe from "../app/i18n/messages/de/events.json" with { type: "json" };
import navDe from "../app/i18n/messages/de/nav.json" with { type: "json" };
import searchDe from "../app/i18n/messages/de/search.json" with { type: "json" };
import catalogueEn from "../app/i18n/messages/en/catalogue.json" with { type: "json" };
import categoriesEn from "../app/i18n/messages/en/categories.json" with { type: "json" };
import eventEn from "../app/i18n/messages/en/event.json" with { type: "json" };
import eventsEn from "../app/i18n/messages/en/events.json" with { type: "json" };
import navEn from "../app/i18n/messages/en/nav.json" with { type: "json" };
import searchEn from "../app/i18n/messages/en/search.json" with { type: "json" };
import { eventsPerSitemap } from "../app/lib/sitemap.server";
import { sitemapEventsPath } from "../app/lib/sitemap-paths";
import { pathTo, resources } from "../app/route-table";
import {
  fill,
  germanBrowser,
  languageButton,
  languageDialog,
  locales,
  login,
  other,
  plural,
  sitemapFiles,
  test,
  waitForHydration,
} from "./support";

test.use(germanBrowser);

const texts = {
  de: {
    catalogue: catalogueDe,
    categories: categoriesDe,
    event: eventDe,
    events: eventsDe,
    nav: navDe,
    search: searchDe,
  },
  en: {
    catalogue: catalogueEn,
    categories: categoriesEn,
    event: eventEn,
    events: eventsEn,
    nav: navEn,
    search: searchEn,
  },
} as const;

// --- Messages -------------------------------------------------------------------------------

/** "9 Veranstaltungen gefunden" / "9 events found". */
const countText = (locale: Locale, total: number) =>
  plural(texts[locale].events.count, total, locale, {
    found: new Intl.NumberFormat(locale).format(total),
  });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// --- API --------------------------------------------------------------------------------------

/** A GET of the API in one language (the API reads the language from `X-localization`). */
async function apiGet<T>(
  request: APIRequestContext,
  locale: Locale,
  path: string,
  params: Record<string, string | number> = {},
): Promise<T> {
  const response = await request.get(path, { params, headers: { "X-localization": locale } });
  expect(response.status(), `GET ${path} ${JSON.stringify(params)}`).toBe(200);
  return (await response.json()) as T;
}

const listEvents = (
  request: APIRequestContext,
  locale: Locale,
  query: Record<string, string | number>,
) => apiGet<EventList>(request, locale, apiPaths.events, query);

const eventDetail = async (request: APIRequestContext, locale: Locale, id: number) =>
  (await apiGet<{ data: EventDetail }>(request, locale, fillPath(apiPaths.event, { id }))).data;

/** The category and the city with the most upcoming events: filters that surely find something. */
async function busiestFilters(request: APIRequestContext, locale: Locale) {
  const busiest = <T extends { upcoming_count: number }>(items: T[]) =>
    items.reduce((best, item) => (item.upcoming_count > best.upcoming_count ? item : best));
  const categories = await apiGet<{ data: EventCategory[] }>(
    request,
    locale,
    apiPaths.eventCategories,
  );
  const cities = await apiGet<{ data: EventCity[] }>(request, locale, apiPaths.eventCities);
  return { category: busiest(categories.data), city: busiest(cities.data) };
}

/**
 * Every event of the listing (upcoming published and cancelled ones; from a day on, the past
 * ones since), through all pages.
 */
async function allListed(
  request: APIRequestContext,
  locale: Locale,
  query: Record<string, string> = {},
) {
  const events: EventSummary[] = [];
  for (let page = 1; ; page++) {
    const list = await listEvents(request, locale, { ...query, per_page: 100, page });
    events.push(...list.data);
    if (page >= list.meta.pages) return events;
  }
}

/** A calendar day as `YYYY-MM-DD`, in Berlin (the catalogue's days are Berlin days). */
const berlinDay = (date: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
const daysFromNow = (days: number) => berlinDay(new Date(Date.now() + days * 86_400_000));

// --- Pages ------------------------------------------------------------------------------------

const eventPath = (locale: Locale, event: { slug: string; id: number }) =>
  pathTo("event", locale, { slug: event.slug, id: event.id });

/**
 * Waits until React has hydrated the page, so that forms and links navigate on the client and
 * the header's dialog opens; before that a click would go to the server or do nothing.
 */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

const filterForm = (page: Page, locale: Locale) =>
  page.getByRole("region", { name: texts[locale].events.filtersHeading, exact: true });
const results = (page: Page, locale: Locale) =>
  page.getByRole("region", { name: texts[locale].events.resultsHeading, exact: true });
const cards = (scope: Locator) => scope.getByRole("article");
const hrefsOf = (links: Locator) =>
  links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));

/**
 * The listing shows what the API answers for the same filter: the result count and the events
 * of the page, in the API's order (compared by their links, which carry the event's id).
 */
async function expectListing(
  page: Page,
  request: APIRequestContext,
  locale: Locale,
  query: Record<string, string | number>,
): Promise<EventList> {
  const expected = await listEvents(request, locale, query);
  const region = results(page, locale);
  await expect(region.getByRole("status")).toHaveText(countText(locale, expected.meta.total));
  await expect
    .poll(() => hrefsOf(cards(region).getByRole("link")), {
      message: `events shown for ${JSON.stringify(query)}`,
    })
    .toEqual(expected.data.map((event) => eventPath(locale, event)));
  return expected;
}

/** The listing's URL has exactly these filters (a GET form also sends its empty fields). */
const hasFilters =
  (pathname: string, wanted: Record<string, string>) =>
  (url: URL): boolean => {
    if (url.pathname !== pathname) return false;
    const given = [...url.searchParams].filter(([, value]) => value !== "");
    return (
      given.length === Object.keys(wanted).length &&
      given.every(([name, value]) => wanted[name] === value)
    );
  };

/** A card's price ("ab 24,90 €", "from €24.90", "Kostenlos") in cents. */
function priceCents(text: string, locale: Locale): number {
  const shown = text.trim();
  if (shown === texts[locale].catalogue.free) return 0;
  const digits = shown.replace(/[^\d.,]/g, "");
  const decimal =
    locale === "de" ? digits.replace(/\./g, "").replace(",", ".") : digits.replace(/,/g, "");
  const amount = Number(decimal);
  if (!digits || !Number.isFinite(amount)) throw new Error(`Not a price: '${text}'`);
  return Math.round(amount * 100);
}

/** The price line of every card: the last paragraph of each card. */
async function shownPrices(page: Page, locale: Locale) {
  const lines = await cards(results(page, locale)).locator("p:last-of-type").allTextContents();
  return lines.map((line) => priceCents(line, locale));
}

const isAscending = (values: number[]) =>
  values.every((value, i) => i === 0 || value >= values[i - 1]!);

/** The page's schema.org Event (JSON-LD), parsed. */
async function eventJsonLd(page: Page): Promise<Record<string, unknown> | undefined> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks
    .map((block) => JSON.parse(block) as Record<string, unknown>)
    .find((block) => block["@type"] === "Event");
}

/** Opens the header's language dialog (retried: a click before hydration does nothing). */
async function openLanguageDialog(page: Page) {
  const dialog = languageDialog(page);
  await expect(async () => {
    if (!(await dialog.isVisible())) await languageButton(page).click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return dialog;
}

/** An iCalendar text value as the file writes it (RFC 5545 escapes). */
const icsText = (text: string) =>
  text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\n/g, "\\n");

/** The lines of an iCalendar file with folded lines joined again. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

const availabilities = [
  "https://schema.org/InStock",
  "https://schema.org/SoldOut",
  "https://schema.org/PreOrder",
  "https://schema.org/Discontinued",
];

// --- Tests ------------------------------------------------------------------------------------

test.describe("event listing filters", () => {
  for (const locale of locales) {
    test(`filter form: category, then city; Back returns to the previous filter (${locale})`, async ({
      guestPage: page,
      request,
    }) => {
      const t = texts[locale].events;
      const listPath = pathTo("events", locale);
      const { category, city } = await busiestFilters(request, locale);
      await page.goto(listPath);
      await hydrated(page);
      const all = await expectListing(page, request, locale, {});

      const form = filterForm(page, locale);
      const categorySelect = form.getByLabel(t.category, { exact: true });
      const citySelect = form.getByLabel(t.city, { exact: true });
      await categorySelect.selectOption({ label: category.name });
      await form.getByRole("button", { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL(hasFilters(listPath, { category: category.slug, sort: "date" }));
      const byCategory = await expectListing(page, request, locale, { category: category.slug });
      expect(byCategory.meta.total).toBeGreaterThan(0);
      expect(byCategory.meta.total).toBeLessThan(all.meta.total);
      expect(byCategory.data.every((event) => event.category.id === category.id)).toBe(true);

      await citySelect.selectOption({ label: city.name });
      await form.getByRole("button", { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL(
        hasFilters(listPath, { category: category.slug, city: String(city.id), sort: "date" }),
      );
      const both = await expectListing(page, request, locale, {
        category: category.slug,
        city: city.id,
      });
      expect(
        both.meta.total,
        "the demo data has events of the category in the city",
      ).toBeGreaterThan(0);
      expect(both.meta.total).toBeLessThan(byCategory.meta.total);
      for (const card of await cards(results(page, locale)).all()) {
        await expect(card).toContainText(category.name);
        await expect(card).toContainText(`, ${city.name}`);
      }

      // Back: the category alone again, in the URL, the form and the results.
      await page.goBack();
      await expect(page).toHaveURL(hasFilters(listPath, { category: category.slug, sort: "date" }));
      await expectListing(page, request, locale, { category: category.slug });
      await expect(categorySelect).toHaveValue(category.slug);
      await expect(citySelect).toHaveValue("");

      // Back once more: no filter.
      await page.goBack();
      await expect(page).toHaveURL(hasFilters(listPath, {}));
      await expectListing(page, request, locale, {});
      await expect(categorySelect).toHaveValue("");
    });

    test(`URL query parameters: category, city and both (${locale})`, async ({
      guestPage: page,
      request,
    }) => {
      const t = texts[locale].events;
      const listPath = pathTo("events", locale);
      const { category, city } = await busiestFilters(request, locale);
      const cases: Record<string, string>[] = [
        { category: category.slug },
        { city: String(city.id) },
        { category: category.slug, city: String(city.id) },
      ];
      for (const query of cases) {
        await page.goto(`${listPath}?${new URLSearchParams(query)}`);
        const expected = await expectListing(page, request, locale, query);
        expect(expected.meta.total, JSON.stringify(query)).toBeGreaterThan(0);
        const form = filterForm(page, locale);
        await expect(form.getByLabel(t.category, { exact: true })).toHaveValue(
          query.category ?? "",
        );
        await expect(form.getByLabel(t.city, { exact: true })).toHaveValue(query.city ?? "");
        for (const card of await cards(results(page, locale)).all()) {
          if (query.category) await expect(card).toContainText(category.name);
          if (query.city) await expect(card).toContainText(`, ${city.name}`);
        }
        // With filters set, the form offers to clear them.
        await expect(form.getByRole("link", { name: t.clear, exact: true })).toHaveAttribute(
          "href",
          listPath,
        );
      }
    });
  }
});

test.describe("event listing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of locales) {
    test(`the filter form submits as a plain GET form (${locale})`, async ({ page, request }) => {
      const t = texts[locale].events;
      const listPath = pathTo("events", locale);
      const { category, city } = await busiestFilters(request, locale);
      await page.goto(listPath);
      const form = filterForm(page, locale);
      await form.getByLabel(t.category, { exact: true }).selectOption({ label: category.name });
      await form.getByLabel(t.city, { exact: true }).selectOption({ label: city.name });
      await form.getByRole("button", { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL(
        hasFilters(listPath, { category: category.slug, city: String(city.id), sort: "date" }),
      );
      const expected = await expectListing(page, request, locale, {
        category: category.slug,
        city: city.id,
      });
      expect(expected.meta.total).toBeGreaterThan(0);
      await expect(form.getByLabel(t.category, { exact: true })).toHaveValue(category.slug);
      await expect(form.getByLabel(t.city, { exact: true })).toHaveValue(String(city.id));
    });
  }
});

test.describe("event listing sort and pages", () => {
  for (const locale of locales) {
    test(`sorted by price, the shown prices ascend across pages (${locale})`, async ({
      guestPage: page,
      request,
    }) => {
      const t = texts[locale].events;
      const listPath = pathTo("events", locale);
      const { category } = await busiestFilters(request, locale);
      await page.goto(`${listPath}?category=${encodeURIComponent(category.slug)}`);
      await hydrated(page);
      const form = filterForm(page, locale);
      await form.getByLabel(t.sort, { exact: true }).selectOption({ label: t.sortPrice });
      await form.getByRole("button", { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL(
        hasFilters(listPath, { category: category.slug, sort: "price" }),
      );
      const first = await expectListing(page, request, locale, {
        category: category.slug,
        sort: "price",
      });
      expect(first.meta.pages, "more than one page of the category").toBeGreaterThan(1);

      const prices = await shownPrices(page, locale);
      expect(prices).toEqual(
        first.data.map((event) => (event.is_free ? 0 : event.price_from_cents)),
      );
      expect(isAscending(prices), `ascending prices: ${prices.join(", ")}`).toBe(true);
      expect(new Set(prices).size, "not all prices the same").toBeGreaterThan(1);

      const pagination = page.getByRole("navigation", {
        name: texts[locale].catalogue.pagination.label,
      });
      await pagination
        .getByRole("link", { name: texts[locale].catalogue.pagination.next, exact: true })
        .click();
      await expect(page).toHaveURL(
        hasFilters(listPath, { category: category.slug, sort: "price", page: "2" }),
      );
      await expectListing(page, request, locale, {
        category: category.slug,
        sort: "price",
        page: 2,
      });
      const next = await shownPrices(page, locale);
      expect(isAscending(next), `ascending prices: ${next.join(", ")}`).toBe(true);
      expect(next[0]).toBeGreaterThanOrEqual(prices[prices.length - 1]!);
    });

    test(`pagination: page 2 shows other events, the page links work (${locale})`, async ({
      guestPage: page,
      request,
    }) => {
      const p = texts[locale].catalogue.pagination;
      const listPath = pathTo("events", locale);
      await page.goto(listPath);
      await hydrated(page);
      const first = await expectListing(page, request, locale, {});
      const pages = first.meta.pages;
      expect(pages, "the demo data fills more than two pages").toBeGreaterThan(2);

      const pagination = page.getByRole("navigation", { name: p.label, exact: true });
      const pageLink = (n: number) =>
        pagination.getByRole("link", { name: fill(p.page, { page: n }), exact: true });
      await expect(pagination).toContainText(fill(p.pageOf, { page: 1, pages }));
      await expect(pageLink(1)).toHaveAttribute("aria-current", "page");
      await expect(pagination.getByRole("link", { name: p.previous, exact: true })).toHaveCount(0);

      await pageLink(2).click();
      await expect(page).toHaveURL(hasFilters(listPath, { page: "2" }));
      const second = await expectListing(page, request, locale, { page: 2 });
      const firstIds = new Set(first.data.map((event) => event.id));
      expect(second.data.length).toBeGreaterThan(0);
      expect(second.data.filter((event) => firstIds.has(event.id))).toEqual([]);
      await expect(pagination).toContainText(fill(p.pageOf, { page: 2, pages }));
      await expect(pageLink(2)).toHaveAttribute("aria-current", "page");
      await expect(pageLink(1)).not.toHaveAttribute("aria-current", /.+/);

      await pagination.getByRole("link", { name: p.next, exact: true }).click();
      await expect(page).toHaveURL(hasFilters(listPath, { page: "3" }));
      await expectListing(page, request, locale, { page: 3 });

      await pagination.getByRole("link", { name: p.previous, exact: true }).click();
      await expect(page).toHaveURL(hasFilters(listPath, { page: "2" }));
      await expectListing(page, request, locale, { page: 2 });

      await pageLink(pages).click();
      await expect(page).toHaveURL(hasFilters(listPath, { page: String(pages) }));
      await expectListing(page, request, locale, { page: pages });
      await expect(pagination.getByRole("link", { name: p.next, exact: true })).toHaveCount(0);

      // Page 1 has no `page` parameter.
      await pageLink(1).click();
      await expect(page).toHaveURL(hasFilters(listPath, {}));
      await expectListing(page, request, locale, {});

      // Page links keep the other filters.
      const { category } = await busiestFilters(request, locale);
      await page.goto(`${listPath}?category=${encodeURIComponent(category.slug)}`);
      await expect(pageLink(2)).toHaveAttribute(
        "href",
        `${listPath}?${new URLSearchParams({ category: category.slug, page: "2" })}`,
      );
    });

    test(`filters the API refuses are named by their fields' labels (${locale})`, async ({
      guestPage: page,
    }) => {
      const t = texts[locale].events;
      await page.goto(`${pathTo("events", locale)}?price_min=50&price_max=10&page=0`);
      const alert = results(page, locale).getByRole("alert");
      await expect(alert.getByRole("heading", { name: t.invalidTitle })).toBeVisible();
      const items = alert.getByRole("listitem");
      await expect(items).toHaveCount(2);
      await expect(items.filter({ hasText: `${t.priceMax}: ` })).toHaveCount(1);
      await expect(items.filter({ hasText: `${t.page}: ` })).toHaveCount(1);
      await expect(alert).not.toContainText("price_max");
    });

    test(`a page past the last opens the last page (${locale})`, async ({
      guestPage: page,
      request,
    }) => {
      const listPath = pathTo("events", locale);
      const { meta } = await listEvents(request, locale, { sort: "price" });
      expect(meta.pages).toBeGreaterThan(1);
      await page.goto(`${listPath}?sort=price&page=${meta.pages + 50}`);
      await expect(page).toHaveURL(
        hasFilters(listPath, { sort: "price", page: String(meta.pages) }),
      );
      await expect(results(page, locale).getByRole("status")).toHaveText(
        countText(locale, meta.total),
      );
      await expect(cards(results(page, locale)).first()).toBeVisible();
    });

    test(`a filter without results shows the empty state and a way back (${locale})`, async ({
      guestPage: page,
      request,
    }) => {
      const t = texts[locale].events;
      const listPath = pathTo("events", locale);
      // Upcoming events reach a year ahead; two years ahead there is nothing.
      const day = daysFromNow(800);
      const none = await listEvents(request, locale, { from: day, to: day });
      expect(none.meta.total).toBe(0);

      await page.goto(listPath);
      await hydrated(page);
      const form = filterForm(page, locale);
      await form.getByLabel(t.from, { exact: true }).fill(day);
      await form.getByLabel(t.to, { exact: true }).fill(day);
      await form.getByRole("button", { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL(hasFilters(listPath, { from: day, to: day, sort: "date" }));

      const region = results(page, locale);
      await expect(region.getByRole("status")).toHaveText(countText(locale, 0));
      await expect(region.getByRole("heading", { level: 3, name: t.noMatchTitle })).toBeVisible();
      await expect(region.getByText(t.noMatchText)).toBeVisible();
      await expect(cards(region)).toHaveCount(0);

      const way = region.getByRole("link", { name: t.noMatchClear, exact: true });
      await expect(way).toHaveAttribute("href", listPath);
      await way.click();
      await expect(page).toHaveURL(hasFilters(listPath, {}));
      const all = await expectListing(page, request, locale, {});
      expect(all.meta.total).toBeGreaterThan(0);
    });
  }
});

test.describe("event page", () => {
  for (const locale of locales) {
    test(`opened from the listing: title, date, venue, tickets and JSON-LD (${locale})`, async ({
      guestPage: page,
      request,
      baseURL,
    }) => {
      const t = texts[locale].event;
      await page.goto(pathTo("events", locale));
      await hydrated(page);
      const listing = await expectListing(page, request, locale, {});
      const summary = listing.data[0]!;
      const event = await eventDetail(request, locale, summary.id);
      expect(event.ticket_types.length, "the first event has ticket types").toBeGreaterThan(0);

      await cards(results(page, locale)).first().getByRole("link").click();
      await expect(page).toHaveURL((url) => url.pathname === eventPath(locale, summary));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.title);

      const main = page.locator("main");
      const start = new Date(event.starts_at);
      const berlin = (options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat(locale, { timeZone: "Europe/Berlin", ...options }).format(start);
      const date = main.locator(`time[datetime="${event.starts_at}"]`);
      await expect(date).toBeVisible();
      await expect(date).toContainText(berlin({ month: "long" }));
      await expect(date).toContainText(berlin({ year: "numeric" }));
      await expect(main.getByText(t.date, { exact: true })).toBeVisible();

      const venue = event.venue;
      await expect(main.getByText(t.venue, { exact: true })).toBeVisible();
      const address = main.locator("address");
      await expect(address).toContainText(venue.name);
      await expect(address).toContainText(venue.address_line);
      await expect(address).toContainText(`${venue.postal_code} ${venue.city_name}`);

      const tickets = page.getByRole("region", { name: t.tickets, exact: true });
      await expect(tickets.getByRole("heading", { level: 3 })).toHaveText(
        event.ticket_types.map((ticket) => ticket.name),
      );

      // The head follows the client-side navigation: wait for this event's JSON-LD.
      await expect.poll(async () => (await eventJsonLd(page))?.name).toBe(event.title);
      const ld = (await eventJsonLd(page))!;
      const canonical = baseURL + eventPath(locale, event);
      expect(ld).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Event",
        name: event.title,
        url: canonical,
        startDate: event.starts_at,
        endDate: event.ends_at,
        eventStatus:
          event.status === "cancelled"
            ? "https://schema.org/EventCancelled"
            : "https://schema.org/EventScheduled",
        location: {
          "@type": "Place",
          name: venue.name,
          address: {
            "@type": "PostalAddress",
            streetAddress: venue.address_line,
            postalCode: venue.postal_code,
            addressLocality: venue.city_name,
            addressCountry: venue.country_code,
          },
        },
        organizer: { "@type": "Organization", name: event.organiser.name },
      });
      const offers = ld.offers as Record<string, unknown>[];
      expect(offers).toHaveLength(event.ticket_types.length);
      for (const [index, offer] of offers.entries()) {
        const ticket = event.ticket_types[index]!;
        const cents = ticket.discount_price_cents ?? ticket.price_cents;
        expect(offer).toMatchObject({
          "@type": "Offer",
          price: (cents / 100).toFixed(2),
          priceCurrency: "EUR",
        });
        expect(availabilities).toContain(offer.availability);
      }
      // One image, the cover's largest size, for search engines and link previews alike.
      const image = ld.image as string;
      expect(image).toMatch(new RegExp(`^${baseURL}/storage/.+-960\\.webp$`));
      expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toBe(image);
      const cover = await request.get(image);
      expect(cover.status()).toBe(200);
      expect(cover.headers()["content-type"]).toMatch(/^image\//);
    });

    test(`a wrong slug answers 301 to the canonical slug (${locale})`, async ({
      request,
      baseURL,
    }) => {
      const [first] = (await listEvents(request, locale, {})).data;
      const event = await eventDetail(request, locale, first!.id);
      const canonical = pathTo("event", locale, { slug: event.slugs[locale], id: event.id });
      const wrongSlugs = ["falscher-slug", event.slugs[other(locale)]].filter(
        (slug) => slug !== event.slugs[locale],
      );
      expect(wrongSlugs.length).toBeGreaterThan(0);
      for (const slug of wrongSlugs) {
        const path = pathTo("event", locale, { slug, id: event.id });
        const response = await request.get(`${path}?ref=test`, { maxRedirects: 0 });
        expect(response.status(), path).toBe(301);
        const location = new URL(response.headers().location ?? "", baseURL);
        expect(location.pathname + location.search, path).toBe(`${canonical}?ref=test`);
      }
      const right = await request.get(canonical, { maxRedirects: 0 });
      expect(right.status()).toBe(200);
    });

    test(`the language dialog leads to the same event in ${other(locale)} (${locale})`, async ({
      guestPage: page,
      request,
    }) => {
      const target = other(locale);
      const [first] = (await listEvents(request, locale, {})).data;
      const here = await eventDetail(request, locale, first!.id);
      const there = await eventDetail(request, target, first!.id);
      const targetPath = pathTo("event", target, { slug: here.slugs[target], id: here.id });
      expect(here.slugs[target]).toBe(there.slug);

      await page.goto(pathTo("event", locale, { slug: here.slugs[locale], id: here.id }));
      await hydrated(page);
      const dialog = await openLanguageDialog(page);
      const link = dialog.locator(`a[hreflang="${target}"]`);
      await expect(link).toHaveAttribute("href", targetPath);
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === targetPath);
      await expect(page.locator("html")).toHaveAttribute("lang", target);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(there.title);
    });

    test(`"add to calendar" downloads an .ics file (${locale})`, async ({
      guestPage: page,
      request,
    }) => {
      const [first] = (await listEvents(request, locale, {})).data;
      const event = await eventDetail(request, locale, first!.id);
      await page.goto(eventPath(locale, event));
      const link = page.getByRole("link", { name: texts[locale].event.addToCalendar });
      const href = `${fillPath(apiPaths.eventCalendar, { id: event.id })}?locale=${locale}`;
      await expect(link).toHaveAttribute("href", href);

      const response = await request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^text\/calendar\b/);
      const summaryLine = `SUMMARY:${icsText(event.title)}`;
      const lines = unfold(await response.text());
      expect(lines).toContain("BEGIN:VCALENDAR");
      expect(lines).toContain("BEGIN:VEVENT");
      expect(lines).toContain("END:VEVENT");
      expect(lines).toContain(summaryLine);

      const downloading = page.waitForEvent("download");
      await link.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${event.slug}.ics`);
      const file = unfold(await readFile(await download.path(), "utf8"));
      expect(file).toContain("BEGIN:VEVENT");
      expect(file).toContain(summaryLine);
    });
  }

  test("its HTML carries the event as the page shows it, not the API's other fields", async ({
    request,
  }) => {
    const [first] = (await listEvents(request, "de", {})).data;
    const event = await eventDetail(request, "de", first!.id);
    const html = await (await request.get(eventPath("de", event))).text();
    expect(html).toContain(event.title);
    // The loader data names each field once, in escaped quotes: \"title\".
    expect(html).toContain('\\"title\\"');
    for (const field of ["description", "slugs", "tickets_sold"]) {
      expect(html, field).not.toContain(`\\"${field}\\"`);
    }
  });
});

test.describe("past and cancelled events", () => {
  for (const locale of locales) {
    test(`say so on their page and in the listing (${locale})`, async ({
      guestPage: page,
      request,
    }) => {
      const t = texts[locale].event;
      const badges = texts[locale].catalogue.badges;
      const cancelled = (await allListed(request, locale)).find(
        (event) => event.status === "cancelled",
      );
      const past = (
        await listEvents(request, locale, {
          from: daysFromNow(-200),
          to: daysFromNow(-1),
          per_page: 100,
        })
      ).data.find((event) => event.is_past && event.status === "published");

      // The demo data has both (seed/catalogue.test.ts): a missing one is a failure, not a skip.
      expect(cancelled, "a cancelled demo event").toBeDefined();
      expect(past, "a past demo event").toBeDefined();

      const cases = [
        { event: cancelled!, kind: "cancelled", title: t.cancelledTitle, text: t.cancelledText },
        { event: past!, kind: "past", title: t.pastTitle, text: t.pastText },
      ] as const;
      for (const { event, kind, title, text } of cases) {
        await page.goto(eventPath(locale, event));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.title);
        await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
        await expect(page.getByText(text)).toBeVisible();
        // Nothing to add to a calendar, and the tickets say nothing about their sale.
        await expect(page.getByRole("link", { name: t.addToCalendar })).toHaveCount(0);
        const tickets = page.getByRole("region", { name: t.tickets, exact: true });
        await expect(tickets.getByRole("heading", { level: 3 }).first()).toBeVisible();
        await expect(tickets).not.toContainText(t.availability.sale_ended);
        const ld = await eventJsonLd(page);
        expect(ld?.eventStatus).toBe(
          kind === "cancelled"
            ? "https://schema.org/EventCancelled"
            : "https://schema.org/EventScheduled",
        );

        // The listing's card of that day says so too.
        const day = berlinDay(new Date(event.starts_at));
        await page.goto(
          `${pathTo("events", locale)}?${new URLSearchParams({ from: day, to: day, category: event.category.slug })}`,
        );
        const card = cards(results(page, locale)).filter({
          has: page.locator(`a[href="${eventPath(locale, event)}"]`),
        });
        await expect(card).toHaveCount(1);
        await expect(card).toContainText(kind === "cancelled" ? badges.cancelled : badges.past);
      }
    });
  }
});

test.describe("search", () => {
  for (const [locale, term] of [
    ["de", "konzert"],
    ["en", "concert"],
  ] as const) {
    test(`the header search for "${term}" shows grouped results with marked terms (${locale})`, async ({
      guestPage: page,
      request,
    }) => {
      const t = texts[locale].search;
      const { data: expected } = await apiGet<{ data: SearchResult }>(
        request,
        locale,
        apiPaths.search,
        { q: term, limit: 12 },
      );
      expect(expected.events.length, `the demo data has events for "${term}"`).toBeGreaterThan(0);

      await page.goto(pathTo("home", locale));
      // The field suggests while typing (a combobox); Enter without a chosen suggestion submits.
      const field = page
        .getByRole("banner")
        .getByRole("combobox", { name: texts[locale].nav.searchLabel, exact: true });
      await field.fill(term);
      await field.press("Enter");
      await expect(page).toHaveURL(
        (url) => url.pathname === pathTo("search", locale) && url.searchParams.get("q") === term,
      );
      await expect(
        page.getByRole("heading", { level: 2, name: fill(t.resultsFor, { q: term }) }),
      ).toBeVisible();
      await expect(page.getByRole("main").getByLabel(t.label, { exact: true })).toHaveValue(term);

      const groups = [
        [t.eventsHeading, expected.events.length],
        [t.venuesHeading, expected.venues.length],
        [t.categoriesHeading, expected.categories.length],
        [t.citiesHeading, expected.cities.length],
      ] as const;
      for (const [heading, count] of groups) {
        const group = page.getByRole("region", { name: heading, exact: true });
        if (count === 0) {
          await expect(group, heading).toHaveCount(0);
          continue;
        }
        await expect(group.getByRole("heading", { level: 3, name: heading })).toBeVisible();
        await expect(group.getByRole("listitem"), heading).toHaveCount(count);
      }

      const events = page.getByRole("region", { name: t.eventsHeading, exact: true });
      await expect
        .poll(() => hrefsOf(cards(events).getByRole("link")))
        .toEqual(expected.events.map((event) => eventPath(locale, event)));
      const marks = page.getByRole("main").locator("mark");
      await expect(events.locator("mark").first()).toBeVisible();
      const marked = await marks.allTextContents();
      expect(marked.length).toBeGreaterThan(0);
      // Each mark is a word a term matched: it holds the term's stem (stemming, typos).
      for (const text of marked) {
        const word = text.toLowerCase();
        expect(
          expected.terms.some((t) => word.includes(t.slice(0, 4))),
          text,
        ).toBe(true);
      }
      expect(marked.some((text) => text.toLowerCase().includes(term))).toBe(true);
    });
  }
});

test("sitemap.xml is an index of the pages' file and the events' files; each names both language versions with hreflang alternates", async ({
  request,
  baseURL,
}) => {
  const listed = await allListed(request, "de", { from: "2000-01-01" });
  const upcoming = listed.find((event) => event.status === "published" && !event.is_past)!;
  const event = await eventDetail(request, "de", upcoming.id);
  const urls = {
    de: baseURL + pathTo("event", "de", { slug: event.slugs.de, id: event.id }),
    en: baseURL + pathTo("event", "en", { slug: event.slugs.en, id: event.id }),
  };
  const { meta } = await apiGet<SitemapEventList>(request, "de", apiPaths.sitemapEvents, {
    per_page: 1,
  });
  const eventFiles = Array.from({ length: Math.ceil(meta.total / eventsPerSitemap) }, (_, index) =>
    sitemapEventsPath(index + 1),
  );
  expect(eventFiles.length).toBeGreaterThan(0);

  const files = await sitemapFiles(request);
  expect([...files.keys()]).toEqual([
    resources.sitemap.path,
    resources.sitemapPages.path,
    ...eventFiles,
  ]);
  expect(files.get(resources.sitemap.path)).toContain(
    `<sitemap>\n    <loc>${baseURL}${resources.sitemapPages.path}</loc>\n  </sitemap>`,
  );
  const entriesOf = (paths: string[]) =>
    paths.flatMap((path) =>
      [...files.get(path)!.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]!),
    );
  const expectAlternates = (entries: string[], paths: Record<Locale, string>) => {
    for (const locale of locales) {
      const entry = entries.find((block) => block.includes(`<loc>${paths[locale]}</loc>`));
      expect(entry, `<url> of ${paths[locale]}`).toBeDefined();
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${paths.de}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${paths.en}"/>`);
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${paths.de}"/>`,
      );
    }
  };

  // The pages' file: the public pages, no event and no form.
  const pageEntries = entriesOf([resources.sitemapPages.path]);
  expectAlternates(pageEntries, {
    de: baseURL + pathTo("events", "de"),
    en: baseURL + pathTo("events", "en"),
  });
  expect(pageEntries.join("\n")).not.toContain("-evx-");
  expect(pageEntries.join("\n")).not.toContain(`<loc>${baseURL}${pathTo("login", "de")}</loc>`);

  // The events' files: each event with its last change, both slugs.
  const eventEntries = entriesOf(eventFiles);
  expectAlternates(eventEntries, urls);
  expect(eventEntries.every((entry) => /<lastmod>[\d-]+T[\d:.]+Z<\/lastmod>/.test(entry))).toBe(
    true,
  );
  // Cancelled and past events are not for search engines.
  const xml = eventFiles.map((path) => files.get(path)).join("\n");
  const left = listed.filter((found) => found.status === "cancelled" || found.is_past);
  expect(left.length).toBeGreaterThan(0);
  for (const { id } of left) {
    expect(xml).not.toContain(`-evx-${id}<`);
    expect(xml).not.toContain(`-evx-${id}"`);
  }

  // A file past the last, or a number not written as the index writes it, is none.
  for (const path of [
    sitemapEventsPath(eventFiles.length + 1),
    "/sitemap-events-0.xml",
    "/sitemap-events-01.xml",
    "/sitemap-events-x.xml",
    "/sitemap-events-99999999999999999999.xml",
    "/sitemap-events-%ff.xml",
    "/sitemap-other.xml",
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test.describe("category and city overviews", () => {
  for (const locale of locales) {
    test(`lead to the filtered listing (${locale})`, async ({ guestPage: page, request }) => {
      const { category, city } = await busiestFilters(request, locale);
      const listPath = pathTo("events", locale);

      await page.goto(pathTo("event-categories", locale));
      await page
        .getByRole("link", {
          name: fill(texts[locale].categories.showEvents, { name: category.name }),
          exact: true,
        })
        .click();
      await expect(page).toHaveURL(hasFilters(listPath, { category: category.slug }));
      await expectListing(page, request, locale, { category: category.slug });

      await page.goto(pathTo("cities", locale));
      const upcoming = plural(texts[locale].catalogue.upcomingCount, city.upcoming_count, locale, {
        upcoming: new Intl.NumberFormat(locale).format(city.upcoming_count),
      });
      await page
        .getByRole("main")
        .getByRole("link", {
          name: new RegExp(`^${escapeRegExp(city.name)}\\s*${escapeRegExp(upcoming)}$`),
        })
        .click();
      await expect(page).toHaveURL(hasFilters(listPath, { city: String(city.id) }));
      await expectListing(page, request, locale, { city: city.id });
    });
  }
});

test.describe("a page's messages", () => {
  for (const locale of locales) {
    test(`come apart from its HTML, kept for good, before the page hydrates (${locale})`, async ({
      guestPage: page,
      request,
      baseURL,
    }) => {
      const html = await (await request.get(pathTo("events", locale))).text();
      // `/i18n/:build/:locale/:page`: the route table's path up to its parameters.
      const { path: messagesRoute } = resources.pageMessages;
      const prefix = messagesRoute.slice(0, messagesRoute.indexOf(":"));
      const path = new RegExp(
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="(${prefix}[^"]+)"`,
      ).exec(html)?.[1];
      expect(path?.slice(prefix.length).split("/").slice(1)).toEqual([locale, "events"]);
      // The loader data names them; it does not carry them.
      expect(html).toContain(path!);
      // In the loader data a text would stand in escaped quotes: \"Veranstaltungen filtern\".
      expect(html).not.toContain(`${texts[locale].events.filtersHeading}\\"`);
      const messages = await request.get(path!);
      expect(messages.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(((await messages.json()) as typeof texts.de).events.filtersHeading).toBe(
        texts[locale].events.filtersHeading,
      );
      // Read only, even from our own pages.
      const posted = await request.post(path!, { headers: { origin: baseURL! } });
      expect(posted.status()).toBe(405);

      const loaded = page.waitForResponse((response) => response.url().endsWith(path!));
      await page.goto(pathTo("events", locale));
      expect((await loaded).status()).toBe(200);
      await hydrated(page);
      // A client navigation to another page loads that page's messages first, after its data:
      // the root's and the page's in one request.
      const dataRequests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
      });
      const event = page.waitForResponse((response) =>
        new URL(response.url()).pathname.endsWith(`/${locale}/event`),
      );
      await cards(results(page, locale)).first().getByRole("link").click();
      expect((await event).status()).toBe(200);
      await expect(page.getByText(texts[locale].event.date, { exact: true })).toBeVisible();
      // Loaded already: no preload link names them, which would go unused (a console warning).
      const preloads = page.locator('head link[rel="preload"][as="fetch"]');
      await expect(preloads).toHaveCount(1);
      await expect(preloads).toHaveAttribute("href", path!);
      // One data request for all of them (hovering the link may have prefetched the same one):
      // none names a subset of the routes, as a root loaded apart would.
      expect(new Set(dataRequests).size).toBe(1);
      expect(new URL(dataRequests[0]!).searchParams.has("_routes")).toBe(false);
    });
  }
});

test.describe("HTTP caching", () => {
  test("a guest's catalogue pages are public with an ETag, revalidated with 304", async ({
    request,
  }) => {
    const [event] = (await listEvents(request, "de", { per_page: 1 })).data;
    const paths = [
      pathTo("events", "de"),
      `${pathTo("events", "en")}?sort=price`,
      eventPath("de", event!),
      `${pathTo("search", "en")}?q=concert`,
      pathTo("cities", "de"),
    ];
    for (const path of paths) {
      const first = await request.get(path);
      expect(first.status(), path).toBe(200);
      expect(first.headers()["cache-control"], path).toMatch(/^public, max-age=\d+/);
      const etag = first.headers().etag;
      expect(etag, path).toMatch(/^W\/".+"$/);
      const again = await request.get(path, { headers: { "if-none-match": etag! } });
      expect(again.status(), path).toBe(304);
      expect(again.headers().etag, path).toBe(etag);
      expect(await again.body(), path).toHaveLength(0);
      const changed = await request.get(path, { headers: { "if-none-match": 'W/"old"' } });
      expect(changed.status(), path).toBe(200);
    }
  });

  test("the German home keeps browser languages apart for caches", async ({
    playwright,
    baseURL,
  }) => {
    // First visits, without a language cookie: the browser's language decides.
    for (const [language, status] of [
      ["de-DE,de;q=0.9", 200],
      ["en-GB,en;q=0.9", 302],
    ] as const) {
      const visitor = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "accept-language": language },
      });
      const home = await visitor.get(pathTo("home", "de"), { maxRedirects: 0 });
      expect(home.status(), language).toBe(status);
      expect(home.headers().vary, language).toContain("Accept-Language");
      await visitor.dispose();
    }
  });

  for (const locale of locales) {
    test(`a logged-in visitor's pages are private and never stored (${locale})`, async ({
      page,
    }) => {
      await login(page, locale);
      // Pages whose routes say nothing about caching (CMS, contact) are theirs alone too.
      for (const key of ["events", "cities", "account", "faq", "contact"] as const) {
        const response = await page.goto(pathTo(key, locale));
        expect(response!.status(), key).toBe(200);
        const headers = await response!.allHeaders();
        expect(headers["cache-control"], key).toBe("private, no-store");
        expect(headers.etag, key).toBeUndefined();
      }
      // So are the error page and a client navigation's data, both with the visitor's menu.
      const missing = await page.request.get(`${locale === "en" ? "/en" : ""}/gibt-es-nicht/x`);
      expect(missing.status()).toBe(404);
      expect(missing.headers()["cache-control"]).toBe("private, no-store");
      const faqData = await page.request.get(`${pathTo("faq", locale)}.data`);
      expect(faqData.status()).toBe(200);
      expect(faqData.headers()["cache-control"]).toBe("private, no-store");
    });
  }
});

test("scripts and stylesheets are sent compressed to browsers that accept it", async ({
  baseURL,
}) => {
  const html = await (await fetch(`${baseURL}${pathTo("events", "de")}`)).text();
  // React Router may add a fragment to a stylesheet's address ("….css#").
  const assets = [...html.matchAll(/"(\/assets\/[^"#?]+\.(?:js|css))[^"]*"/g)].map(
    (match) => match[1]!,
  );
  expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);
  expect(assets.some((asset) => asset.endsWith(".js"))).toBe(true);
  for (const asset of new Set(assets)) {
    const plain = await fetch(`${baseURL}${asset}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding"), asset).toBeNull();
    const body = await plain.text();
    for (const encoding of ["br", "gzip"]) {
      const compressed = await fetch(`${baseURL}${asset}`, {
        headers: { "accept-encoding": encoding },
      });
      expect(compressed.headers.get("content-encoding"), asset).toBe(encoding);
      expect(compressed.headers.get("vary"), asset).toContain("Accept-Encoding");
      expect(compressed.headers.get("cache-control"), asset).toContain("immutable");
      // fetch decodes it: the same file.
      expect(await compressed.text(), asset).toBe(body);
    }
  }
});

test("a page asks for its main image first, and for no other: the event's cover, a list's first card", async ({
  request,
  baseURL,
}) => {
  const { data: events } = await apiGet<EventList>(request, "de", apiPaths.events);
  for (const path of [
    eventPath("de", events[0]!),
    pathTo("events", "en"),
    `${pathTo("search", "de")}?q=konzert`,
  ]) {
    const html = await (await fetch(`${baseURL}${path}`)).text();
    const images = [...html.slice(html.indexOf("<main")).matchAll(/<img\b[^>]*>/g)].map(
      (match) => match[0],
    );
    expect(images.length, path).toBeGreaterThan(1);
    expect(
      images.filter((image) => /\sfetchpriority="high"/i.test(image)),
      path,
    ).toEqual([images[0]]);
  }
});

test("the home, listing, search and event pages come alive without a date or number formatter, nor does typing in the search field: the server writes their dates, prices and counts", async ({
  page,
  request,
}) => {
  // The browser's first date or number formatter sets up ICU: 30-100 ms of one task on a slow
  // machine, in the middle of hydration.
  await page.addInitScript(() => {
    const built: string[] = [];
    Object.assign(window, { formattersBuilt: built });
    for (const name of ["DateTimeFormat", "NumberFormat"] as const) {
      const Original = Intl[name];
      const Counted = function (this: unknown, ...args: unknown[]) {
        built.push(`${name} ${JSON.stringify(args)}`);
        return Reflect.construct(Original, args, new.target ?? Original);
      };
      Counted.prototype = Original.prototype;
      Object.setPrototypeOf(Counted, Original);
      Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true });
    }
  });
  const built = () =>
    page.evaluate(() => (window as { formattersBuilt?: string[] }).formattersBuilt);
  for (const locale of locales) {
    for (const path of [
      pathTo("home", locale),
      pathTo("events", locale),
      `${pathTo("search", locale)}?q=wien`,
    ]) {
      await page.goto(path);
      await waitForHydration(page);
      const card = page.locator("main article").first();
      await expect(card.locator("time"), path).toHaveText(/2\d{3}/);
      await expect(card.locator(".card-price"), path).not.toBeEmpty();
      expect(await built(), path).toEqual([]);
    }
    // Typing in the header's search field: the suggestions, and their count read out with them.
    const banner = page.getByRole("banner");
    await banner
      .getByRole("combobox", { name: texts[locale].nav.searchLabel, exact: true })
      .fill("jazz");
    await expect(banner.getByRole("option").first()).toBeVisible();
    await expect(banner.getByRole("status")).toHaveText(/^\d+ \S+/);
    expect(await built(), "the search field's suggestions").toEqual([]);
    // The listing's count is a plural message with a number.
    await page.goto(pathTo("events", locale));
    await expect(page.locator("main p[role=status]")).toHaveText(/^\d[\d.,]* \S+/);

    // An event page with a paid ticket type on sale, two of them chosen in its address (as after
    // an expired hold): its dates, prices, tickets left and the form's total, from the server.
    let sale: { event: EventDetail; type: EventDetail["ticket_types"][number] } | undefined;
    for (const summary of (await listEvents(request, locale, {})).data) {
      if (summary.availability !== "on_sale") continue;
      const event = await eventDetail(request, locale, summary.id);
      const type = event.ticket_types.find(
        (entry) =>
          entry.availability === "on_sale" && entry.remaining >= 2 && entry.price_cents > 0,
      );
      if (type && Math.min(type.max_per_order, type.remaining) >= 2) {
        sale = { event, type };
        break;
      }
    }
    if (!sale) throw new Error(`No event on sale with a paid ticket type (${locale})`);
    const { event, type } = sale;
    const price = Math.min(type.price_cents, type.discount_price_cents ?? type.price_cents);
    const euros = (count: number) =>
      new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(
        (count * (price + serviceFeeCents(price, event.service_fee))) / 100,
      );
    await page.goto(`${eventPath(locale, event)}?qty_${type.id}=2`);
    await waitForHydration(page);
    await expect(page.locator("h1 + p time")).toHaveText(/2\d{3}/);
    await expect(page.locator(".ticket-price").first()).not.toBeEmpty();
    await expect(page.getByTestId("buy-total")).toHaveText(euros(2));
    await expect(page.locator("main")).toContainText(
      plural(texts[locale].event.availability.on_sale, type.remaining, locale, {
        left: new Intl.NumberFormat(locale).format(type.remaining),
      }),
    );
    expect(await built(), event.slug).toEqual([]);
    // Another choice writes its total in the browser: the sale price and the fee.
    await page.locator(`select[name="qty_${type.id}"]`).selectOption("1");
    await expect(page.getByTestId("buy-total")).toHaveText(euros(1));
    await page.locator(`select[name="qty_${type.id}"]`).selectOption("2");
    await expect(page.getByTestId("buy-total")).toHaveText(euros(2));
  }
  // Search shows its venues' counts of upcoming events (`upcomingCount`).
  await page.goto(`${pathTo("search", "en")}?q=wien`);
  await expect(page.locator('section[aria-labelledby="search-venues"]')).toContainText(
    /\d upcoming events?/,
  );
});

test("a page names its stylesheet before its scripts and data, so the browser asks for it first", async ({
  request,
  baseURL,
}) => {
  const { data: events } = await apiGet<EventList>(request, "de", apiPaths.events);
  for (const path of ["/", eventPath("de", events[0]!), `${pathTo("search", "en")}?q=concert`]) {
    const html = await (await fetch(`${baseURL}${path}`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const sheets = [...head.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)];
    // One stylesheet: a second would be a second request that blocks the first paint.
    expect(sheets.length, path).toBe(1);
    const others = [
      ...head.matchAll(/<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>|<script\b/g),
    ].filter((match) => !/\bas="image"/.test(match[0]));
    expect(others.length, path).toBeGreaterThan(0);
    for (const other of others)
      expect(sheets[0]!.index, `${path}: ${other[0]}`).toBeLessThan(other.index);
  }
});

test("the files a stylesheet uses (fonts, the image skeleton) are built under /assets/, cached for good", async ({
  baseURL,
}) => {
  const html = await (await fetch(`${baseURL}${pathTo("events", "de")}`)).text();
  const sheets = [...html.matchAll(/"(\/assets\/[^"#?]+\.css)[^"]*"/g)].map((match) => match[1]!);
  expect(sheets.length).toBeGreaterThan(0);
  const used = new Set<string>();
  for (const sheet of new Set(sheets)) {
    const css = await (await fetch(`${baseURL}${sheet}`)).text();
    for (const [, url] of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
      if (!url!.startsWith("data:")) used.add(url!);
    }
  }
  expect([...used].some((url) => url.endsWith(".woff2"))).toBe(true);
  expect([...used].some((url) => url.includes("skeleton"))).toBe(true);
  for (const url of used) {
    expect(url).toMatch(/^\/assets\//);
    const response = await fetch(`${baseURL}${url}`);
    expect(response.status, url).toBe(200);
    expect(response.headers.get("cache-control"), url).toContain("immutable");
  }
});

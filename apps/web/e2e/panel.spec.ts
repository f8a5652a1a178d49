import AxeBuilder from "@axe-core/playwright";
import {
  apiPaths,
  type DoorLink,
  doorPaths,
  fillPath,
  type Locale,
  type OrganiserApplication,
  type PanelEvent,
  type PanelTicketType,
  type PanelVoucher,
  panelPaths,
} from "@eventwerk/contract";
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import sharp from "sharp";
import catalogueDe from "../app/i18n/messages/de/catalogue.json" with { type: "json" };
import doorLinksDe from "../app/i18n/messages/de/doorLinks.json" with { type: "json" };
import panelDe from "../app/i18n/messages/de/panel.json" with { type: "json" };
import catalogueEn from "../app/i18n/messages/en/catalogue.json" with { type: "json" };
import doorLinksEn from "../app/i18n/messages/en/doorLinks.json" with { type: "json" };
import panelEn from "../app/i18n/messages/en/panel.json" with { type: "json" };
import { pathTo } from "../app/route-table";
import {
  accessToken,
  buyTicket,
  loadsSiteChunk,
  locales,
  loginAs,
  newestMailTo,
  sitemapFiles,
  test,
  waitForHydration,
} from "./support";

const texts = { de: panelDe, en: panelEn } as const;
const doorTexts = { de: doorLinksDe, en: doorLinksEn } as const;
const pagination = { de: catalogueDe.pagination, en: catalogueEn.pagination } as const;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");
const admin = { email: "admin@eventwerk.example", password: "eventwerk-demo-1" };

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** A new organiser registered through the API (pending approval). */
async function registerOrganiser(request: APIRequestContext, company: string) {
  const get = async (url: string) =>
    ((await (await request.get(url)).json()) as { data: { id: number; code?: string }[] }).data;
  const country = (await get("/api/v1/general/country")).find((c) => c.code === "DE")!;
  const city = (await get(`/api/v1/general/city?country_id=${country.id}`))[0]!;
  const category = (await get("/api/v1/company-category"))[0]!;
  const email = `panel-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const response = await request.post("/api/v1/register/organiser", {
    data: {
      name: "Tina",
      surname: "Bühne",
      email,
      password: "buehne-2026",
      phone: "+49 30 1234567",
      company_name: company,
      company_category_id: category.id,
      tax_number: "DE123456789",
      address: {
        line: "Hauptstraße 1",
        postal_code: "10827",
        country_id: country.id,
        city_id: city.id,
      },
      accept_terms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  // The applicant follows the mailed link: the operator approves confirmed addresses only.
  const mail = await newestMailTo(email, 1, (entry) => /token=/.test(entry.text));
  const token = new URL(/https?:\/\/\S+[?&]token=\S+/.exec(mail.text)![0]).searchParams.get(
    "token",
  );
  const confirmed = await request.post(apiPaths.emailConfirm, { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { email, password: "buehne-2026" };
}

/** The operator's search on the organiser review, submitted as its form does. */
async function searchOrganisers(page: Page, locale: Locale, text: string) {
  const search = page.getByRole("search");
  await search.getByLabel(texts[locale].organisersSearch).fill(text);
  await search.getByRole("button", { name: texts[locale].organisersSearchSubmit }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === text);
}

for (const locale of ["de", "en"] as const satisfies Locale[]) {
  const t = texts[locale];
  test(`the admin approves an organiser who creates, publishes, sells, exports and refunds (${locale})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const company = `Testbühne ${locale} ${Date.now()}`;
    const organiser = await registerOrganiser(request, company);

    // The operator approves the application.
    const adminContext = await browser.newContext({
      baseURL,
      locale: locale === "de" ? "de-DE" : "en-GB",
    });
    const adminPage = await adminContext.newPage();
    await loginAs(adminPage, locale, admin);
    await adminPage.goto(pathTo("panel-organisers", locale));
    await expectNoViolations(adminPage);
    // Other tests' applications may fill the first page: the operator looks the company up.
    await searchOrganisers(adminPage, locale, company);
    await adminPage.getByRole("button", { name: fill(t.approve, { company }) }).click();
    await expect(adminPage.getByText(t.reviewDone.approve)).toBeVisible();
    await adminContext.close();

    // The organiser creates an event with two ticket types and publishes it.
    const context = await browser.newContext({
      baseURL,
      locale: locale === "de" ? "de-DE" : "en-GB",
    });
    const page = await context.newPage();
    await loginAs(page, locale, organiser);
    await page.goto(pathTo("panel", locale));
    await expect(page.getByRole("heading", { level: 1, name: t.heading })).toBeVisible();
    // The panel's frame has no site chrome, and loads none of its code.
    expect(await loadsSiteChunk(page)).toBe(false);
    await expectNoViolations(page);
    await page
      .getByRole("navigation", { name: t.navLabel })
      .getByRole("link", { name: t.navNewEvent })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: t.newEventHeading })).toBeVisible();
    await expectNoViolations(page);
    const title = `Panelkonzert ${locale} ${Date.now()}`;
    await page.getByLabel(t.titleDe).fill(title);
    await page.getByLabel(t.titleEn).fill(`${title} EN`);
    await page.getByLabel(t.descriptionDe).fill("Ein **Abend** mit Musik.");
    await page.getByLabel(t.descriptionEn).fill("An **evening** of music.");
    await page.getByLabel(t.category, { exact: true }).selectOption({ index: 1 });
    // A venue of its own, made in the form beside: chosen in the event's form, which keeps what
    // was typed, and the venue's form empties (a second click would make a twin).
    const venueForm = page.getByRole("region", { name: t.venueHeading });
    const venueName = `Panelhalle ${locale} ${Date.now()}`;
    await venueForm.getByLabel(t.venueName, { exact: true }).fill(venueName);
    await venueForm.getByLabel(t.venueAddress, { exact: true }).fill("Hafenstraße 7");
    await venueForm.getByLabel(t.venuePostalCode, { exact: true }).fill("20457");
    await venueForm.getByLabel(t.venueLatitude, { exact: true }).fill("53.54");
    await venueForm.getByLabel(t.venueLongitude, { exact: true }).fill("9.98");
    await venueForm.getByLabel(t.venueCity, { exact: true }).selectOption({ index: 1 });
    await venueForm.getByRole("button", { name: t.createVenue }).click();
    await expect(venueForm.getByText(t.venueCreated)).toBeVisible();
    const venue = page.getByLabel(t.venue, { exact: true });
    await expect(venue.locator("option:checked")).toHaveText(new RegExp(`^${venueName} `));
    await expect(page.getByLabel(t.titleDe)).toHaveValue(title);
    await expect(page.getByLabel(t.descriptionEn)).toHaveValue("An **evening** of music.");
    await expect(venueForm.getByLabel(t.venueName, { exact: true })).toHaveValue("");
    const year = new Date().getFullYear() + 1;
    await page.getByLabel(t.startsAt).fill(`${year}-05-01T19:00`);
    await page.getByLabel(t.endsAt).fill(`${year}-05-01T23:00`);
    // Without an age limit; a bad end first: the field says why.
    await page.getByLabel(t.endsAt).fill(`${year}-05-01T18:00`);
    await page.getByRole("button", { name: t.createEvent }).click();
    await expect(page.locator("#event-ends_at-error")).toBeVisible();
    await page.getByLabel(t.endsAt).fill(`${year}-05-01T23:00`);
    await page.getByRole("button", { name: t.createEvent }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      locale === "en" ? `${title} EN` : title,
    );
    const eventId = Number(new URL(page.url()).pathname.split("/").at(-1));

    for (const [de, en, price] of [
      ["Stehplatz", "Standing", "25"],
      ["Sitzplatz", "Seated", "39,50"],
    ] as const) {
      await page.getByLabel(t.typeNameDe, { exact: true }).fill(de);
      await page.getByLabel(t.typeNameEn, { exact: true }).fill(en);
      await page
        .getByLabel(t.typeNewPrice, { exact: true })
        .fill(locale === "de" ? price : price.replace(",", "."));
      await page.getByLabel(t.typeNewCapacity, { exact: true }).fill("50");
      await page.getByRole("button", { name: t.typeAdd }).click();
      await expect(
        page.getByRole("heading", { level: 3, name: new RegExp(locale === "en" ? en : de) }),
      ).toBeVisible();
      // The form for the next type starts empty: a second click would make a twin.
      await expect(page.getByLabel(t.typeNameDe, { exact: true })).toHaveValue("");
    }
    // A voucher, made on the page: its form empties too.
    const vouchers = page.getByRole("region", { name: t.vouchersHeading });
    const code = `P${Date.now().toString(36).toUpperCase()}`;
    await vouchers.getByLabel(t.voucherCode, { exact: true }).fill(code);
    await vouchers.getByLabel(t.voucherValue, { exact: true }).fill("10");
    await vouchers.getByRole("button", { name: t.voucherCreate }).click();
    await expect(vouchers.getByRole("rowheader", { name: code, exact: true })).toBeVisible();
    await expect(vouchers.getByLabel(t.voucherCode, { exact: true })).toHaveValue("");
    // A cover picture: a text file is refused at the field, a PNG becomes the cover.
    const coverField = page.getByLabel(t.coverLabel);
    await coverField.setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: Buffer.from("not a picture"),
    });
    await page.getByRole("button", { name: t.coverUpload }).click();
    await expect(page.locator("#cover-error")).toBeVisible();
    await expect(coverField).toHaveAttribute("aria-invalid", "true");
    const png = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await coverField.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: t.coverUpload }).click();
    await expect(page.getByText(t.done.cover)).toBeVisible();
    await expect(page.getByRole("img", { name: t.coverAlt })).toHaveAttribute(
      "src",
      /^\/storage\/covers\/upload-[0-9a-f-]+-640\.webp$/,
    );
    const coverSrc = await page.getByRole("img", { name: t.coverAlt }).getAttribute("src");

    await page.getByRole("button", { name: t.publish }).click();
    await expect(page.getByText(t.done.publish)).toBeVisible();
    await expectNoViolations(page);
    // Nothing sold: saving tells nobody.
    await expect(page.getByText(t.changeNotice)).toHaveCount(0);

    // The public page shows the cover and the description's Markdown.
    await page.getByRole("link", { name: t.publicPage }).click();
    await expect(page.locator("main img").first()).toHaveAttribute("src", coverSrc!);
    expect((await page.request.get(coverSrc!)).headers()["content-type"]).toBe("image/webp");
    await expect(
      page.locator("main strong", { hasText: locale === "en" ? "evening" : "Abend" }),
    ).toBeVisible();

    // The event is public: its page, the listing's API and the sitemap know it.
    expect((await request.get(`/api/v1/events/${eventId}`)).status()).toBe(200);
    // The sitemap is a cached copy (the API's and the web's micro-caches, seconds each): the
    // other language's run may just have read it.
    await expect
      .poll(async () => [...(await sitemapFiles(request)).values()].join("\n"), {
        timeout: 20_000,
      })
      .toContain(`-evx-${eventId}`);

    const event = (await (await page.request.get(`/api/v1/events/${eventId}`)).json()) as {
      data: { ticket_types: { id: number }[] };
    };
    const orderId = await buyTicket(request, eventId, event.data.ticket_types[0]!.id);

    // With a ticket sold, the event's form says what a new start or venue sets off.
    await page.goto(pathTo("panel-event", locale, { id: eventId }));
    await expect(page.getByRole("button", { name: t.saveEvent })).toHaveAccessibleDescription(
      t.changeNotice,
    );

    // The sale on the dashboard and in the orders list.
    await page.goto(pathTo("panel", locale));
    const row = page.getByRole("row", { name: new RegExp(title) }).first();
    await expect(row).toContainText(fill(t.figures.soldOf, { sold: "1", capacity: "100" }));
    // Past the last page (a bookmark, refunds since): the last page.
    await page.goto(`${pathTo("panel-orders", locale, { id: eventId })}?page=5`);
    await expect(page).toHaveURL((url) => url.searchParams.get("page") === "1");
    await expect(
      page.getByRole("link", { name: fill(t.orderNumberValue, { id: String(orderId) }) }),
    ).toBeVisible();
    await expectNoViolations(page);
    // A page number no list reaches, typed into the address: the first page, filters kept.
    await page.goto(`${pathTo("panel-orders", locale, { id: eventId })}?page=99999&status=paid`);
    await expect(page).toHaveURL(
      (url) => !url.searchParams.has("page") && url.searchParams.get("status") === "paid",
    );
    await expect(
      page.getByRole("link", { name: fill(t.orderNumberValue, { id: String(orderId) }) }),
    ).toBeVisible();
    // A filter the API refuses is marked at its field.
    await page.goto(`${pathTo("panel-orders", locale, { id: eventId })}?from=gestern`);
    await expect(page.getByLabel(t.ordersFrom)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(t.ordersFrom)).toHaveAccessibleDescription(
      locale === "de" ? /Datum/ : /date/,
    );
    await page.goto(pathTo("panel-orders", locale, { id: eventId }));

    // The CSV export opens in German Excel: UTF-8 with BOM, semicolons.
    const csv = await page.request.get(
      await page
        .getByRole("link", { name: t.ordersExport })
        .getAttribute("href")
        .then((href) => href!),
    );
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((line) => line.split(";"));
    expect(rows).toHaveLength(2);
    // In the page's language: its header and the order's status.
    expect(rows[0]![0]).toBe(locale === "de" ? "Bestellnummer" : "Order number");
    expect(rows[1]![0]).toBe(String(orderId));
    expect(rows[1]).toContain("erika@example.com");

    // Send the confirmation again, then cancel and refund the order.
    await page
      .getByRole("link", { name: fill(t.orderNumberValue, { id: String(orderId) }) })
      .click();
    await expectNoViolations(page);
    await page.getByRole("button", { name: t.resendSubmit }).click();
    await expect(page.getByText(t.resendDone)).toBeVisible();
    // The money goes back only once ticked: without the tick the browser keeps the form and
    // points at it, and the server refuses a post without it (posted as the form would be
    // without the browser's own checks, with the Origin a browser sends).
    const refundConfirm = page.getByRole("checkbox", { name: t.refundConfirm, exact: true });
    const refundButton = page.getByRole("button", { name: t.refundSubmit });
    await refundButton.click();
    await expect(refundConfirm).toBeFocused();
    const unconfirmed = await page.request.post(page.url(), {
      headers: { origin: baseURL as string },
      form: { intent: "refund" },
    });
    expect(unconfirmed.status()).toBe(400);
    expect(await unconfirmed.text()).toContain(t.confirmRequired.refund);
    // The form's own post without the browser's check: the error is the checkbox's.
    await refundConfirm.evaluate((box: HTMLInputElement) => {
      box.form!.noValidate = true;
    });
    await refundButton.click();
    await expect(refundConfirm).toHaveAttribute("aria-invalid", "true");
    await expect(refundConfirm).toHaveAccessibleDescription(t.confirmRequired.refund);
    await expect(page.getByText(t.orderStatus.paid, { exact: true })).toBeVisible();
    await expectNoViolations(page);
    await refundConfirm.check();
    await refundButton.click();
    // The refund's form went with the paid status: the focus is on the notice.
    await expect(page.locator("#order-done")).toHaveText(t.refundDone);
    await expect(page.locator("#order-done")).toBeFocused();
    await expect(page.getByText(t.orderStatus.refunded, { exact: true })).toBeVisible();
    await context.close();
  });
}

// --- Steps that cannot be undone take a tick --------------------------------------------------

/** A new organiser, approved by the operator through the API, with their API token's header. */
async function approvedOrganiser(request: APIRequestContext, company: string) {
  const credentials = await registerOrganiser(request, company);
  const operator = { authorization: `Bearer ${await accessToken(request, admin)}` };
  const pending = await request.get(panelPaths.organisers, {
    headers: operator,
    params: { status: "pending" },
  });
  const applicant = ((await pending.json()) as { data: OrganiserApplication[] }).data.find(
    (entry) => entry.email === credentials.email,
  )!;
  const approved = await request.post(
    fillPath(panelPaths.approveOrganiser, { id: applicant.user_id }),
    { headers: operator },
  );
  expect(approved.status(), await approved.text()).toBe(200);
  const token = await accessToken(request, credentials);
  return { ...credentials, headers: { authorization: `Bearer ${token}` } };
}

/** The `data` of an API answer that must be 201 Created. */
async function created<T>(response: APIResponse): Promise<T> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A draft of the organiser's a year ahead, made through the API, with two ticket types and a
 * voucher; `publish` publishes it (a door link's event).
 */
async function eventThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  { publish = false } = {},
) {
  const [venue] = (
    (await (await request.get(panelPaths.venues, { headers })).json()) as {
      data: { id: number }[];
    }
  ).data;
  const [category] = (
    (await (await request.get(apiPaths.eventCategories)).json()) as {
      data: { id: number }[];
    }
  ).data;
  const year = new Date().getFullYear() + 1;
  const event = await created<{ id: number }>(
    await request.post(panelPaths.events, {
      headers,
      data: {
        title_de: `Häkchenabend ${Date.now()}`,
        title_en: `Tick evening ${Date.now()}`,
        description_de: "Ein Abend mit Musik.",
        description_en: "An evening of music.",
        category_id: category!.id,
        venue_id: venue!.id,
        starts_at: `${year}-06-01T19:00:00+02:00`,
        ends_at: `${year}-06-01T22:00:00+02:00`,
        age_limit: null,
      },
    }),
  );
  const types: PanelTicketType[] = [];
  for (const [name_de, name_en] of [
    ["Stehplatz", "Standing"],
    ["Sitzplatz", "Seated"],
  ]) {
    types.push(
      await created<PanelTicketType>(
        await request.post(fillPath(panelPaths.ticketTypes, { id: event.id }), {
          headers,
          data: { name_de, name_en, price_cents: 2500, capacity: 50 },
        }),
      ),
    );
  }
  const voucher = await created<PanelVoucher>(
    await request.post(fillPath(panelPaths.vouchers, { id: event.id }), {
      headers,
      data: {
        code: `TICK-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
        kind: "percent",
        value: 10,
      },
    }),
  );
  if (publish) {
    const published = await request.post(fillPath(panelPaths.publishEvent, { id: event.id }), {
      headers,
    });
    expect(published.status(), await published.text()).toBe(200);
  }
  return { eventId: event.id, types, voucher };
}

/** The event as the API has it now: its status, types (closed or not) and vouchers. */
async function eventState(
  request: APIRequestContext,
  headers: Record<string, string>,
  eventId: number,
) {
  const event = (
    (await (
      await request.get(fillPath(panelPaths.event, { id: eventId }), { headers })
    ).json()) as { data: PanelEvent }
  ).data;
  const vouchers = (
    (await (
      await request.get(fillPath(panelPaths.vouchers, { id: eventId }), { headers })
    ).json()) as { data: PanelVoucher[] }
  ).data;
  return {
    status: event.status,
    types: event.ticket_types.map((type) => ({ id: type.id, closed: type.closed })),
    vouchers: vouchers.map((voucher) => ({ id: voucher.id, active: voucher.active })),
  };
}

/** Lets the checkbox's form post without its tick, as a browser that skips the check would. */
const skipBrowserCheck = (checkbox: Locator) =>
  checkbox.evaluate((box: HTMLInputElement) => {
    box.form!.noValidate = true;
  });

/** A page of a new browser that speaks the language (the login lands on its home page). */
async function browserIn(browser: Browser, baseURL: string | undefined, locale: Locale) {
  const context = await browser.newContext({
    baseURL,
    locale: locale === "de" ? "de-DE" : "en-GB",
  });
  return context.newPage();
}

for (const locale of ["de", "en"] as const satisfies Locale[]) {
  const t = texts[locale];
  test(`event page: deleting or closing a ticket type, deactivating a voucher and cancelling the event take a tick (${locale})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const organiser = await approvedOrganiser(request, `Häkchenbühne ${locale} ${Date.now()}`);
    const { eventId, types, voucher } = await eventThroughApi(request, organiser.headers);
    const [doomed, closing] = types as [PanelTicketType, PanelTicketType];
    const nameOf = (type: PanelTicketType) => (locale === "en" ? type.name_en : type.name_de);
    const steps = [
      {
        intent: "deleteType",
        target: doomed.id,
        confirm: fill(t.typeDeleteConfirm, { name: nameOf(doomed) }),
        button: fill(t.typeDelete, { name: nameOf(doomed) }),
        required: t.confirmRequired.deleteType,
        done: t.done.deleteType,
      },
      {
        intent: "closeType",
        target: closing.id,
        confirm: fill(t.typeCloseConfirm, { name: nameOf(closing) }),
        button: fill(t.typeClose, { name: nameOf(closing) }),
        required: t.confirmRequired.closeType,
        done: t.done.closeType,
      },
      {
        intent: "deactivateVoucher",
        target: voucher.id,
        confirm: fill(t.voucherDeactivateConfirm, { code: voucher.code }),
        button: fill(t.voucherDeactivate, { code: voucher.code }),
        required: t.confirmRequired.deactivateVoucher,
        done: t.done.deactivateVoucher,
      },
      {
        intent: "cancel",
        target: null,
        confirm: t.cancelConfirm,
        button: t.cancelEvent,
        required: t.confirmRequired.cancel,
        done: t.done.cancel,
      },
    ] as const;
    const before = await eventState(request, organiser.headers, eventId);
    expect(before).toEqual({
      status: "draft",
      types: [
        { id: doomed.id, closed: false },
        { id: closing.id, closed: false },
      ],
      vouchers: [{ id: voucher.id, active: true }],
    });

    const page = await browserIn(browser, baseURL, locale);
    await loginAs(page, locale, organiser);
    const eventPath = pathTo("panel-event", locale, { id: eventId });
    // The server refuses each step posted without the tick (as the form would be without the
    // browser's own checks, with the Origin a browser sends), and names the tick.
    for (const step of steps) {
      const refused = await page.request.post(eventPath, {
        headers: { origin: baseURL as string },
        form: { intent: step.intent, ...(step.target ? { target: String(step.target) } : {}) },
      });
      expect(refused.status(), step.intent).toBe(400);
      expect(await refused.text()).toContain(step.required);
    }
    expect(await eventState(request, organiser.headers, eventId)).toEqual(before);

    await page.goto(eventPath);
    await waitForHydration(page);
    await expectNoViolations(page);
    const notice = page.locator("#event-saved");
    for (const step of steps) {
      const checkbox = page.getByRole("checkbox", { name: step.confirm, exact: true });
      const button = page.getByRole("button", { name: step.button, exact: true });
      // Without the tick the browser keeps the form and points at the checkbox.
      await button.click();
      await expect(checkbox).toBeFocused();
      expect(await checkbox.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(
        true,
      );
      // Without the browser's check the server says why, at the checkbox.
      await skipBrowserCheck(checkbox);
      await button.click();
      await expect(checkbox).toHaveAttribute("aria-invalid", "true");
      await expect(checkbox).toHaveAccessibleDescription(step.required);
      await expect(notice).toHaveCount(0);
      expect(await eventState(request, organiser.headers, eventId)).toEqual(before);
    }
    await expectNoViolations(page);

    // Ticked (the first with the keyboard) each step is done, and as its button went with it,
    // the focus is on the notice that says so.
    for (const [index, step] of steps.entries()) {
      const checkbox = page.getByRole("checkbox", { name: step.confirm, exact: true });
      const button = page.getByRole("button", { name: step.button, exact: true });
      if (index === 0) {
        await checkbox.focus();
        await page.keyboard.press("Space");
        await expect(checkbox).toBeChecked();
        await button.focus();
        await page.keyboard.press("Enter");
      } else {
        await checkbox.check();
        await button.click();
      }
      await expect(notice).toHaveText(step.done);
      await expect(notice).toBeFocused();
      await expect(button).toHaveCount(0);
    }
    expect(await eventState(request, organiser.headers, eventId)).toEqual({
      status: "cancelled",
      types: [{ id: closing.id, closed: true }],
      vouchers: [{ id: voucher.id, active: false }],
    });
    await expect(page.getByText(t.status.cancelled, { exact: true })).toBeVisible();
    await expectNoViolations(page);
    await page.context().close();
  });

  test(`deleting the newest ticket type keeps what is typed for a new one (${locale})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const organiser = await approvedOrganiser(request, `Tippbühne ${locale} ${Date.now()}`);
    const { eventId, types } = await eventThroughApi(request, organiser.headers);
    const newest = types.reduce((a, b) => (a.id > b.id ? a : b));
    const name = locale === "en" ? newest.name_en : newest.name_de;
    const page = await browserIn(browser, baseURL, locale);
    await loginAs(page, locale, organiser);
    await page.goto(pathTo("panel-event", locale, { id: eventId }));
    await waitForHydration(page);
    await page.getByLabel(t.typeNameDe, { exact: true }).fill("Halb getippt");
    await page
      .getByRole("checkbox", { name: fill(t.typeDeleteConfirm, { name }), exact: true })
      .check();
    await page.getByRole("button", { name: fill(t.typeDelete, { name }), exact: true }).click();
    await expect(page.locator("#event-saved")).toHaveText(t.done.deleteType);
    await expect(page.getByLabel(t.typeNameDe, { exact: true })).toHaveValue("Halb getippt");
    await page.context().close();
  });

  test(`door screen: revoking a door link takes a tick (${locale})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const organiser = await approvedOrganiser(request, `Einlassbühne ${locale} ${Date.now()}`);
    const { eventId } = await eventThroughApi(request, organiser.headers, { publish: true });
    const gate = locale === "en" ? "Side door" : "Seiteneingang";
    const link = await created<DoorLink>(
      await request.post(fillPath(doorPaths.links, { id: eventId }), {
        headers: organiser.headers,
        data: { gate },
      }),
    );
    const links = async () =>
      (
        (await (
          await request.get(fillPath(doorPaths.links, { id: eventId }), {
            headers: organiser.headers,
          })
        ).json()) as { data: DoorLink[] }
      ).data.map((entry) => entry.revoked_at);

    const page = await browserIn(browser, baseURL, locale);
    await loginAs(page, locale, organiser);
    const doorPath = `${pathTo("account-door", locale)}?event=${eventId}`;
    const refused = await page.request.post(doorPath, {
      headers: { origin: baseURL as string },
      form: { event: String(eventId), id: String(link.id), intent: "revoke" },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(doorTexts[locale].revokeConfirmRequired);
    expect(await links()).toEqual([null]);

    const d = doorTexts[locale];
    await page.goto(doorPath);
    await waitForHydration(page);
    const section = page.locator("#door-links");
    const checkbox = section.getByRole("checkbox", {
      name: fill(d.revokeConfirm, { gate }),
      exact: true,
    });
    const button = section.getByRole("button", { name: fill(d.revokeLabel, { gate }) });
    await button.click();
    await expect(checkbox).toBeFocused();
    await skipBrowserCheck(checkbox);
    await button.click();
    await expect(checkbox).toHaveAccessibleDescription(d.revokeConfirmRequired);
    await expect(section).toContainText(d.states.active);
    expect(await links()).toEqual([null]);
    await expectNoViolations(page);

    await checkbox.check();
    await button.click();
    await expect(page.locator("#door-link-revoked")).toHaveText(d.revoked);
    await expect(page.locator("#door-link-revoked")).toBeFocused();
    await expect(section).toContainText(d.states.revoked);
    expect(await links()).toEqual([expect.any(String)]);
    await page.context().close();
  });
}

test("the event page's steps work without JavaScript, and reloading repeats none (de)", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const t = texts.de;
  const organiser = await approvedOrganiser(request, `Skriptlose Bühne ${Date.now()}`);
  const { eventId, types } = await eventThroughApi(request, organiser.headers);
  const doomed = types[0]!;
  const context = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled: false });
  const page = await context.newPage();
  await loginAs(page, "de", organiser);
  await page.goto(pathTo("panel-event", "de", { id: eventId }));
  // A success comes back as a page of its own (post, redirect, get): reloading it posts nothing.
  await page.getByLabel(t.typeNameDe, { exact: true }).fill("Abendkasse");
  await page.getByLabel(t.typeNameEn, { exact: true }).fill("Box office");
  await page.getByLabel(t.typeNewPrice, { exact: true }).fill("30");
  await page.getByLabel(t.typeNewCapacity, { exact: true }).fill("20");
  await page.getByRole("button", { name: t.typeAdd }).click();
  await expect(page.locator("#event-saved")).toHaveText(t.done.addType);
  await page.reload();
  await expect(page.locator("#event-saved")).toHaveText(t.done.addType);
  const added = (await eventState(request, organiser.headers, eventId)).types;
  expect(added).toHaveLength(3);
  // A voucher of the doomed type alone goes with it: the tick names it.
  const own = `EIGEN-${Date.now()}`;
  const made = await request.post(fillPath(panelPaths.vouchers, { id: eventId }), {
    headers: organiser.headers,
    data: { code: own, kind: "percent", value: 10, ticket_type_id: doomed.id },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.reload();
  const deleteButton = page.getByRole("button", {
    name: fill(t.typeDelete, { name: doomed.name_de }),
  });
  // Not ticked: the browser itself keeps the plain form from posting.
  await deleteButton.click();
  expect(await eventState(request, organiser.headers, eventId)).toMatchObject({
    types: [{ id: doomed.id }, { id: types[1]!.id }, { id: added[2]!.id }],
  });
  await page
    .getByRole("checkbox", {
      name: `Ich möchte die Ticketart „${doomed.name_de}“ löschen, und mit ihr ihren Gutschein ${own}.`,
    })
    .check();
  await deleteButton.click();
  await expect(page.locator("#event-saved")).toHaveText(t.done.deleteType);
  await expect(deleteButton).toHaveCount(0);
  await page.reload();
  await expect(page.locator("#event-saved")).toHaveText(t.done.deleteType);
  await page.getByRole("checkbox", { name: t.cancelConfirm }).check();
  await page.getByRole("button", { name: t.cancelEvent }).click();
  await expect(page.locator("#event-saved")).toHaveText(t.done.cancel);
  expect(await eventState(request, organiser.headers, eventId)).toMatchObject({
    status: "cancelled",
    types: [{ id: types[1]!.id }, { id: added[2]!.id }],
  });
  // The door screen says why the cancelled event takes no door links, and offers none.
  await page.goto(`${pathTo("account-door", "de")}?event=${eventId}`);
  await expect(page.getByTestId("door-refused-event")).toContainText("abgesagt");
  await expect(page.getByRole("button", { name: doorTexts.de.create })).toHaveCount(0);
  await context.close();
});

for (const locale of locales) {
  const t = texts[locale];
  const pages = pagination[locale];
  test(`the operator finds applications by search and pages through them, with and without JavaScript (${locale})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.slow();
    const marker = `Suchbühne ${locale} ${Date.now()}`;
    const companies = [1, 2, 3].map((n) => `${marker} ${n}`);
    // One after the other: the list is in application order.
    for (const company of companies) await registerOrganiser(request, company);
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({
        baseURL,
        locale: locale === "de" ? "de-DE" : "en-GB",
        javaScriptEnabled,
      });
      const page = await context.newPage();
      const shown = (company: string) =>
        page.getByRole("heading", { level: 2, name: company, exact: true });
      await loginAs(page, locale, admin);
      await page.goto(pathTo("panel-organisers", locale));
      await expect(
        page.getByRole("heading", { level: 1, name: t.organisersHeading }),
      ).toBeVisible();
      await searchOrganisers(page, locale, marker);
      for (const company of companies) await expect(shown(company)).toBeVisible();

      // Two a page (the page size stays in the address, as a bookmark keeps it): two pages.
      await page.goto(`${page.url()}&per_page=2`);
      await expect(shown(companies[0]!)).toBeVisible();
      await expect(shown(companies[1]!)).toBeVisible();
      await expect(shown(companies[2]!)).toHaveCount(0);
      const nav = page.getByRole("navigation", { name: pages.label });
      await expect(nav).toContainText(fill(pages.pageOf, { page: "1", pages: "2" }));
      if (javaScriptEnabled) await expectNoViolations(page);
      await nav.getByRole("link", { name: pages.next }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.searchParams.get("page") === "2" &&
          url.searchParams.get("per_page") === "2" &&
          url.searchParams.get("q") === marker &&
          url.searchParams.get("status") === "pending",
      );
      await expect(shown(companies[2]!)).toBeVisible();
      await expect(shown(companies[0]!)).toHaveCount(0);
      await expect(
        nav.getByRole("link", { name: fill(pages.page, { page: "2" }) }),
      ).toHaveAttribute("aria-current", "page");

      // Back: the first page again, the search still in its field.
      await page.goBack();
      await expect(shown(companies[0]!)).toBeVisible();
      await expect(shown(companies[2]!)).toHaveCount(0);
      await expect(page.getByRole("search").getByLabel(t.organisersSearch)).toHaveValue(marker);

      // Another state keeps the search: none of these applications was rejected.
      await page
        .getByRole("navigation", { name: t.organisersFilter })
        .getByRole("link", { name: t.organiserFilter.rejected })
        .click();
      await expect(page).toHaveURL(
        (url) =>
          url.searchParams.get("status") === "rejected" && url.searchParams.get("q") === marker,
      );
      await expect(page.getByText(t.organisersNoMatch)).toBeVisible();

      if (!javaScriptEnabled) {
        // Rejecting the only application of the last page empties it: the page that is now the
        // last one shows, with the confirmation.
        await page.goBack();
        await nav.getByRole("link", { name: pages.next }).click();
        // A reason the API refuses (over 1,000 characters) comes back in its field, marked.
        const long = "Die Steuernummer fehlt. ".repeat(50);
        await page.getByLabel(t.reviewReason).fill(long);
        await page
          .getByRole("button", { name: fill(t.reject, { company: companies[2]! }) })
          .click();
        await expect(page.getByLabel(t.reviewReason)).toHaveAttribute("aria-invalid", "true");
        await expect(page.getByLabel(t.reviewReason)).toHaveValue(long);
        await page.getByLabel(t.reviewReason).fill("Die Steuernummer fehlt.");
        await page
          .getByRole("button", { name: fill(t.reject, { company: companies[2]! }) })
          .click();
        await expect(page.getByText(t.reviewDone.reject)).toBeVisible();
        await expect(shown(companies[0]!)).toBeVisible();
        await expect(shown(companies[1]!)).toBeVisible();
        await expect(shown(companies[2]!)).toHaveCount(0);
      }
      await context.close();
    }
  });
}

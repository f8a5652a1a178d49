import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import {
  apiPaths,
  type CheckoutOrder,
  checkoutPaths,
  type EventDetail,
  type EventList,
  fillPath,
  type Locale,
  localeHeader,
  orderTokenHeader,
  serviceFeeCents,
  type TicketType,
} from "@eventwerk/contract";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import accountDe from "../app/i18n/messages/de/account.json" with { type: "json" };
import buyDe from "../app/i18n/messages/de/buy.json" with { type: "json" };
import checkoutDe from "../app/i18n/messages/de/checkout.json" with { type: "json" };
import formsDe from "../app/i18n/messages/de/forms.json" with { type: "json" };
import accountEn from "../app/i18n/messages/en/account.json" with { type: "json" };
import buyEn from "../app/i18n/messages/en/buy.json" with { type: "json" };
import checkoutEn from "../app/i18n/messages/en/checkout.json" with { type: "json" };
import { pathTo, resources } from "../app/route-table";
import {
  germanBrowser,
  locales,
  login,
  loginAs,
  mailAttachments,
  newestMailTo,
  test,
  uniqueEmail,
  waitForHydration,
} from "./support";

test.use(germanBrowser);

const texts = {
  de: { ...checkoutDe, buy: buyDe, account: accountDe },
  en: { ...checkoutEn, buy: buyEn, account: accountEn },
} as const;
/** The demo voucher of the seed (README): 10 % off every upcoming demo event. */
const voucher = "DEMO10";

type SaleEvent = { event: EventDetail; types: [TicketType, TicketType]; path: string };

/** An upcoming event with two paid ticket types on sale, names in the page's language. */
async function saleEvent(request: APIRequestContext, locale: Locale): Promise<SaleEvent> {
  const headers = { [localeHeader]: locale };
  for (let page = 1; page <= 10; page++) {
    const list = (await (
      await request.get(`${apiPaths.events}?per_page=50&page=${page}&sort=date`, { headers })
    ).json()) as EventList;
    for (const summary of list.data.filter((entry) => entry.availability === "on_sale")) {
      // Tomorrow's events may close their sale during the test.
      if (Date.parse(summary.starts_at) < Date.now() + 3 * 86_400_000) continue;
      const { data: event } = (await (
        await request.get(`${apiPaths.events}/${summary.id}`, { headers })
      ).json()) as { data: EventDetail };
      const types = event.ticket_types.filter(
        (type) =>
          type.availability === "on_sale" &&
          type.price_cents > 0 &&
          type.remaining >= 20 &&
          type.max_per_order >= 2 &&
          type.sales_end === null,
      );
      if (types.length >= 2) {
        return {
          event,
          types: [types[0]!, types[1]!],
          path: pathTo("event", locale, { slug: event.slugs[locale], id: event.id }),
        };
      }
    }
  }
  throw new Error("no upcoming demo event with two ticket types on sale");
}

/** A ticket type of some other event. */
async function anotherEventsType(request: APIRequestContext, eventId: number) {
  const list = (await (await request.get(`${apiPaths.events}?per_page=10`)).json()) as EventList;
  const other = list.data.find((entry) => entry.id !== eventId)!;
  const { data: event } = (await (await request.get(`${apiPaths.events}/${other.id}`)).json()) as {
    data: EventDetail;
  };
  return event.ticket_types[0]!;
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    })),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

const quantityLabel = (locale: Locale, type: TicketType) =>
  texts[locale].buy.quantity.replace("{name}", type.name);

/** Chooses one ticket of each type on the event page and holds them. */
async function chooseAndHold(page: Page, locale: Locale, sale: SaleEvent, scripts = true) {
  await page.goto(sale.path);
  for (const type of sale.types) {
    await page.getByLabel(quantityLabel(locale, type), { exact: true }).selectOption("1");
  }
  if (scripts) {
    // The running total holds the sale price and the service fee of each chosen ticket.
    const cents = sale.types.reduce((sum, type) => {
      const price = Math.min(type.price_cents, type.discount_price_cents ?? type.price_cents);
      return sum + price + serviceFeeCents(price, sale.event.service_fee);
    }, 0);
    const amount = (cents / 100).toFixed(2);
    await expect(page.getByTestId("buy-total")).toContainText(
      locale === "de" ? amount.replace(".", ",") : amount,
    );
  }
  await page.getByRole("button", { name: texts[locale].buy.submit }).click();
  await expect(page).toHaveURL((url) => /^\/(kasse|en\/checkout)\/\d+$/.test(url.pathname));
  await expect(page.getByTestId("test-mode")).toHaveText(texts[locale].testMode);
  return Number(new URL(page.url()).pathname.split("/").at(-1));
}

/** Voucher, buyer details, terms, the order button; then the test provider's page. */
async function completeCheckout(
  page: Page,
  locale: Locale,
  buyer: { name: string; email: string } | null,
  provider: "test" | "stripe" = "test",
  /** Fills the billing address, after the voucher's post has reloaded the page. */
  billing?: () => Promise<void>,
) {
  const t = texts[locale].page;
  await page.getByLabel(t.voucherCode, { exact: true }).fill(voucher);
  await page.getByRole("button", { name: t.voucherApply }).click();
  await expect(page.getByText(t.voucherApplied.replace("{code}", voucher))).toBeVisible();
  await expect(page.getByRole("cell", { name: /−/ }).first()).toBeVisible();
  if (buyer) {
    const details = page.getByRole("form", { name: t.buyerHeading });
    await details.getByLabel(t.buyerName, { exact: true }).fill(buyer.name);
    await details.getByLabel(t.buyerEmail, { exact: true }).fill(buyer.email);
  }
  await billing?.();
  await page.getByLabel(t.terms.replace(/<\/?link>/g, ""), { exact: true }).check();
  await page.getByRole("button", { name: t.placeOrder }).click();
  if (provider === "stripe") {
    await expect(page).toHaveURL((url) => url.pathname.startsWith("/pay/cs_test_"));
    return;
  }
  await expect(page).toHaveURL((url) => /^\/(testzahlung|en\/test-payment)\//.test(url.pathname));
  await expect(page.getByTestId("test-mode")).toHaveText(texts[locale].testMode);
}

const billingAddress = {
  title: "Rechnung Konzert",
  line: "Kastanienallee 12",
  postalCode: "10435",
};

/** Types a billing address into the address book's fields and ticks "save" (signed in, German). */
async function typeAndSaveBillingAddress(page: Page) {
  const t = texts.de.page;
  const form = page.getByRole("form", { name: t.buyerHeading });
  await form.getByRole("radio", { name: t.billingNew }).check();
  await form.getByLabel(accountDe.addressTitle).fill(billingAddress.title);
  await form.getByLabel(accountDe.recipient).fill("Erika Muster");
  await form.getByLabel(formsDe.line).fill(billingAddress.line);
  await form.getByLabel(formsDe.postalCode).fill(billingAddress.postalCode);
  await form.getByLabel(formsDe.country, { exact: true }).selectOption({ label: "Deutschland" });
  const city = form.getByLabel(formsDe.city, { exact: true });
  // The country's cities load after it is chosen.
  await expect(city.getByRole("option", { name: "Berlin", exact: true })).toHaveCount(1);
  await city.selectOption({ label: "Berlin" });
  await form.getByLabel(t.billingSave).check();
}

/** Pays on the test provider's page and waits on the return page until the order is paid. */
async function payAndReturn(page: Page, locale: Locale) {
  // The provider's page says until when it takes the payment: the payment window's end.
  const payBy = page.getByRole("term").filter({ hasText: texts[locale].payment.payBy });
  await expect(payBy.locator("+ dd")).toHaveText(/\d{1,2}:\d{2}/);
  await page.getByRole("button", { name: texts[locale].payment.success }).click();
  await expectPaid(page, locale);
}

/** The return page, once the webhook has come: paid, with a QR code per ticket. */
async function expectPaid(page: Page, locale: Locale) {
  await expect(page).toHaveURL((url) => url.pathname === pathTo("ticket-buy-status", locale));
  await expect(page.getByTestId("test-mode")).toHaveText(texts[locale].testMode);
  // The webhook comes through the outbox: pending first, then the page checks again by itself.
  await expect(page.getByRole("heading", { name: texts[locale].status.paidTitle })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole("img", { name: texts[locale].status.qrAlt.split("{")[0]!.trim() }),
  ).toHaveCount(2);
}

const startsWith = (body: Buffer, text: string) =>
  body.subarray(0, text.length).toString() === text;

/**
 * The return page's files of a paid order of two tickets, through the web server (which asks the
 * API with the buyer's login or order cookie): all tickets as a PDF (a real download), each ticket
 * as one, the event's .ics. Answers the PDF's address.
 */
async function expectOrderFiles(page: Page, locale: Locale): Promise<string> {
  const t = texts[locale].status;
  const all = page.getByRole("link", { name: t.ticketsPdf, exact: true });
  const [download] = await Promise.all([page.waitForEvent("download"), all.click()]);
  expect(download.suggestedFilename()).toMatch(/^tickets-\d+\.pdf$/);
  expect(startsWith(await readFile((await download.path())!), "%PDF")).toBe(true);
  const each = page.getByRole("link", { name: new RegExp(t.ticketPdf.replace("{code}", "\\d+")) });
  await expect(each).toHaveCount(2);
  for (const link of await each.all()) {
    const pdf = await page.request.get((await link.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(startsWith(await pdf.body(), "%PDF")).toBe(true);
  }
  const calendar = await page.request.get(
    (await page.getByRole("link", { name: t.calendar, exact: true }).getAttribute("href"))!,
  );
  expect(calendar.headers()["content-type"]).toContain("text/calendar");
  expect(await calendar.text()).toContain("BEGIN:VCALENDAR");
  return (await all.getAttribute("href"))!;
}

/** The confirmation mail carries the tickets' PDF and the event's .ics. */
async function expectMailAttachments(email: string, orderId: number) {
  const mail = await newestMailTo(email);
  expect(mail.text).toContain(String(orderId));
  const attachments = await mailAttachments(mail);
  const pdf = attachments.find((file) => file.filename === `tickets-${orderId}.pdf`);
  expect(pdf?.contentType).toBe("application/pdf");
  expect(startsWith(pdf!.body, "%PDF")).toBe(true);
  const ics = attachments.find((file) => file.filename.endsWith(".ics"));
  expect(ics?.contentType).toBe("text/calendar");
  expect(ics!.body.toString("utf8")).toContain("BEGIN:VCALENDAR");
}

async function registerVisitor(request: APIRequestContext, locale: Locale) {
  const person = {
    name: locale === "de" ? "Jürgen" : "Harriet",
    surname: "Käufer",
    email: uniqueEmail(`checkout-${locale}`),
    password: "sicher-passwort-1",
  };
  const response = await request.post(apiPaths.register, {
    headers: { [localeHeader]: locale },
    data: { ...person, accept_terms: true, preferred_locale: locale },
  });
  expect(response.status(), await response.text()).toBe(201);
  return person;
}

for (const locale of locales) {
  test.describe(`buying tickets (${locale})`, () => {
    // Whole purchases: many pages, and the webhook's way through the outbox.
    test.describe.configure({ timeout: 120_000 });
    test("signed in: two types with a voucher through the test provider, then in the account", async ({
      page,
      request,
    }) => {
      const sale = await saleEvent(request, locale);
      const person = await registerVisitor(request, locale);
      await loginAs(page, locale, person);
      const orderId = await chooseAndHold(page, locale, sale);
      await expect(page.getByLabel(texts[locale].page.buyerEmail, { exact: true })).toHaveValue(
        person.email,
      );
      await expectNoViolations(page);
      // In one language: the typed billing address is kept in the account's address book.
      const billing = locale === "de" ? () => typeAndSaveBillingAddress(page) : undefined;
      await completeCheckout(page, locale, null, "test", billing);
      await expectNoViolations(page);
      await payAndReturn(page, locale);
      await expectNoViolations(page);
      await expectOrderFiles(page, locale);
      await page.goto(pathTo("account-tickets", locale));
      const tickets = page.getByRole("listitem").filter({ hasText: sale.event.title });
      await expect(tickets).toHaveCount(2);
      await expect(tickets.first().getByRole("img")).toBeVisible();
      await expectMailAttachments(person.email, orderId);
      if (billing) {
        await page.goto(pathTo("account-addresses", locale));
        const saved = page.getByRole("listitem").filter({ hasText: billingAddress.title });
        await expect(saved).toHaveCount(1);
        await expect(saved).toContainText(billingAddress.line);
        await expect(saved).toContainText(`${billingAddress.postalCode} Berlin`);
      }
    });

    test("as a guest: the same, with name and email, and the return page by its token", async ({
      browser,
      request,
      baseURL,
    }) => {
      const sale = await saleEvent(request, locale);
      const context = await browser.newContext({ baseURL, ...germanBrowser });
      const page = await context.newPage();
      const email = uniqueEmail(`guest-${locale}`);
      const orderId = await chooseAndHold(page, locale, sale);
      const cookies = await context.cookies();
      const orderCookie = cookies.find((cookie) => cookie.name === `order_${orderId}`);
      expect(orderCookie?.httpOnly, "the order's token stays out of scripts").toBe(true);
      await completeCheckout(page, locale, { name: "Gast Käufer", email });
      await payAndReturn(page, locale);
      expect(new URL(page.url()).searchParams.get("token")).toBeTruthy();
      const pdfPath = await expectOrderFiles(page, locale);
      await expectMailAttachments(email, orderId);
      // Someone else's browser with the order id only sees nothing.
      const stranger = await browser.newContext({ baseURL, ...germanBrowser });
      expect((await stranger.request.get(pdfPath)).status()).toBe(404);
      // Nor does another signed-in user.
      const otherUser = await stranger.newPage();
      await login(otherUser, locale);
      expect((await otherUser.request.get(pdfPath)).status()).toBe(404);
      await stranger.clearCookies();
      const other = await stranger.newPage();
      const response = await other.goto(pathTo("checkout", locale, { id: orderId }));
      expect(response!.status()).toBe(404);
      await other.goto(`${pathTo("ticket-buy-status", locale)}?order=${orderId}`);
      await expect(
        other.getByRole("heading", { name: texts[locale].status.paidTitle }),
      ).toHaveCount(0);
      await stranger.close();
      await context.close();
    });
  });
}

test("on a phone the order's amounts stay in view; the unit price and discount go under them", async ({
  browser,
  baseURL,
  request,
}) => {
  const t = texts.en.page;
  const context = await browser.newContext({
    baseURL,
    locale: "en-GB",
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    const sale = await saleEvent(request, "en");
    await chooseAndHold(page, "en", sale);
    const summary = page.getByRole("region", { name: t.summary });
    const amount = summary.getByRole("columnheader", { name: t.lineTotal });
    const card = (await summary.boundingBox())!;
    const box = (await amount.boundingBox())!;
    expect(box.x + box.width, "the amount column's right edge").toBeLessThanOrEqual(
      card.x + card.width,
    );
    await expect(summary.getByRole("columnheader", { name: t.unitPrice })).toBeHidden();
    const [first] = sale.types;
    await expect(summary.getByRole("row", { name: new RegExp(first.name) })).toContainText(
      `${t.unitPrice}: `,
    );
  } finally {
    await context.close();
  }
});

for (const locale of locales) {
  test(`a free ticket skips payment: the return page confirms it, as no payment was received (${locale})`, async ({
    page,
    request,
  }) => {
    const headers = { [localeHeader]: locale };
    const list = (await (
      await request.get(`${apiPaths.events}?per_page=100&free=true&sort=date`, { headers })
    ).json()) as EventList;
    let free: { path: string; type: TicketType } | undefined;
    for (const summary of list.data.filter((entry) => entry.availability === "on_sale")) {
      const { data: event } = (await (
        await request.get(`${apiPaths.events}/${summary.id}`, { headers })
      ).json()) as { data: EventDetail };
      const type = event.ticket_types.find(
        (entry) =>
          entry.availability === "on_sale" && entry.price_cents === 0 && entry.remaining > 2,
      );
      if (!type) continue;
      free = { type, path: pathTo("event", locale, { slug: event.slugs[locale], id: event.id }) };
      break;
    }
    expect(free, "the demo data has a free event on sale").toBeDefined();
    await page.goto(free!.path);
    await page.getByLabel(quantityLabel(locale, free!.type), { exact: true }).selectOption("1");
    await page.getByRole("button", { name: texts[locale].buy.submit }).click();
    const t = texts[locale].page;
    const details = page.getByRole("form", { name: t.buyerHeading });
    await details.getByLabel(t.buyerName, { exact: true }).fill("Frei Karte");
    await details.getByLabel(t.buyerEmail, { exact: true }).fill(uniqueEmail("free"));
    await page.getByLabel(t.terms.replace(/<\/?link>/g, ""), { exact: true }).check();
    await page.getByRole("button", { name: t.placeOrder }).click();
    await expect(page).toHaveURL((url) => url.pathname === pathTo("ticket-buy-status", locale));
    await expect(page.getByRole("heading", { name: texts[locale].status.freeTitle })).toBeVisible();
    await expect(page.getByRole("heading", { name: texts[locale].status.paidTitle })).toHaveCount(
      0,
    );
  });
}

test("a payment under way at the provider: the checkout page goes on to the return page, which waits", async ({
  page,
  request,
}) => {
  const sale = await saleEvent(request, "de");
  const orderId = await chooseAndHold(page, "de", sale);
  await completeCheckout(page, "de", { name: "Gast Käufer", email: uniqueEmail("pending-de") });
  // The bank confirms 30 seconds later.
  await page.getByRole("button", { name: texts.de.payment.pending }).click();
  await expect(page).toHaveURL((url) => url.pathname === pathTo("ticket-buy-status", "de"));
  await expect(page.getByRole("heading", { name: texts.de.status.pendingTitle })).toBeVisible();
  // Back to the checkout's address: no form to change or pay an order already being paid.
  await page.goto(pathTo("checkout", "de", { id: orderId }));
  await expect(page).toHaveURL((url) => url.pathname === pathTo("ticket-buy-status", "de"));
  await expect(page.getByRole("heading", { name: texts.de.status.pendingTitle })).toBeVisible();
  await expect(page.getByRole("link", { name: texts.de.status.continuePayment })).toHaveCount(0);
});

test("order files: other names, ids and methods are refused; a guest gets nobody's files", async ({
  request,
  baseURL,
}) => {
  const file = (id: string, name: string) => fillPath(resources.orderFile.path, { id, file: name });
  for (const [id, name] of [
    ["abc", "tickets.pdf"],
    ["99999999999", "tickets.pdf"],
    ["1", "tickets.zip"],
    ["1", "ticket-x.pdf"],
    ["1", "ticket-.pdf"],
    ["1", "../tickets.pdf"],
    // The demo visitor's orders: nobody else's, and a guest has no order cookie for them.
    ["1", "tickets.pdf"],
    ["1", "calendar.ics"],
    ["1", "ticket-1.pdf"],
  ] as const) {
    const response = await request.get(file(id, name));
    expect(response.status(), `${id}/${name}`).toBe(404);
  }
  const post = await request.post(file("1", "tickets.pdf"), {
    headers: { origin: baseURL! },
    form: { a: "1" },
  });
  expect(post.status()).toBe(405);
});

for (const locale of locales) {
  test(`pays with the fake Stripe (${locale}): its hosted page, the signed webhook, then in the account`, async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(120_000);
    // The server with PAYMENT_PROVIDER=stripe and the fake of Stripe's API (playwright.config.ts).
    const origin = process.env.E2E_STRIPE_URL!;
    const api = await playwright.request.newContext({ baseURL: origin });
    const sale = await saleEvent(api, locale);
    const person = await registerVisitor(api, locale);
    const context = await browser.newContext({ baseURL: origin, ...germanBrowser });
    const page = await context.newPage();
    await loginAs(page, locale, person);
    const orderId = await chooseAndHold(page, locale, sale);
    await completeCheckout(page, locale, null, "stripe");
    // Stripe's hosted page (the fake's). Its "Cancel" returns to the shop without paying: the
    // return page offers the payment again instead of waiting for one.
    await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === pathTo("ticket-buy-status", locale));
    await expect(
      page.getByRole("heading", { name: texts[locale].status.unpaidTitle }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: texts[locale].status.pendingTitle }),
    ).toHaveCount(0);
    await page.getByRole("link", { name: texts[locale].status.continuePayment }).click();
    // Paying sends the signed webhook and returns to the shop.
    await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expectPaid(page, locale);
    expect(new URL(page.url()).searchParams.get("order")).toBe(String(orderId));
    await page.goto(pathTo("account-tickets", locale));
    const tickets = page.getByRole("listitem").filter({ hasText: sale.event.title });
    await expect(tickets).toHaveCount(2);
    await expect(tickets.first().getByRole("img")).toBeVisible();
    await context.close();
    await api.dispose();
  });
}

test("a hold runs out: the page says so and starts again with the same selection", async ({
  page,
  request,
}) => {
  // HOLD_MINUTES is 1 on the test server (playwright.config.ts).
  test.setTimeout(150_000);
  const sale = await saleEvent(request, "de");
  await chooseAndHold(page, "de", sale);
  await expect(page.getByRole("timer")).toBeVisible();
  await expect(page.getByRole("heading", { name: texts.de.page.expiredTitle })).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByRole("button", { name: texts.de.page.placeOrder })).toHaveCount(0);
  // The server says so too.
  await page.reload();
  await expect(page.getByRole("heading", { name: texts.de.page.expiredTitle })).toBeVisible();
  await page.getByRole("link", { name: texts.de.page.startAgain }).click();
  await expect(page).toHaveURL((url) => url.pathname === sale.path);
  for (const type of sale.types) {
    await expect(page.getByLabel(quantityLabel("de", type), { exact: true })).toHaveValue("1");
  }
});

test("without JavaScript: the whole purchase works as plain form posts", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, ...germanBrowser });
  const page = await context.newPage();
  const sale = await saleEvent(request, "de");
  await chooseAndHold(page, "de", sale, false);
  // The server renders the time left.
  await expect(page.getByRole("timer")).toHaveText(/^\d+:\d\d$/);
  await completeCheckout(page, "de", { name: "Ohne Skript", email: uniqueEmail("nojs") });
  await payAndReturn(page, "de");
  await context.close();
});

test("without JavaScript: two guests behind one address, on the same cached page, each get an order of their own", async ({
  browser,
  baseURL,
  request,
}) => {
  const sale = await saleEvent(request, "de");
  const [type] = sale.types;
  const guests = await Promise.all(
    [1, 2].map(async () => {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled: false,
        ...germanBrowser,
      });
      return { context, page: await context.newPage() };
    }),
  );
  try {
    const nonceOf = (page: Page) => page.locator('input[name="nonce"]').inputValue();
    // The guest page cache answers both with one rendering (the same form nonce). Other tests
    // open the same demo event, so the first may get an entry that expires before the second
    // asks: each try has an address of its own, which no earlier entry (nor the browsers' own
    // caches, revalidating what they showed) can answer.
    for (let attempt = 0; attempt < 3; attempt++) {
      const address = `${sale.path}?try=${Date.now()}-${attempt}`;
      for (const { page } of guests) await page.goto(address);
      if ((await nonceOf(guests[0]!.page)) === (await nonceOf(guests[1]!.page))) break;
    }
    expect(await nonceOf(guests[0]!.page)).toBe(await nonceOf(guests[1]!.page));
    const orders: number[] = [];
    for (const { page } of guests) {
      await page.getByLabel(quantityLabel("de", type), { exact: true }).selectOption("1");
      await page.getByRole("button", { name: texts.de.buy.submit }).click();
      await expect(page).toHaveURL((url) => /^\/kasse\/\d+$/.test(url.pathname));
      orders.push(Number(new URL(page.url()).pathname.split("/").at(-1)));
    }
    expect(orders[1]).not.toBe(orders[0]);
  } finally {
    for (const { context } of guests) await context.close();
  }
});

test("without JavaScript: a guest's second post of the same ticket form holds nothing more", async ({
  browser,
  baseURL,
  request,
}) => {
  const userAgent = "Eventwerk e2e, no scripts";
  const sale = await saleEvent(request, "de");
  const [type] = sale.types;
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    ...germanBrowser,
    userAgent,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${sale.path}?try=${Date.now()}`);
    const nonce = await page.locator('input[name="nonce"]').inputValue();
    // The page's own nonce, as the page cache may give everyone.
    expect(nonce).toMatch(/^page-/);
    await page.getByLabel(quantityLabel("de", type), { exact: true }).selectOption("1");
    await page.getByRole("button", { name: texts.de.buy.submit }).click();
    await expect(page).toHaveURL((url) => /^\/kasse\/\d+$/.test(url.pathname));
    // On the way the browser got its id, and sent the post once more with it.
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain("browser");
    // What a second click sends: the same form, from the same browser. The same order answers.
    const again = await context.request.post(sale.path, {
      form: { nonce, [`qty_${type.id}`]: "1" },
      headers: { origin: new URL(baseURL!).origin, "user-agent": userAgent },
      maxRedirects: 0,
    });
    expect(again.status(), await again.text()).toBe(302);
    expect(new URL(again.headers().location!, baseURL).pathname).toBe(new URL(page.url()).pathname);
  } finally {
    await context.close();
  }
});

test("a place without the terms' tick shows every other error of the form at once", async ({
  page,
  request,
}) => {
  const t = texts.de.page;
  const sale = await saleEvent(request, "de");
  await chooseAndHold(page, "de", sale);
  const details = page.getByRole("form", { name: t.buyerHeading });
  await details.getByLabel(t.buyerName, { exact: true }).fill("");
  await details.getByLabel(t.buyerEmail, { exact: true }).fill("foo@");
  // What the browser's own checks would stop reaches the server from older browsers and scripts.
  await details.evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await page.getByRole("button", { name: t.placeOrder }).click();
  await expect(page.getByText(t.termsRequired)).toBeVisible();
  for (const label of [t.buyerName, t.buyerEmail]) {
    await expect(details.getByLabel(label, { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
  }
});

test("without JavaScript: a signed-in buyer's typed billing address goes into the address book", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const t = texts.de.page;
  const person = await registerVisitor(request, "de");
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, ...germanBrowser });
  const page = await context.newPage();
  await loginAs(page, "de", person);
  const sale = await saleEvent(request, "de");
  await chooseAndHold(page, "de", sale, false);
  const form = page.getByRole("form", { name: t.buyerHeading });
  const terms = page.getByLabel(t.terms.replace(/<\/?link>/g, ""), { exact: true });
  await form.getByRole("radio", { name: t.billingNew }).check();
  await form.getByLabel(accountDe.addressTitle).fill(billingAddress.title);
  await form.getByLabel(accountDe.recipient).fill("Ohne Skript");
  await form.getByLabel(formsDe.line).fill(billingAddress.line);
  await form.getByLabel(formsDe.postalCode).fill(billingAddress.postalCode);
  await form.getByLabel(formsDe.country, { exact: true }).selectOption({ label: "Deutschland" });
  await form.getByLabel(t.billingSave).check();
  await terms.check();
  await page.getByRole("button", { name: t.placeOrder }).click();
  // No script loads the country's cities: the post answers them, with the city missing and
  // everything typed kept.
  const city = form.getByLabel(formsDe.city, { exact: true });
  await expect(city.getByRole("option", { name: "Berlin", exact: true })).toHaveCount(1);
  await expect(form.getByLabel(formsDe.line)).toHaveValue(billingAddress.line);
  await expect(form.getByLabel(t.billingSave)).toBeChecked();
  await city.selectOption({ label: "Berlin" });
  await terms.check();
  await page.getByRole("button", { name: t.placeOrder }).click();
  await expect(page).toHaveURL((url) => /^\/(testzahlung|en\/test-payment)\//.test(url.pathname));
  await page.goto(pathTo("account-addresses", "de"));
  const saved = page.getByRole("listitem").filter({ hasText: billingAddress.title });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText(`${billingAddress.postalCode} Berlin`);
  await context.close();
});

/** The API's message for each empty field that the choice needs (the postcode's too: not "short"). */
const requiredError = {
  de: "Bitte füllen Sie dieses Feld aus.",
  en: "Please fill in this field.",
};
/** The demo visitor's saved (default) address of the seed, as its radio names it. */
const demoAddress = /^Lena Hoffmann, Kastanienallee 12, 10435 /;

/** The billing section's choices and the first field of a new address (signed in or a guest). */
function billingSection(page: Page, locale: Locale, signedIn: boolean) {
  const t = texts[locale].page;
  const section = page.getByRole("region", { name: t.billingHeading });
  return {
    section,
    saved: section.getByRole("radio", { name: demoAddress }),
    typeNew: section.getByRole("radio", { name: t.billingNew }),
    none: section.getByRole("radio", { name: t.billingNone }),
    first: section.getByLabel(signedIn ? texts[locale].account.addressTitle : t.recipient, {
      exact: true,
    }),
  };
}

/** Shown or hidden, but there: a hidden field that is missing would pass `toBeHidden` too. */
async function expectShown(field: Locator, shown: boolean) {
  await expect(field).toHaveCount(1);
  await (shown ? expect(field).toBeVisible() : expect(field).toBeHidden());
}

/** A guest's free-text address fields: label, and what the tests type. */
const guestAddress = (locale: Locale) => {
  const t = texts[locale].page;
  return [
    [t.recipient, "Nur Rechnung"],
    [t.line, "Kastanienallee 12"],
    [t.postalCode, "10435"],
    [t.city, "Berlin"],
    [t.country, "Deutschland"],
  ] as const;
};

/** The billing address the API keeps on a guest's order (read with the order's cookie). */
async function billingOf(page: Page, orderId: number) {
  const cookie = (await page.context().cookies()).find(({ name }) => name === `order_${orderId}`);
  const response = await page.request.get(fillPath(checkoutPaths.order, { id: orderId }), {
    headers: { [orderTokenHeader]: decodeURIComponent(cookie!.value) },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: CheckoutOrder }).data.billing_address;
}

for (const locale of locales) {
  test.describe(`the billing address's fields (${locale})`, () => {
    test.describe.configure({ timeout: 120_000 });
    const t = texts[locale].page;

    test("a guest sees them only while 'new' is chosen; the keyboard goes on into them; 'none' places the order", async ({
      page,
      request,
    }) => {
      const sale = await saleEvent(request, locale);
      const orderId = await chooseAndHold(page, locale, sale);
      const billing = billingSection(page, locale, false);
      await completeCheckout(
        page,
        locale,
        { name: "Gast Ohne Adresse", email: uniqueEmail("billing") },
        "test",
        async () => {
          await waitForHydration(page);
          await expect(billing.none).toBeChecked();
          await expectShown(billing.first, false);
          // From the chosen radio, the arrow key chooses "new" (focus stays in the group)…
          await billing.none.focus();
          await page.keyboard.press("ArrowUp");
          await expect(billing.typeNew).toBeChecked();
          await expect(billing.typeNew).toBeFocused();
          await expectShown(billing.first, true);
          // …and the next Tab is the address's first field.
          await page.keyboard.press("Tab");
          await expect(billing.first).toBeFocused();
          await billing.first.fill("Nicht Gewählt");
          await expectNoViolations(page);
          await billing.none.check();
          await expectShown(billing.first, false);
          await expectNoViolations(page);
        },
      );
      expect(await billingOf(page, orderId)).toBeNull();
    });

    test("the demo visitor's saved address hides them; 'new' shows them; 'none' places the order", async ({
      page,
      request,
    }) => {
      await login(page, locale);
      const sale = await saleEvent(request, locale);
      await chooseAndHold(page, locale, sale);
      const billing = billingSection(page, locale, true);
      await completeCheckout(page, locale, null, "test", async () => {
        await waitForHydration(page);
        await expect(billing.saved).toBeChecked();
        await expectShown(billing.first, false);
        await billing.saved.focus();
        await page.keyboard.press("ArrowDown");
        await expect(billing.typeNew).toBeChecked();
        await expectShown(billing.first, true);
        await page.keyboard.press("Tab");
        await expect(billing.first).toBeFocused();
        await expectNoViolations(page);
        await billing.none.check();
        await expectShown(billing.first, false);
        await expect(billing.section.getByLabel(t.billingSave)).toBeHidden();
      });
    });

    test("a refused order, then a voucher: what the buyer chose and typed stays, guest and signed in", async ({
      page,
      request,
    }) => {
      const sale = await saleEvent(request, locale);
      const terms = page.getByLabel(t.terms.replace(/<\/?link>/g, ""), { exact: true });
      const refuseThenVoucher = async () => {
        await terms.check();
        await page.getByRole("button", { name: t.placeOrder }).click();
        await expect(page.getByText(requiredError[locale]).first()).toBeVisible();
        await page.getByLabel(t.voucherCode, { exact: true }).fill(voucher);
        await page.getByRole("button", { name: t.voucherApply }).click();
        await expect(page.getByText(t.voucherApplied.replace("{code}", voucher))).toBeVisible();
      };

      // A guest types all but the postal code.
      await chooseAndHold(page, locale, sale);
      await waitForHydration(page);
      const guest = billingSection(page, locale, false);
      const details = page.getByRole("form", { name: t.buyerHeading });
      await details.getByLabel(t.buyerName, { exact: true }).fill("Gast Mit Adresse");
      await details.getByLabel(t.buyerEmail, { exact: true }).fill(uniqueEmail("kept"));
      await guest.typeNew.check();
      const typed = guestAddress(locale).filter(([label]) => label !== t.postalCode);
      for (const [label, value] of typed) {
        await guest.section.getByLabel(label, { exact: true }).fill(value);
      }
      await refuseThenVoucher();
      await expect(guest.typeNew).toBeChecked();
      for (const [label, value] of typed) {
        await expect(guest.section.getByLabel(label, { exact: true }), label).toHaveValue(value);
      }
      await expect(terms).toBeChecked();

      // Signed in: a new address with only its title, instead of the saved one.
      await login(page, locale);
      await chooseAndHold(page, locale, sale);
      await waitForHydration(page);
      const buyer = billingSection(page, locale, true);
      await buyer.typeNew.check();
      await buyer.first.fill("Nur ein Titel");
      await refuseThenVoucher();
      await expect(buyer.typeNew).toBeChecked();
      await expect(buyer.first).toHaveValue("Nur ein Titel");
    });

    test("without JavaScript, a guest: 'new' left empty names each field; 'new' places the typed address; 'none' keeps nothing typed", async ({
      browser,
      baseURL,
      request,
    }) => {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled: false,
        ...germanBrowser,
      });
      const page = await context.newPage();
      const sale = await saleEvent(request, locale);
      const billing = billingSection(page, locale, false);
      const buyer = { name: "Ohne Skript", email: uniqueEmail("billing-nojs") };
      const terms = page.getByLabel(t.terms.replace(/<\/?link>/g, ""), { exact: true });

      const typedOrder = await chooseAndHold(page, locale, sale, false);
      await completeCheckout(page, locale, buyer, "test", async () => {
        await expect(billing.none).toBeChecked();
        await expectShown(billing.first, false);
        // CSS shows the fields of the checked choice: no script needed.
        await billing.typeNew.check();
        await expectShown(billing.first, true);
        await terms.check();
        await page.getByRole("button", { name: t.placeOrder }).click();
        // The page comes back with "new" still chosen and each field's own error beside it.
        await expect(billing.typeNew).toBeChecked();
        for (const [label] of guestAddress(locale)) {
          const field = billing.section.getByLabel(label, { exact: true });
          await expect(field).toBeVisible();
          await expect(field).toHaveAttribute("aria-invalid", "true");
          await expect(field).toHaveAccessibleDescription(requiredError[locale]);
        }
        for (const [label, value] of guestAddress(locale)) {
          await billing.section.getByLabel(label, { exact: true }).fill(value);
        }
      });
      expect(await billingOf(page, typedOrder)).toEqual({
        recipient: "Nur Rechnung",
        line: "Kastanienallee 12",
        postal_code: "10435",
        city: "Berlin",
        country: "Deutschland",
      });

      const untypedOrder = await chooseAndHold(page, locale, sale, false);
      await completeCheckout(page, locale, buyer, "test", async () => {
        await billing.typeNew.check();
        for (const [label, value] of guestAddress(locale)) {
          await billing.section.getByLabel(label, { exact: true }).fill(value);
        }
        // Typed, then not chosen: hidden, though posted all the same.
        await billing.none.check();
        await expectShown(billing.first, false);
      });
      expect(await billingOf(page, untypedOrder)).toBeNull();
      await context.close();
    });

    test("without JavaScript, signed in: a saved address or 'none' places the order and keeps nothing typed", async ({
      browser,
      baseURL,
      request,
    }) => {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled: false,
        ...germanBrowser,
      });
      const page = await context.newPage();
      await login(page, locale);
      const sale = await saleEvent(request, locale);
      const billing = billingSection(page, locale, true);
      const title = `Nie gespeichert ${Date.now()}`;
      for (const choice of [billing.saved, billing.none]) {
        await chooseAndHold(page, locale, sale, false);
        await completeCheckout(page, locale, null, "test", async () => {
          await expect(billing.saved).toBeChecked();
          await billing.typeNew.check();
          await billing.first.fill(title);
          await billing.section.getByLabel(t.billingSave).check();
          await choice.check();
          await expectShown(billing.first, false);
        });
      }
      // The typed address with its "save" tick was never the choice: not in the address book.
      await page.goto(pathTo("account-addresses", locale));
      await expect(page.getByRole("listitem").filter({ hasText: "Zuhause" })).toHaveCount(1);
      await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
      await context.close();
    });
  });
}

test.describe("bad input on the ticket form", () => {
  /** Posted as the page's form would be, with the Origin a browser sends. */
  async function post(
    request: APIRequestContext,
    origin: string,
    path: string,
    form: Record<string, string>,
  ) {
    const response = await request.post(path, {
      headers: { origin },
      form,
      maxRedirects: 0,
    });
    return { status: response.status(), html: await response.text(), headers: response.headers() };
  }

  test("tampered prices, bad quantities, another event's ticket type: a clear error, no order", async ({
    page,
    request,
    baseURL,
  }) => {
    const origin = baseURL as string;
    const sale = await saleEvent(request, "de");
    const other = await anotherEventsType(request, sale.event.id);
    const [first] = sale.types;
    const base = { nonce: "e2e-bad-input-nonce" };
    const cases: [Record<string, string>, string][] = [
      [
        { ...base, [`qty_${first.id}`]: "1", [`price_${first.id}`]: "1" },
        texts.de.buy.errors.tampered,
      ],
      [{ ...base, [`qty_${first.id}`]: "1", total_cents: "0" }, texts.de.buy.errors.tampered],
      [{ ...base, [`qty_${first.id}`]: "-2" }, texts.de.buy.errors.quantity],
      [{ ...base, [`qty_${first.id}`]: "1.5" }, texts.de.buy.errors.quantity],
      [{ ...base, [`qty_${first.id}`]: "0" }, texts.de.buy.errors.none],
    ];
    for (const [form, message] of cases) {
      const answer = await post(request, origin, sale.path, form);
      expect(answer.status, JSON.stringify(form)).toBe(400);
      // The page's alert, not the catalogue the page carries for the browser.
      expect(answer.html).toContain(`<p>${message}</p>`);
      expect(answer.headers["set-cookie"] ?? "").not.toContain("order_");
    }
    // A ticket type of another event, or more than one order may take: the API's own words.
    const foreign = await post(request, origin, sale.path, { ...base, [`qty_${other.id}`]: "1" });
    expect(foreign.status).toBe(400);
    expect(foreign.html).toContain(
      "<p>Diese Ticketart gibt es bei dieser Veranstaltung nicht.</p>",
    );
    expect(foreign.headers["set-cookie"] ?? "").not.toContain("order_");
    // Another buyer's order (the demo visitor's first): not found, nothing changed.
    const foreignOrder = await post(request, origin, pathTo("checkout", "de", { id: 1 }), {
      intent: "cancel",
    });
    expect(foreignOrder.status).toBe(404);
    await page.goto(`${pathTo("ticket-buy-status", "de")}?order=1`);
    await expect(page.getByRole("heading", { name: texts.de.status.paidTitle })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const tooMany = await post(request, origin, sale.path, { ...base, [`qty_${first.id}`]: "99" });
    expect(tooMany.status).toBe(400);
    expect(tooMany.html).toContain(
      "<p>So viele Tickets dieser Art sind pro Bestellung nicht möglich.</p>",
    );
  });
});

test("signing in on the checkout page keeps the hold and makes the order the account's", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const t = texts.de.page;
  const sale = await saleEvent(request, "de");
  const person = await registerVisitor(request, "de");
  const orderId = await chooseAndHold(page, "de", sale);
  const left = await page.getByRole("timer").textContent();
  // A voucher of nobody's, then one of another event: each its own message.
  await page.getByLabel(t.voucherCode, { exact: true }).fill("GIBTESNICHT");
  await page.getByRole("button", { name: t.voucherApply }).click();
  await expect(page.getByText("Diesen Gutscheincode gibt es nicht.")).toBeVisible();
  const signIn = page.getByRole("region", { name: t.signInHeading });
  await signIn.getByLabel(t.signInEmail, { exact: true }).fill(person.email);
  await signIn.getByLabel(t.signInPassword, { exact: true }).fill(person.password);
  await signIn.getByRole("button", { name: t.signInSubmit }).click();
  await expect(page).toHaveURL((url) => url.pathname === pathTo("checkout", "de", { id: orderId }));
  await expect(
    page.getByText(t.signedInAs.replace("{name}", `${person.name} ${person.surname}`)),
  ).toBeVisible();
  await expect(page.getByRole("timer")).toBeVisible();
  expect(left).toMatch(/^\d+:\d\d$/);
  const details = page.getByRole("form", { name: t.buyerHeading });
  await expect(details.getByLabel(t.buyerEmail, { exact: true })).toHaveValue(person.email);
  // The order is the account's now: readable with the login alone, without the guest cookie.
  await page.context().clearCookies({ name: `order_${orderId}` });
  await page.reload();
  await expect(page.getByRole("heading", { name: t.summary })).toBeVisible();
});

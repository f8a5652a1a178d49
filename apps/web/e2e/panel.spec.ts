import AxeBuilder from "@axe-core/playwright";
import { apiPaths, type Locale } from "@eventwerk/contract";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import panelDe from "../app/i18n/messages/de/panel.json" with { type: "json" };
import panelEn from "../app/i18n/messages/en/panel.json" with { type: "json" };
import { pathTo } from "../app/route-table";
import { buyTicket, loadsSiteChunk, loginAs, newestMailTo, sitemapFiles, test } from "./support";

const texts = { de: panelDe, en: panelEn } as const;
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
    await page.getByLabel(t.venue, { exact: true }).selectOption({ index: 1 });
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
    }
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

    // The sale on the dashboard and in the orders list.
    await page.goto(pathTo("panel", locale));
    const row = page.getByRole("row", { name: new RegExp(title) }).first();
    await expect(row).toContainText(fill(t.figures.soldOf, { sold: "1", capacity: "100" }));
    await page.goto(pathTo("panel-orders", locale, { id: eventId }));
    await expect(
      page.getByRole("link", { name: fill(t.orderNumberValue, { id: String(orderId) }) }),
    ).toBeVisible();
    await expectNoViolations(page);

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
    expect(rows[1]![0]).toBe(String(orderId));
    expect(rows[1]).toContain("erika@example.com");

    // Send the confirmation again, then cancel and refund the order.
    await page
      .getByRole("link", { name: fill(t.orderNumberValue, { id: String(orderId) }) })
      .click();
    await expectNoViolations(page);
    await page.getByRole("button", { name: t.resendSubmit }).click();
    await expect(page.getByText(t.resendDone)).toBeVisible();
    await page.getByLabel(t.refundConfirm).check();
    await page.getByRole("button", { name: t.refundSubmit }).click();
    await expect(page.getByText(t.refundDone)).toBeVisible();
    await expect(page.getByText(t.orderStatus.refunded, { exact: true })).toBeVisible();
    await context.close();
  });
}

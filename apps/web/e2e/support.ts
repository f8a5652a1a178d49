import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  apiPaths,
  checkoutPaths,
  fillPath,
  type Locale,
  orderTokenHeader,
  type TokenResponse,
} from "@eventwerk/contract";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  devices,
  expect,
  type Page,
} from "@playwright/test";
import loginDe from "../app/i18n/messages/de/login.json" with { type: "json" };
import metaDe from "../app/i18n/messages/de/meta.json" with { type: "json" };
import navDe from "../app/i18n/messages/de/nav.json" with { type: "json" };
import loginEn from "../app/i18n/messages/en/login.json" with { type: "json" };
import metaEn from "../app/i18n/messages/en/meta.json" with { type: "json" };
import navEn from "../app/i18n/messages/en/nav.json" with { type: "json" };
import { type PageKey, pages, pathTo, type Page as RoutePage, resources } from "../app/route-table";

export const locales = ["de", "en"] as const satisfies readonly Locale[];
export const other = (locale: Locale): Locale => (locale === "de" ? "en" : "de");

export const SITE = "Eventwerk";

/** The demo visitor of the seed data. */
export const visitor = { email: "visitor@eventwerk.example", password: "eventwerk-demo-1" };
/** The demo organiser of the seed data (the door demo's concert is theirs). */
export const organiser = { email: "organiser@eventwerk.example", password: "eventwerk-demo-1" };

/** A current desktop Chrome; the first-visit redirect ignores bots, so tests must not look like one. */
export const chromeUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
export const googlebotUserAgent =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * A German browser: without it the first visit to `/` would follow the machine's locale. Use with
 * `test.use(germanBrowser)` in every spec that is not about language detection.
 */
export const germanBrowser = { locale: "de-DE" } as const;

export const catalogues = {
  de: { meta: metaDe, login: loginDe, nav: navDe },
  en: { meta: metaEn, login: loginEn, nav: navEn },
} as const;

/** Params for the pages with params: an event by slug and id, and a content page that exists. */
export function paramsFor(key: PageKey): Record<string, string | number> {
  return key === "content-page" ? { id: 1 } : { slug: "jazz-im-park", id: 12 };
}

/**
 * The event route with the demo event's real slugs: the seed's titles depend on the day it ran,
 * and a slug that is not the event's own answers a 301 to it.
 */
export async function withEventSlugs(
  route: RouteCase,
  request: APIRequestContext,
): Promise<RouteCase> {
  if (route.key !== "event") return route;
  const id = Number(paramsFor("event").id);
  const event = (await (await request.get(`/api/v1/events/${id}`)).json()) as {
    data: { slugs: Record<Locale, string> };
  };
  const paths = {
    de: pathTo("event", "de", { slug: event.data.slugs.de, id }),
    en: pathTo("event", "en", { slug: event.data.slugs.en, id }),
  };
  return { ...route, path: paths[route.locale], paths };
}

/** Pages whose title comes from their content (CMS pages, events). */
export const cmsBacked = (entry: RoutePage) =>
  "cms" in entry || entry.key === "content-page" || entry.key === "event";

export type RouteCase = {
  page: RoutePage;
  key: PageKey;
  locale: Locale;
  path: string;
  /** The page's path in both languages, as the route table has them. */
  paths: Record<Locale, string>;
};

/**
 * Pages of one order (checkout, the test provider's page): only its buyer may see them, so a
 * guest's visit is a 404; `checkout.spec.ts` opens them in a purchase and runs axe on them.
 */
export const orderPages: ReadonlySet<PageKey> = new Set<PageKey>(["checkout", "test-payment"]);

/** Every page of the route table in both languages but the order pages: 70 routes. */
export const routeCases: RouteCase[] = pages.flatMap((entry) => {
  if (orderPages.has(entry.key)) return [];
  const params = paramsFor(entry.key);
  const paths = {
    de: pathTo(entry.key, "de", params),
    en: pathTo(entry.key, "en", params),
  };
  return locales.map((locale) => ({
    page: entry,
    key: entry.key,
    locale,
    path: paths[locale],
    paths,
  }));
});

/** The `<title>` a page shows from the meta catalogue (the home page has the site tagline). */
export function expectedTitle(key: PageKey, locale: Locale): string {
  if (key === "home")
    return locale === "de"
      ? "Eventwerk – Veranstaltungen & Tickets"
      : "Eventwerk – Events & tickets";
  const meta = catalogues[locale].meta as Record<string, { title: string }>;
  const entry = meta[key];
  if (!entry) throw new Error(`No meta title for '${key}' (${locale})`);
  return `${entry.title} – ${SITE}`;
}

/** A fresh browser context that speaks one language, as a normal Chrome. */
export async function contextWithLanguage(
  browser: Browser,
  baseURL: string | undefined,
  acceptLanguage: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    userAgent: chromeUserAgent,
    locale: acceptLanguage.split(",")[0],
    extraHTTPHeaders: { "Accept-Language": acceptLanguage },
    ...options,
  });
}

/** Fills the login form of the current page (already on the login page) and submits it. */
export async function submitLogin(
  page: Page,
  locale: Locale,
  credentials: { email: string; password: string } = visitor,
) {
  const texts = catalogues[locale].login;
  const form = page.locator("main");
  await form.getByLabel(texts.email, { exact: true }).fill(credentials.email);
  await form.getByLabel(texts.password, { exact: true }).fill(credentials.password);
  await form.getByRole("button", { name: texts.submit, exact: true }).click();
}

/** Logs the demo visitor in through the form and waits until the home page is shown. */
export async function login(page: Page, locale: Locale = "de") {
  await page.goto(pathTo("login", locale));
  await submitLogin(page, locale);
  await expect(page).toHaveURL((url) => url.pathname === pathTo("home", locale));
  await expect(accountLink(page, locale)).toBeVisible();
}

/** The header's link to the account page of a logged-in visitor ("Konto von …"). */
export function accountLink(page: Page, locale: Locale) {
  const prefix = catalogues[locale].nav.accountOf.replace("{name}", "");
  return page.getByRole("banner").getByRole("link", { name: prefix });
}

/** The header button that opens the language dialog. */
export function languageButton(page: Page) {
  return page
    .getByRole("banner")
    .getByRole("button", { name: /sprache|language/i })
    .first();
}

export const languageDialog = (page: Page) => page.getByRole("dialog", { name: "Change Language" });

/** Cookies of a context by name. */
export async function cookieJar(context: BrowserContext) {
  return new Map((await context.cookies()).map((cookie) => [cookie.name, cookie]));
}

/**
 * `guestPage`: a fresh tab without cookies in a context that lives as long as the worker, so the
 * browser's cache of the app's scripts and fonts stays warm across the many route tests.
 */
export const test = base.extend<{ guestPage: Page }, { warmContext: BrowserContext }>({
  warmContext: [
    async ({ browser }, use, workerInfo) => {
      const { defaultBrowserType: _, ...desktopChrome } = devices["Desktop Chrome"];
      const context = await browser.newContext({
        ...desktopChrome,
        ...germanBrowser,
        baseURL: workerInfo.project.use.baseURL,
      });
      await use(context);
      await context.close();
    },
    { scope: "worker" },
  ],
  guestPage: async ({ warmContext }, use) => {
    await warmContext.clearCookies();
    const page = await warmContext.newPage();
    await use(page);
    await page.close();
  },
});

// --- Accounts ---------------------------------------------------------------------------------

/** An email address no other test uses (registrations must not collide across workers and runs). */
/**
 * The sitemap: the index's XML and that of each file it names, by path (the index's own first),
 * every one answered 200 as XML.
 */
export async function sitemapFiles(request: APIRequestContext): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const read = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(/^application\/xml\b/);
    const xml = await response.text();
    files.set(path, xml);
    return xml;
  };
  const index = await read(resources.sitemap.path);
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) await read(new URL(loc!).pathname);
  return files;
}

export const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;

type Buyer = { name: string; email: string; token?: string };

/**
 * Buys one ticket of the type through the checkout API and the test provider, and waits until the
 * webhook has made the order paid; answers its id. A guest's order unless `token` (a buyer's
 * access token) makes it that account's.
 */
export async function buyTicket(
  request: APIRequestContext,
  eventId: number,
  typeId: number,
  buyer?: Buyer,
) {
  return (await buyTicketWithToken(request, eventId, typeId, buyer)).id;
}

/** `buyTicket`, answering the order's token too (its return page's `?token=`). */
export async function buyTicketWithToken(
  request: APIRequestContext,
  eventId: number,
  typeId: number,
  buyer: Buyer = { name: "Erika Käuferin", email: "erika@example.com" },
) {
  const signedIn: Record<string, string> = buyer.token
    ? { authorization: `Bearer ${buyer.token}` }
    : {};
  const held = await request.post(checkoutPaths.orders, {
    headers: signedIn,
    data: { event_id: eventId, items: [{ ticket_type_id: typeId, quantity: 1 }] },
  });
  expect(held.status(), await held.text()).toBe(201);
  const { data: order, token } = (await held.json()) as { data: { id: number }; token: string };
  const headers = { ...signedIn, [orderTokenHeader]: token };
  const orderPath = fillPath(checkoutPaths.order, { id: order.id });
  await request.patch(orderPath, {
    headers,
    data: { buyer_name: buyer.name, buyer_email: buyer.email },
  });
  const placed = await request.post(fillPath(checkoutPaths.placeOrder, { id: order.id }), {
    headers,
    data: { accept_terms: true },
  });
  const { redirect_url } = (await placed.json()) as { redirect_url: string };
  const paymentId = redirect_url.split("/").at(-1)!;
  await request.post(fillPath(checkoutPaths.testPayment, { id: paymentId }), {
    data: { action: "success" },
  });
  // The webhook is delivered by the outbox: wait until the order is paid.
  await expect
    .poll(
      async () =>
        ((await (await request.get(orderPath, { headers })).json()) as { data: { status: string } })
          .data.status,
      { timeout: 20_000 },
    )
    .toBe("paid");
  return { id: order.id, token };
}

/** The web's OAuth client, as the e2e server's demo data has it. */
const oauthClient = { client_id: "eventwerk-web", client_secret: "eventwerk-web-dev-secret" };

/** An API access token of an account (the web's OAuth client, by password). */
export async function accessToken(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<string> {
  const token = await request.post(apiPaths.token, {
    form: {
      grant_type: "password",
      username: credentials.email,
      password: credentials.password,
      ...oauthClient,
    },
  });
  expect(token.status()).toBe(200);
  return ((await token.json()) as TokenResponse).access_token;
}

/**
 * Logs in through the form with any credentials and waits until the home page shows the header's
 * account link.
 */
export async function loginAs(
  page: Page,
  locale: Locale,
  credentials: { email: string; password: string },
) {
  await page.goto(pathTo("login", locale));
  await submitLogin(page, locale, credentials);
  await expect(page).toHaveURL((url) => url.pathname === pathTo("home", locale));
  await expect(accountLink(page, locale)).toBeVisible();
}

/**
 * Collects what goes wrong on a page from now on: uncaught errors and console errors. A hydration
 * mismatch, where React drops the server's HTML and renders again, is reported this way too.
 */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/**
 * Whether the page loads the site's chrome: the build's `site` chunk (`client-chunks.ts`), which
 * only the pages in the site's layout preload.
 */
export async function loadsSiteChunk(page: Page): Promise<boolean> {
  const scripts = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(scripts.length, "the page preloads its scripts").toBeGreaterThan(0);
  return scripts.some((script) => script.startsWith("/assets/site-"));
}

/**
 * Waits until React has hydrated the page: it attaches its fiber to the DOM nodes it adopts.
 * Needed before a change event that only a React handler acts on (the cascading place selects);
 * forms need no wait, as a post before hydration is a normal form post that works as well.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
  });
}

// --- Emails -----------------------------------------------------------------------------------

/** The bytes of quoted-printable text: soft line breaks joined, `=XX` escapes read as bytes. */
const quotedPrintableBytes = (value: string) =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    "latin1",
  );

/**
 * A header value with its encoded words (RFC 2047, `=?UTF-8?Q?…?=` or `?B?`) decoded. Adjacent
 * encoded words are joined as bytes first: a long subject is split into several, and a split may
 * fall inside a character.
 */
export function decodeHeader(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, "?==?");
  const parts: Buffer[] = [];
  let rest = 0;
  for (const match of joined.matchAll(/=\?[\w-]+\?([QB])\?([^?]*)\?=/gi)) {
    parts.push(Buffer.from(joined.slice(rest, match.index), "utf8"));
    const [, kind, text] = match as unknown as [string, string, string];
    parts.push(
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : quotedPrintableBytes(text.replace(/_/g, " ")),
    );
    rest = match.index + match[0].length;
  }
  parts.push(Buffer.from(joined.slice(rest), "utf8"));
  return Buffer.concat(parts).toString("utf8");
}

export type Mail = { file: string; to: string; subject: string; text: string };

/**
 * An .eml file as the API's outbox writes it (nodemailer, one text/plain part): headers unfolded
 * and decoded, the body decoded by its Content-Transfer-Encoding.
 */
export function parseMail(raw: string, file = ""): Mail {
  const normalised = raw.replace(/\r\n/g, "\n");
  const split = normalised.indexOf("\n\n");
  const head = split === -1 ? normalised : normalised.slice(0, split);
  const body = split === -1 ? "" : normalised.slice(split + 2);
  const headers = new Map<string, string>();
  // A header continues on the lines that start with white space.
  for (const line of head.replace(/\n(?=[ \t])/g, "").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? quotedPrintableBytes(body).toString("utf8")
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return {
    file,
    to: decodeHeader(headers.get("to") ?? ""),
    subject: decodeHeader(headers.get("subject") ?? ""),
    text,
  };
}

/** Where a server with that DATA_DIR writes its mails (SMTP_URL unset). */
export const outboxIn = (dataDir: string) => path.join(dataDir, "outbox");

/** The outbox of the e2e server (playwright.config.ts passes its DATA_DIR as E2E_DATA_DIR). */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return outboxIn(dataDir);
}

/**
 * Every mail to an address, oldest first (files are named `<epoch ms>-<message id>.eml`), in the
 * e2e server's outbox or another server's (`dir`).
 */
export async function mailsTo(address: string, dir = outboxDir()): Promise<Mail[]> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails: Mail[] = [];
  for (const file of files.filter((name) => name.endsWith(".eml"))) {
    const mail = parseMail(await readFile(path.join(dir, file), "utf8"), file);
    // "Name <address>" or the bare address.
    const to = /<([^>]+)>/.exec(mail.to)?.[1] ?? mail.to;
    if (to.toLowerCase() === address.toLowerCase()) mails.push(mail);
  }
  const stamp = (mail: Mail) => Number.parseInt(mail.file, 10);
  return mails.sort((a, b) => stamp(a) - stamp(b) || a.file.localeCompare(b.file));
}

export type MailAttachment = { filename: string; contentType: string; body: Buffer };

/** The attachments of a mail from the outbox (nodemailer's multipart/mixed), decoded. */
export async function mailAttachments(mail: Mail): Promise<MailAttachment[]> {
  const raw = (await readFile(path.join(outboxDir(), mail.file), "utf8")).replace(/\r\n/g, "\n");
  const boundaries = [...raw.matchAll(/boundary="?([^";\n]+)"?/g)].map((match) =>
    match[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  if (boundaries.length === 0) return [];
  const parts = raw.split(new RegExp(`\n--(?:${boundaries.join("|")})(?:--)?\n`));
  const attachments: MailAttachment[] = [];
  for (const part of parts) {
    const split = part.indexOf("\n\n");
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\n(?=[ \t])/g, "");
    if (!/^content-disposition:\s*attachment/im.test(head)) continue;
    const body = part.slice(split + 2);
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
    attachments.push({
      filename: decodeHeader(/filename="?([^";\n]+)"?/i.exec(head)?.[1] ?? ""),
      contentType: /^content-type:\s*([^;\n]+)/im.exec(head)?.[1]?.trim() ?? "",
      body:
        encoding === "base64"
          ? Buffer.from(body.replace(/\s/g, ""), "base64")
          : encoding === "quoted-printable"
            ? quotedPrintableBytes(body)
            : Buffer.from(body, "utf8"),
    });
  }
  return attachments;
}

/** The newest mail to an address; waits (polling, no fixed sleep) until there is one. */
export async function newestMailTo(
  address: string,
  count = 1,
  // Registration mails a link too, and the outbox may send it after a later mail.
  match: (mail: Mail) => boolean = () => true,
): Promise<Mail> {
  let mails: Mail[] = [];
  await expect
    .poll(
      async () => {
        mails = (await mailsTo(address)).filter(match);
        return mails.length;
      },
      { message: `mails to ${address} in ${outboxDir()}` },
    )
    .toBeGreaterThanOrEqual(count);
  return mails.at(-1)!;
}

// --- Accessibility -----------------------------------------------------------------------------

const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page; a failure lists each violation with the elements it found. */
export async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  if (violations.length > 0) {
    console.log(
      `axe violations on ${page.url()}:\n${violations
        .map((v) => `  ${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join("\n    ")}`)
        .join("\n")}`,
    );
  }
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/** `{name}` placeholders of a catalogue message filled in; unknown ones stay. */
export const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/**
 * An ICU `{count, plural, =0 {…} one {…} other {…}}` message for a count, as use-intl shows it:
 * `#` as the count, and a branch's own `{name}` arguments from `values`.
 */
export function plural(
  message: string,
  count: number,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  const branches = new Map(
    [...message.matchAll(/(=\d+|zero|one|two|few|many|other) \{((?:[^{}]|\{\w+\})*)\}/g)].map(
      (match) => [match[1]!, match[2]!] as const,
    ),
  );
  const branch =
    branches.get(`=${count}`) ??
    branches.get(new Intl.PluralRules(locale).select(count)) ??
    branches.get("other");
  if (branch === undefined) throw new Error(`No plural branch for ${count} in ${message}`);
  return fill(branch.replaceAll("#", new Intl.NumberFormat(locale).format(count)), values);
}

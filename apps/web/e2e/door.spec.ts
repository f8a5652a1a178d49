import { createPrivateKey, sign } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { doorPaths, localeHeader } from "@eventwerk/contract";
import { type Browser, type BrowserContext, chromium, expect, type Page } from "@playwright/test";
import QRCode from "qrcode";
import doorDe from "../app/i18n/messages/de/door.json" with { type: "json" };
import doorLinksDe from "../app/i18n/messages/de/doorLinks.json" with { type: "json" };
import panelDe from "../app/i18n/messages/de/panel.json" with { type: "json" };
import qrDe from "../app/i18n/messages/de/qr.json" with { type: "json" };
import { pathTo } from "../app/route-table";
import {
  expectNoViolations,
  germanBrowser,
  loadsSiteChunk,
  loginAs,
  organiser,
  test,
  visitor,
} from "./support";

test.use(germanBrowser);
// The scanner's tests share the demo concert's tickets: one after the other.
test.describe.configure({ mode: "serial" });

const demoEvent = "Hofkonzert heute Abend";

type DoorTicket = {
  id: number;
  status: "valid" | "cancelled";
  last: { entry_type: string } | null;
};

const baseUrlOf = (page: Page) => new URL(page.url()).origin;

/** What the test needs of the demo concert: its id, ticket type, and the signing key's id. */
async function demoConcert(page: Page) {
  await page.goto(pathTo("account-door", "de"));
  const value = await page
    .locator("#door-event option", { hasText: demoEvent })
    .getAttribute("value");
  const eventId = Number(value);
  const event = await (await page.request.get(`/api/v1/events/${eventId}`)).json();
  const [key] = (await (await page.request.get("/api/v1/ticket-keys")).json()).data;
  return { eventId, ticketTypeId: event.data.ticket_types[0].id as number, kid: key.kid as string };
}

/**
 * A ticket's code as the API signed it: the same payload with the same key (the server's key
 * file in its data directory) gives the same Ed25519 signature, so it is the ticket's own code.
 */
async function codeFor(payload: { kid: string; tid: number; eid: number; ttid: number }) {
  const pem = await readFile(
    path.join(process.env.E2E_DATA_DIR!, "keys", "jwt-ed25519.pem"),
    "utf8",
  );
  // The API's field order: the same bytes, the same signature.
  const { kid, tid, eid, ttid } = payload;
  const body = Buffer.from(JSON.stringify({ v: 1, kid, tid, eid, ttid }));
  const signature = sign(null, body, createPrivateKey(pem));
  return `${body.toString("base64url")}.${signature.toString("base64url")}`;
}

/** Creates a door link on the organiser's door screen and answers its address. */
async function createLink(page: Page, eventId: number, options: { gate: string; exits?: boolean }) {
  await page.goto(`${pathTo("account-door", "de")}?event=${eventId}`);
  await page.getByLabel(doorLinksDe.gate).fill(options.gate);
  if (options.exits) await page.getByLabel(doorLinksDe.mode).selectOption("entry_exit");
  await page.getByRole("button", { name: doorLinksDe.create }).click();
  const url = await page.locator("#door-link-url").inputValue();
  expect(url).toContain("link=door_");
  return url;
}

/** Revokes the event's door link of that gate on the door screen, ticking its confirmation. */
async function revokeLink(page: Page, eventId: number, gate: string) {
  await page.goto(`${pathTo("account-door", "de")}?event=${eventId}`);
  await page
    .getByRole("checkbox", { name: doorLinksDe.revokeConfirm.replace("{gate}", gate) })
    .check();
  await page.getByRole("button", { name: doorLinksDe.revokeLabel.replace("{gate}", gate) }).click();
  // The row of that gate exactly: "Widerruf" is also part of the state "Widerrufen".
  const row = page.locator("#door-links li").filter({ has: page.getByText(gate, { exact: true }) });
  await expect(row).toContainText(doorLinksDe.states.revoked);
}

async function doorTickets(page: Page, linkUrl: string): Promise<DoorTicket[]> {
  const token = new URL(linkUrl).searchParams.get("link");
  const response = await page.request.get("/api/v1/door/tickets", {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()).data;
}

/** A valid ticket nobody scanned yet through the link's event, and its code. */
async function unscannedTicket(linkUrl: string) {
  const tickets = await doorTickets(organiserPage, linkUrl);
  const ticket = tickets.filter((entry) => entry.status === "valid" && !entry.last).at(-1)!;
  const code = await codeFor({
    kid: concert.kid,
    eid: concert.eventId,
    ttid: concert.ticketTypeId,
    tid: ticket.id,
  });
  return { ticket, code };
}

/** A few frames of a QR code as a YUV 4:2:0 video: what Chromium's fake camera plays. */
async function qrVideo(code: string): Promise<string> {
  const qr = QRCode.create(code, { errorCorrectionLevel: "M" });
  const modules = qr.modules.size;
  const side = 480;
  const scale = Math.floor(side / (modules + 8));
  const offset = Math.floor((side - modules * scale) / 2);
  const luma = Buffer.alloc(side * side, 235);
  for (let y = 0; y < modules * scale; y++) {
    for (let x = 0; x < modules * scale; x++) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) {
        luma[(offset + y) * side + offset + x] = 16;
      }
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const dir = await mkdtemp(path.join(tmpdir(), "eventwerk-door-"));
  const file = path.join(dir, "qr.y4m");
  await writeFile(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`),
      frame,
      frame,
      frame,
    ]),
  );
  return file;
}

/** A browser of its own whose camera shows this code. */
async function cameraOn(code: string, baseURL: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${await qrVideo(code)}`,
    ],
  });
  const context = await browser.newContext({ baseURL, locale: "de-DE", permissions: ["camera"] });
  // Chromium's fake camera has no torch: this one claims one and keeps what it was asked to do.
  await context.addInitScript(() => {
    const track = MediaStreamTrack.prototype;
    const capabilities = track.getCapabilities;
    track.getCapabilities = function (this: MediaStreamTrack) {
      return { ...capabilities.call(this), torch: true } as MediaTrackCapabilities;
    };
    track.applyConstraints = async (constraints) => {
      const torch = (constraints?.advanced?.[0] as { torch?: boolean } | undefined)?.torch;
      document.documentElement.dataset.torch = String(torch);
    };
  });
  return { browser, page: await context.newPage() };
}

const verdict = (page: Page) => page.getByTestId("door-verdict");
const scanner = (page: Page) => page.getByTestId("door-scanner");

async function openScanner(page: Page, linkUrl: string) {
  await page.goto(linkUrl);
  // The token went from the address into a cookie.
  await expect(page).toHaveURL((url) => !url.search.includes("link="));
  await expect(scanner(page)).toHaveAttribute("data-ready", "true");
}

/** The scanner fills the screen: neither the site's header and footer nor their code. */
async function expectNoSiteChrome(page: Page) {
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  expect(await loadsSiteChunk(page)).toBe(false);
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel(doorDe.manualLabel).fill(code);
  await page.getByRole("button", { name: doorDe.manualSubmit }).click();
}

let organiserContext: BrowserContext;
let organiserPage: Page;
let concert: Awaited<ReturnType<typeof demoConcert>>;

test.beforeAll(async ({ browser, baseURL }) => {
  organiserContext = await browser.newContext({ baseURL, locale: "de-DE" });
  organiserPage = await organiserContext.newPage();
  await loginAs(organiserPage, "de", organiser);
  concert = await demoConcert(organiserPage);
});
test.afterAll(async () => {
  await organiserContext.close();
});

test("the camera scans a ticket: valid, already inside, out, in again; cancelled and foreign ones are invalid", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const link = await createLink(organiserPage, concert.eventId, { gate: "Kamera", exits: true });
  const tickets = await doorTickets(organiserPage, link);
  const valid = tickets.find((ticket) => ticket.status === "valid")!;
  const cancelled = tickets.find((ticket) => ticket.status === "cancelled")!;
  const payload = { kid: concert.kid, eid: concert.eventId, ttid: concert.ticketTypeId };

  const { browser, page } = await cameraOn(await codeFor({ ...payload, tid: valid.id }), baseURL!);
  try {
    await openScanner(page, link);
    await expect(verdict(page)).toHaveAttribute("data-result", "valid");
    await expect(verdict(page)).toContainText(doorDe.results.valid.entry);
    // The code stays in front of the camera: read again, it is already inside.
    await expect(verdict(page)).toHaveAttribute("data-result", "already_inside");
    await expect(verdict(page)).toContainText("Kamera");
    await expect(page.getByTestId("door-inside")).not.toHaveText("0");

    await page.getByRole("radio", { name: doorDe.modes.exit }).dispatchEvent("click");
    await expect(verdict(page)).toContainText(doorDe.results.valid.exit);
    await page.getByRole("radio", { name: doorDe.modes.entry }).dispatchEvent("click");
    await expect(verdict(page)).toContainText(doorDe.results.valid.entry);

    // The torch: off at first, on with a tap (under the verdicts that keep coming).
    const torch = page.getByRole("button", { name: doorDe.torch });
    await expect(torch).toHaveAttribute("aria-pressed", "false");
    await torch.dispatchEvent("click");
    await expect(torch).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("html")).toHaveAttribute("data-torch", "true");
    await torch.dispatchEvent("click");
    await expect(page.locator("html")).toHaveAttribute("data-torch", "false");
  } finally {
    await browser.close();
  }

  for (const [code, result] of [
    [await codeFor({ ...payload, tid: cancelled.id }), "cancelled"],
    [await codeFor({ ...payload, eid: concert.eventId - 1, tid: valid.id }), "other_event"],
  ] as const) {
    const camera = await cameraOn(code, baseURL!);
    try {
      await openScanner(camera.page, link);
      await expect(verdict(camera.page)).toHaveAttribute("data-result", result);
      await expect(verdict(camera.page)).toContainText(doorDe.results[result]);
    } finally {
      await camera.browser.close();
    }
  }

  // The organiser's log has every one of those scans.
  await organiserPage.goto(`${pathTo("account-door", "de")}?event=${concert.eventId}`);
  const log = organiserPage.locator("#door-log tbody tr");
  for (const result of ["valid", "already_inside", "cancelled", "other_event"]) {
    await expect(log.and(organiserPage.locator(`[data-result="${result}"]`)).first()).toBeVisible();
  }
});

test("the English scanner shows the event and its data in English", async ({
  browser,
  baseURL,
}) => {
  const link = await createLink(organiserPage, concert.eventId, { gate: "English" });
  const token = new URL(link).searchParams.get("link")!;
  const session = async (locale: "de" | "en") =>
    (
      await (
        await organiserPage.request.get(doorPaths.session, {
          headers: { authorization: `Bearer ${token}`, [localeHeader]: locale },
        })
      ).json()
    ).data.event.title as string;
  const [german, english] = [await session("de"), await session("en")];
  expect(english).not.toBe(german);
  const context = await browser.newContext({ baseURL, locale: "en-GB" });
  const page = await context.newPage();
  try {
    const englishLink = new URL(link);
    englishLink.pathname = pathTo("door-scanner", "en");
    // The page's data (session, tickets) comes from one path for both languages: still English.
    await openScanner(page, englishLink.href);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(english);
  } finally {
    await context.close();
  }
});

test("offline: scans are checked from the cache and queued, sent when back; a second device's is a duplicate", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const linkA = await createLink(organiserPage, concert.eventId, { gate: "Offline A" });
  const linkB = await createLink(organiserPage, concert.eventId, { gate: "Offline B" });
  const { ticket, code } = await unscannedTicket(linkA);

  const devices = [] as { context: BrowserContext; page: Page }[];
  for (const link of [linkA, linkB]) {
    const context = await browser.newContext({ baseURL, locale: "de-DE" });
    const page = await context.newPage();
    await openScanner(page, link);
    await context.setOffline(true);
    await expect(page.getByTestId("door-connection")).toHaveAttribute("data-online", "false");
    devices.push({ context, page });
  }
  try {
    for (const { page } of devices) {
      await typeCode(page, code);
      await expect(verdict(page)).toHaveAttribute("data-result", "valid");
      await expect(verdict(page)).toContainText(doorDe.decidedOffline);
      await expect(page.getByTestId("door-connection")).toContainText("1 Scan wartet");
    }
    // A stray QR code longer than any ticket's is answered on the device and not queued: the
    // API would refuse it, and the scans queued with it would never be sent.
    const [first] = devices;
    await typeCode(first!.page, `https://example.com/${"x".repeat(700)}`);
    await expect(verdict(first!.page)).toHaveAttribute("data-result", "unknown_code");
    await expect(first!.page.getByTestId("door-connection")).toContainText("1 Scan wartet");
    for (const { context, page } of devices) {
      await context.setOffline(false);
      await expect(page.getByTestId("door-connection")).toHaveAttribute("data-online", "true");
      await expect(page.getByTestId("door-connection")).not.toContainText("wartet");
    }
  } finally {
    for (const { context } of devices) await context.close();
  }
  await organiserPage.goto(`${pathTo("account-door", "de")}?event=${concert.eventId}`);
  // The ticket's own cell: a text match would also find the id in the time ("20:50" for ticket 20).
  const rows = organiserPage.locator("#door-log tbody tr", {
    has: organiserPage.getByRole("cell", { name: String(ticket.id), exact: true }),
  });
  await expect(rows.and(organiserPage.locator('[data-result="valid"]'))).toContainText("Offline A");
  await expect(rows.and(organiserPage.locator('[data-result="duplicate"]'))).toContainText(
    "Offline B",
  );
});

test("offline reload: the scanner opens from its service worker's cache, checks codes and queues them", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const link = await createLink(organiserPage, concert.eventId, { gate: "Neu geladen" });
  const { code } = await unscannedTicket(link);
  const context = await browser.newContext({ baseURL, locale: "de-DE" });
  const page = await context.newPage();
  try {
    await openScanner(page, link);
    // The service worker controls the page and keeps it with every file it loaded.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          const kept = new Set(
            (
              await Promise.all(
                (await caches.keys()).map(async (name) => (await caches.open(name)).keys()),
              )
            )
              .flat()
              .map((request) => new URL(request.url).pathname),
          );
          const loaded = performance
            .getEntriesByType("resource")
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"))
            .map((url) => url.pathname);
          return [location.pathname, ...loaded].every((path) => kept.has(path));
        }),
      )
      .toBe(true);

    // Offline, every file the scanner draws with comes from the cache: its icons too, which it
    // showed none of before.
    const missing: string[] = [];
    page.on("requestfailed", (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/(assets|i18n)\//.test(pathname)) missing.push(pathname);
    });
    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(scanner(page)).toHaveAttribute("data-ready", "true");
    await expect(page.getByTestId("door-connection")).toHaveAttribute("data-online", "false");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(demoEvent);

    // The signature and the ticket list come from the device: a valid entry, queued.
    await typeCode(page, code);
    await expect(verdict(page)).toHaveAttribute("data-result", "valid");
    await expect(verdict(page)).toContainText(doorDe.decidedOffline);
    await expect(page.getByTestId("door-connection")).toContainText("1 Scan wartet");
    await typeCode(page, "kein-ticket");
    await expect(verdict(page)).toHaveAttribute("data-result", "unknown_code");
    await expect(page.getByTestId("door-connection")).toContainText("2 Scans warten");
    await expect(verdict(page).locator("use")).toHaveCount(1);
    expect(missing).toEqual([]);

    // Back online, the queue goes to the server: the organiser's log has both scans of this gate,
    // as the server judged them (read again until they are there), and the device waits for none.
    await context.setOffline(false);
    await expect(page.getByTestId("door-connection")).toHaveAttribute("data-online", "true");
    const logUrl = `${pathTo("account-door", "de")}?event=${concert.eventId}`;
    await expect
      .poll(
        async () => {
          await organiserPage.goto(logUrl);
          return organiserPage
            .locator("#door-log tbody tr", { hasText: "Neu geladen" })
            .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-result")).sort());
        },
        { timeout: 30_000 },
      )
      .toEqual(["unknown_code", "valid"]);
    await expect(page.getByTestId("door-connection")).toHaveText(doorDe.online);
  } finally {
    await context.close();
  }
});

test("door links: used on another browser without signing in, revoked, refused", async ({
  browser,
  baseURL,
}) => {
  // The organiser's panel leads to the event's door links and scan log.
  await organiserPage.goto(pathTo("panel-event", "de", { id: concert.eventId }));
  await organiserPage.getByRole("link", { name: panelDe.doorLink }).click();
  await expect(organiserPage.locator("#door-event")).toHaveValue(String(concert.eventId));
  const link = await createLink(organiserPage, concert.eventId, { gate: "Widerruf" });
  const staff = await browser.newContext({ baseURL, locale: "de-DE" });
  const page = await staff.newPage();
  try {
    await openScanner(page, link);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(demoEvent);
    await expectNoSiteChrome(page);
    await typeCode(page, "kein-ticket");
    await expect(verdict(page)).toHaveAttribute("data-result", "unknown_code");

    const { code } = await unscannedTicket(link);
    // Whether the page ever shows a valid verdict from here on.
    await page.evaluate(() => {
      const flags = window as unknown as { sawValid: boolean };
      flags.sawValid = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-result="valid"]')) flags.sawValid = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    await revokeLink(organiserPage, concert.eventId, "Widerruf");
    // A link that is not the organiser's (or none at all) is not found, not a server error.
    const stranger = await organiserPage.request.post(organiserPage.url(), {
      headers: { origin: baseURL as string },
      form: { intent: "revoke", event: String(concert.eventId), id: "999999", confirm: "on" },
    });
    expect(stranger.status()).toBe(404);

    // The scanner finds out by itself with its next call (a scan, its queue, its ticket list):
    // the page says the link was refused, and so does a reload. The scan of a valid ticket that
    // found out is not judged from the kept list meanwhile: no green verdict, nothing admitted.
    await typeCode(page, code);
    await expect(page.getByRole("heading", { level: 1, name: doorDe.refusedTitle })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawValid: boolean }).sawValid)).toBe(
      false,
    );
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: doorDe.refusedTitle })).toBeVisible();
    // The cookie keeps only that the link was refused: the scanner page still says so, and the
    // revoked link no longer scans.
    await page.goto(pathTo("door-scanner", "de"));
    await expect(page.getByRole("heading", { level: 1, name: doorDe.refusedTitle })).toBeVisible();
    const cookies = await staff.cookies();
    expect(cookies.find((cookie) => cookie.name === "door_link")?.value).toBe("refused");
    // A phone that never opened a link gets the page that explains what a door link is.
    const fresh = await browser.newContext({ baseURL, locale: "de-DE" });
    const freshPage = await fresh.newPage();
    await freshPage.goto(pathTo("door-scanner", "de"));
    await expect(
      freshPage.getByRole("heading", { level: 1, name: doorDe.noLinkTitle }),
    ).toBeVisible();
    await expectNoSiteChrome(freshPage);
    await fresh.close();
  } finally {
    await staff.close();
  }
});

test("a door link another site's page leads to opens only with a tap, which names its event", async ({
  browser,
  baseURL,
}) => {
  const link = await createLink(organiserPage, concert.eventId, { gate: "Nordtor" });
  // Another site (localhost and 127.0.0.1 are different sites to the browser) links to it.
  let target = link;
  const site = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="de"><head><title>Fremd</title></head><body><a href="${target}">Zum Scanner</a></body></html>`,
    );
  });
  const otherSite = () => `http://localhost:${(site.address() as AddressInfo).port}/`;
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const staff = await browser.newContext({ baseURL, locale: "de-DE" });
  const page = await staff.newPage();
  try {
    await page.goto(otherSite());
    await page.getByRole("link", { name: "Zum Scanner" }).click();
    await expect(page.getByRole("heading", { level: 1, name: doorDe.confirmTitle })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(demoEvent);
    await expect(page.getByRole("main")).toContainText("Nordtor");
    await expectNoViolations(page);
    // Nothing is kept before the tap.
    expect((await staff.cookies()).map((cookie) => cookie.name)).not.toContain("door_link");
    await page.getByRole("button", { name: doorDe.confirmSubmit }).click();
    await expect(page).toHaveURL((url) => !url.search.includes("link="));
    await expect(scanner(page)).toHaveAttribute("data-ready", "true");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(demoEvent);
    // A post without a well-formed link opens nothing.
    const bad = await page.request.post(pathTo("door-scanner", "de"), {
      headers: { origin: baseURL as string },
      form: { link: "door_kurz" },
    });
    expect(bad.status()).toBe(400);

    // A revoked link another site's page leads to: refused, and the phone keeps the link it has.
    target = await createLink(organiserPage, concert.eventId, { gate: "Südtor" });
    await revokeLink(organiserPage, concert.eventId, "Südtor");
    const kept = (await staff.cookies()).find((cookie) => cookie.name === "door_link")?.value;
    expect(kept).toBeTruthy();
    await page.goto(otherSite());
    await page.getByRole("link", { name: "Zum Scanner" }).click();
    await expect(page.getByRole("heading", { level: 1, name: doorDe.refusedTitle })).toBeVisible();
    expect((await staff.cookies()).find((cookie) => cookie.name === "door_link")?.value).toBe(kept);
    await page.goto(pathTo("door-scanner", "de"));
    await expect(scanner(page)).toHaveAttribute("data-ready", "true");
    await expect(page.getByRole("main")).toContainText("Nordtor");
  } finally {
    await staff.close();
    site.close();
  }
});

test("on a phone, a long gate's name wraps on the door screen and stays whole in the scanner's header", async ({
  browser,
  baseURL,
}) => {
  // One word, no hyphen: nothing to break it at.
  const gate = "HaupteingangNordseiteParkhausBesucherzentrum";
  const link = await createLink(organiserPage, concert.eventId, { gate });
  const phone = { width: 390, height: 844 };
  await organiserPage.setViewportSize(phone);
  try {
    await organiserPage.reload();
    await expect(organiserPage.getByText(gate, { exact: true })).toBeVisible();
    expect(
      await organiserPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0);
  } finally {
    await organiserPage.setViewportSize({ width: 1280, height: 720 });
  }
  const staff = await browser.newContext({ baseURL, locale: "de-DE", viewport: phone });
  try {
    const page = await staff.newPage();
    await openScanner(page, link);
    const shown = page.getByRole("heading", { level: 1 }).getByText(gate);
    await expect(shown).toBeVisible();
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width, "the gate's right edge").toBeLessThanOrEqual(phone.width);
  } finally {
    await staff.close();
  }
});

test("a door link is made once per form: a reload without JavaScript shows it again, the next form makes another", async ({
  browser,
  baseURL,
}) => {
  const listed = (page: Page, gate: string) =>
    page.locator("#door-links li").filter({ hasText: gate });
  // With JavaScript: the form that made a link comes back ready for the next one, with a key
  // of its own once the page has its data again (the button waits for that).
  await organiserPage.goto(`${pathTo("account-door", "de")}?event=${concert.eventId}`);
  const nonce = organiserPage.locator('input[name="nonce"]');
  const before = await nonce.inputValue();
  const twice = `Zweimal ${Date.now()}`;
  await organiserPage.getByLabel(doorLinksDe.gate).fill(twice);
  await organiserPage.getByRole("button", { name: doorLinksDe.create }).click();
  const first = await organiserPage.locator("#door-link-url").inputValue();
  expect(first).toContain("link=door_");
  await expect(nonce).not.toHaveValue(before);
  await organiserPage.getByRole("button", { name: doorLinksDe.create }).click();
  await expect(organiserPage.locator("#door-link-url")).not.toHaveValue(first);
  await expect(listed(organiserPage, twice)).toHaveCount(2);

  // Without: reloading the answer posts the form again, and gets the same link back.
  const context = await browser.newContext({ baseURL, locale: "de-DE", javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await loginAs(page, "de", organiser);
    const gate = `Neu geladen ${Date.now()}`;
    const link = await createLink(page, concert.eventId, { gate });
    const reloaded = await page.reload();
    expect(reloaded?.request().method()).toBe("POST");
    await expect(page.locator("#door-link-url")).toHaveValue(link);
    await page.goto(`${pathTo("account-door", "de")}?event=${concert.eventId}`);
    await expect(listed(page, gate)).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test("past events: the door screen lists them and opens their scan logs; the panel links there", async () => {
  await organiserPage.goto(pathTo("account-door", "de"));
  const past = organiserPage.locator("#door-past");
  await expect(past.getByRole("heading", { name: doorLinksDe.pastHeading })).toBeVisible();
  // The seed's demo organiser has concerts that ended days ago.
  const first = past.getByRole("listitem").first().getByRole("link");
  const title = (await first.textContent())!;
  const pastId = new URL(
    (await first.getAttribute("href"))!,
    baseUrlOf(organiserPage),
  ).searchParams.get("event");
  await first.click();
  await expect(organiserPage).toHaveURL((url) => url.searchParams.get("event") === pastId);
  await expect(organiserPage.getByTestId("door-refused-event")).toContainText(title);
  await expect(organiserPage.locator("#door-log")).toBeVisible();
  await expect(past.getByRole("link", { name: title })).toHaveAttribute("aria-current", "true");
  // Its doors have closed: no new door links.
  await expect(organiserPage.locator("#door-new")).toHaveCount(0);

  // The panel's page of the past event leads to the same log.
  await organiserPage.goto(pathTo("panel-event", "de", { id: Number(pastId) }));
  await organiserPage.getByRole("link", { name: panelDe.doorLink }).click();
  await expect(organiserPage).toHaveURL((url) => url.searchParams.get("event") === pastId);
  await expect(organiserPage.getByTestId("door-refused-event")).toContainText(title);
});

test("axe finds nothing on the scanner and its green, amber and red verdicts", async ({
  browser,
  baseURL,
}) => {
  const link = await createLink(organiserPage, concert.eventId, { gate: "Axe", exits: true });
  // One nobody scanned: out first (amber), an unknown code (red), then in (green).
  const { code } = await unscannedTicket(link);
  // Four axe runs on a busy machine.
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL, locale: "de-DE" });
  const page = await context.newPage();
  const axe = async (label: string) => {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" ")}`,
      ),
      label,
    ).toEqual([]);
  };
  try {
    await openScanner(page, link);
    await axe("scanner");
    // Each verdict stays on screen while axe reads it.
    await page.getByLabel(doorDe.hold).check();
    for (const [entered, result] of [
      ["exit", "not_inside"],
      ["kein-ticket", "unknown_code"],
    ] as const) {
      if (entered === "exit") {
        await page.locator("label", { hasText: doorDe.modes.exit }).click();
        await typeCode(page, code);
      } else {
        await page.locator("label", { hasText: doorDe.modes.entry }).click();
        await typeCode(page, entered);
      }
      await expect(verdict(page)).toHaveAttribute("data-result", result);
      await axe(result);
      await verdict(page).click();
    }
    await typeCode(page, code);
    await expect(verdict(page)).toHaveAttribute("data-result", "valid");
    await axe("green");
  } finally {
    await context.close();
  }
});

test("/qr: a guest reads how QR tickets work; a signed-in holder sees each upcoming ticket's code full screen", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: "de-DE" });
  const page = await context.newPage();
  try {
    await page.goto(pathTo("qr", "de"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(qrDe.heading);
    // /qr is the site's page, in its layout.
    await expect(page.getByRole("banner")).toBeVisible();
    expect(await loadsSiteChunk(page)).toBe(true);
    await expect(page.getByRole("img", { name: /QR-Code Ihres Tickets/ })).toHaveCount(0);

    await loginAs(page, "de", visitor);
    await page.goto(pathTo("qr", "de"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(qrDe.holderHeading);
    // The demo visitor holds tickets for upcoming events: one screen-high code each.
    const sections = page.locator("main section");
    const count = await sections.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(sections.first()).toHaveAccessibleName(`Ticket 1 von ${count}`);
    await expect(sections.last()).toHaveAccessibleName(`Ticket ${count} von ${count}`);
    const codes = page.getByRole("img", { name: qrDe.holderQr.split("{")[0]!.trim() });
    await expect(codes).toHaveCount(count);
    await expect(codes.first().locator("svg")).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  } finally {
    await context.close();
  }
});

import { readFileSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { sitemapEventsNumber, sitemapEventsPath } from "./lib/sitemap-paths";
import {
  areaChain,
  areaNames,
  areas,
  counterpartPath,
  eventParams,
  inSiteLayout,
  localeFromPath,
  matchPage,
  pages,
  pathTo,
  redirects,
  resources,
  routerPath,
} from "./route-table";
import routeConfig, { pageModules } from "./routes";

/** The product's 24 pages, German / English (the English organiser path is spelt that way). */
const spec: [string, string][] = [
  ["/:slug-evx-:id", "/en/:slug-evx-:id"],
  ["/ueber-uns", "/en/about-us"],
  ["/konto", "/en/account"],
  ["/staedte", "/en/cities"],
  ["/kontakt", "/en/contact"],
  ["/veranstaltungen-kategorien", "/en/event-categories"],
  ["/eventlosungen", "/en/event-solutions"],
  ["/veranstaltungen", "/en/events"],
  ["/faq", "/en/faq"],
  ["/", "/en"],
  ["/login", "/en/login"],
  ["/neue-registrierung-organisator", "/en/new-register-organiator"],
  ["/neue-registrierung", "/en/new-register"],
  ["/pages/:id", "/en/pages/:id"],
  ["/panel", "/en/panel"],
  ["/datenschutz", "/en/privacy-policy"],
  ["/qr", "/en/qr"],
  ["/registrierung", "/en/register"],
  ["/passwort-zurucksetzen", "/en/reset-password"],
  ["/search", "/en/search"],
  ["/agb", "/en/terms-and-conditions"],
  ["/test", "/en/test"],
  ["/ticket-buy-status", "/en/ticket-buy-status"],
  ["/unsere-dienste", "/en/ticketing"],
];

/** The purchase's pages of one order besides SPEC.md's return page. */
const checkoutScreens: [string, string][] = [
  ["/kasse/:id", "/en/checkout/:id"],
  ["/testzahlung/:id", "/en/test-payment/:id"],
];

/** The account area's screens besides its dashboard (`/konto`). */
const accountScreens: [string, string][] = [
  ["/konto/tickets", "/en/account/tickets"],
  ["/konto/profil", "/en/account/profile"],
  ["/konto/adressen", "/en/account/addresses"],
  ["/konto/datenschutz", "/en/account/privacy"],
  ["/konto/einlass", "/en/account/door"],
];
/** The landing page of emailed address links (registration, email change). */
const emailScreens: [string, string][] = [["/e-mail-bestaetigen", "/en/confirm-email"]];
/** The door area's page (`/qr`, the holders' codes, is the site's). */
const doorScreens: [string, string][] = [["/qr/scanner", "/en/qr/scanner"]];

/** The embeddable ticket shop of one event (organisers' own sites frame it). */
const embedScreens: [string, string][] = [["/einbetten/:id", "/en/embed/:id"]];

/** The organiser panel's screens besides its start (`/panel`). */
const panelScreens: [string, string][] = [
  ["/panel/veranstaltungen/neu", "/en/panel/events/new"],
  ["/panel/veranstaltungen/:id", "/en/panel/events/:id"],
  ["/panel/veranstaltungen/:id/bestellungen", "/en/panel/events/:id/orders"],
  ["/panel/bestellungen/:id", "/en/panel/orders/:id"],
  ["/panel/veranstalter", "/en/panel/organisers"],
  ["/panel/erstattungen", "/en/panel/refunds"],
];

const routeObject = (entry: RouteConfigEntry): RouteObject => ({
  id: entry.id ?? entry.file,
  path: entry.path,
  caseSensitive: entry.caseSensitive,
  ...(entry.index ? { index: true } : { children: entry.children?.map(routeObject) }),
});
const routes = (routeConfig as RouteConfigEntry[]).map(routeObject);
/** The id of the route React Router renders for a pathname (its deepest match). */
const routeOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id;

describe("route table", () => {
  it("holds exactly the product's 24 pages, the address link's and the account's, checkout's, door's, panel's and embedded shop's screens in both languages", () => {
    expect(pages).toHaveLength(
      24 +
        emailScreens.length +
        accountScreens.length +
        checkoutScreens.length +
        doorScreens.length +
        panelScreens.length +
        embedScreens.length,
    );
    expect(pages.map((page) => [page.de, page.en]).sort()).toEqual(
      [
        ...spec,
        ...emailScreens,
        ...accountScreens,
        ...checkoutScreens,
        ...doorScreens,
        ...panelScreens,
        ...embedScreens,
      ].sort(),
    );
  });

  it("has no duplicate keys or paths", () => {
    const keys = pages.map((page) => page.key);
    const paths = pages.flatMap((page) => [page.de, page.en]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("puts every English path under /en and no German one", () => {
    for (const page of pages) {
      expect(localeFromPath(page.en)).toBe("en");
      expect(localeFromPath(page.de)).toBe("de");
    }
  });

  it("names the route middleware; the account area's applies to every screen", () => {
    const byKey = Object.fromEntries(pages.map((page) => [page.key, page.middleware]));
    expect(byKey.account).toEqual(["login"]);
    const accountPages = pages.filter((page) => page.area === "account");
    expect(accountPages.map((page) => page.de).sort()).toEqual(
      ["/konto", ...accountScreens.map(([de]) => de)].sort(),
    );
    for (const page of accountPages) expect(page.middleware, page.key).toEqual(["login"]);
    for (const key of [
      "login",
      "register",
      "visitor-register",
      "organiser-register",
      "reset-password",
    ]) {
      expect(byKey[key]).toEqual(["auth"]);
    }
    expect(byKey.test).toEqual(["developerPages"]);
    // The panel is for signed-in users; its screens besides the start for approved organisers
    // (or the operator).
    const panelPages = pages.filter((page) => page.area === "panel");
    expect(byKey.panel).toEqual(["login"]);
    for (const page of panelPages.filter((page) => page.key !== "panel")) {
      expect(page.middleware, page.key).toEqual([
        "login",
        page.key === "panel-organisers" || page.key === "panel-refunds" ? "admin" : "organiser",
      ]);
    }
    expect(pages.filter((page) => page.middleware.length > 0)).toHaveLength(
      accountPages.length + panelPages.length + 6,
    );
  });

  it("puts each area's pages in its layout: the panel in panel-iframe, account inside the site", () => {
    const areaOf = Object.fromEntries(pages.map((page) => [page.key, page.area]));
    expect(areaOf.panel).toBe("panel");
    expect(areas.panel).toMatchObject({ layout: "layouts/panel-iframe.tsx", parent: null });
    expect(areas.site).toMatchObject({ layout: "layouts/default.tsx", parent: null });
    expect(areaOf["embed-event"]).toBe("embed");
    expect(areas.embed).toMatchObject({ layout: "layouts/embed.tsx", parent: null });
    expect(areas.account).toMatchObject({ layout: "layouts/account.tsx", parent: "site" });
    expect(areaOf["ticket-buy-status"]).toBe("checkout");
    expect(areaOf.qr).toBe("site");
    expect(areaOf["door-scanner"]).toBe("door");
    expect(areas.checkout.parent).toBe("site");
    // The scanner fills the screen: straight under the root, without the site's layout.
    expect(areas.door).toMatchObject({ layout: null, parent: null });
    expect(areaChain("account")).toEqual(["site", "account"]);
    expect(areaNames.filter(inSiteLayout)).toEqual(["site", "account", "checkout"]);
  });

  it("gives a page without any layout around it what a layout would: meta, head links, errors", async () => {
    const bare = pages.filter((page) =>
      areaChain(page.area).every((area) => areas[area].layout === null),
    );
    expect(bare.map((page) => page.key)).toEqual(["door-scanner"]);
    for (const page of bare) {
      const module: Record<string, unknown> = await import(`./${pageModules[page.key]}`);
      expect(typeof module.meta, page.key).toBe("function");
      expect(typeof module.ErrorBoundary, page.key).toBe("function");
      expect(readFileSync(new URL(pageModules[page.key], import.meta.url), "utf8")).toContain(
        "<HeadLinks />",
      );
    }
  });

  it("maps every page to its counterpart and back, keeping params and query", () => {
    for (const page of pages) {
      const params = { slug: "jazz-im-park", id: "42" };
      const de = pathTo(page.key, "de", params);
      const en = pathTo(page.key, "en", params);
      expect(counterpartPath(de, "en")).toBe(en);
      expect(counterpartPath(en, "de")).toBe(de);
      expect(matchPage(de)?.page.key).toBe(page.key);
      expect(matchPage(en)?.locale).toBe("en");
    }
    expect(counterpartPath("/veranstaltungen?city=berlin#top", "en")).toBe(
      "/en/events?city=berlin#top",
    );
  });

  it("reads slug and id out of an event path, and static pages win over it", () => {
    expect(matchPage("/jazz-im-park-evx-42")).toMatchObject({
      page: { key: "event" },
      locale: "de",
      params: { slug: "jazz-im-park", id: "42" },
    });
    expect(matchPage("/faq")?.page.key).toBe("faq");
    expect(matchPage("/does/not/exist")).toBeNull();
    expect(counterpartPath("/does/not/exist", "en")).toBeNull();
  });

  it("registers one router param for a segment that mixes text and params", () => {
    expect(routerPath("/:slug-evx-:id")).toBe("/:slug_id");
    expect(routerPath("/en/account/tickets")).toBe("/en/account/tickets");
    expect(routerPath("/en/pages/:id")).toBe("/en/pages/:id");
    expect(routerPath("/en/about-us")).toBe("/en/about-us");
  });

  it("keeps a file's extension after a segment's param, so React Router matches it", () => {
    expect(routerPath("/sitemap-events-:number.xml")).toBe("/:number.xml");
    expect(routerPath("/order-files/:id/:file")).toBe("/order-files/:id/:file");
  });

  it("routes the sitemap's files to their modules, not to the event page", () => {
    expect(routeOf("/sitemap.xml")).toBe("sitemap");
    expect(routeOf("/sitemap-pages.xml")).toBe("sitemap-pages");
    expect(routeOf("/sitemap-events-1.xml")).toBe("sitemap-events");
    expect(routeOf("/sitemap-events-x.xml")).toBe("sitemap-events");
    expect(routeOf("/jazz-im-park-evx-42")).toBe("event.de");
    expect(routeOf("/robots.txt")).toBe("robots");
  });

  it("guards the page the router renders, however its path is spelt", () => {
    const paths = [
      ...pages
        .flatMap((entry) => [entry.de, entry.en])
        .map((path) => path.replace(/:[a-z_]+/g, "7")),
      "/jazz-im-park-evx-42",
      "/PANEL/veranstaltungen/1",
      "/pan%65l/veranstaltungen/1",
      "/TEST",
      "/EN/TEST",
      "/Konto",
      "/EN/ACCOUNT",
      "/%65n/account",
      "/konto%2Fprofil",
      "/konto/%E0%A4%A",
    ];
    for (const path of paths) {
      const routed = routeOf(path);
      // The event route takes any one segment; its loader answers 404 for one that is not an
      // event's, which matchPage does not read as the event page in the first place.
      if (routed?.startsWith("event.") && matchPage(path) === null) continue;
      const page = routed === "not-found" ? null : (routed?.replace(/\.(de|en)$/, "") ?? null);
      expect(matchPage(path)?.page.key ?? null, path).toBe(page);
      if (page) expect(localeFromPath(path), path).toBe(routed?.endsWith(".en") ? "en" : "de");
    }
    // Written in other letters, a page is no page: the site's 404 answers (through the event
    // page's loader for one segment).
    expect(routeOf("/Konto")).toBe("event.de");
    expect(routeOf("/EN/ACCOUNT")).toBe("not-found");
    expect(routeOf("/PANEL/veranstaltungen/1")).toBe("not-found");
    expect(routeOf("/pan%65l/veranstaltungen/1")).toBe("panel-event.de");
  });

  it("names the events' sitemap files by number, and reads the number back only as written", () => {
    expect(resources.sitemapEvents.path).toBe("/sitemap-events-:number.xml");
    expect(sitemapEventsPath(3)).toBe("/sitemap-events-3.xml");
    expect(sitemapEventsNumber(sitemapEventsPath(3))).toBe(3);
    expect(sitemapEventsNumber("/sitemap-events-12345.xml")).toBe(12345);
    for (const pathname of [
      "/sitemap-events-0.xml",
      "/sitemap-events-01.xml",
      "/sitemap-events--1.xml",
      "/sitemap-events-1.5.xml",
      "/sitemap-events-x.xml",
      "/sitemap-events-.xml",
      "/sitemap-events-1e3.xml",
      "/sitemap-events-1234567890.xml",
      "/sitemap-events-1.txt",
      "/sitemap.xml",
      "/other.xml",
    ]) {
      expect(sitemapEventsNumber(pathname), pathname).toBeNull();
    }
  });

  it("splits the event segment's router param into slug and numeric id", () => {
    expect(eventParams({ slug_id: "jazz-im-park-evx-42" })).toEqual({
      slug: "jazz-im-park",
      id: 42,
    });
    expect(eventParams({ slug_id: "a-evx-b-evx-3" })).toBeNull();
    expect(eventParams({ slug_id: "jazz-im-park-evx-abc" })).toBeNull();
    expect(eventParams({ slug_id: "jazz-im-park-evx-12345678901" })).toBeNull();
    expect(eventParams({ slug_id: "impressum" })).toBeNull();
    expect(eventParams({})).toBeNull();
  });

  it("redirects the other spellings of the English organiser path to it", () => {
    expect(redirects.map((entry) => entry.from)).toEqual([
      "/en/new-register-organizer",
      "/en/new-register-organiser",
    ]);
    expect(
      redirects.every((entry) => pathTo(entry.to, entry.locale) === "/en/new-register-organiator"),
    ).toBe(true);
  });

  it("refuses to build a path without its params", () => {
    expect(() => pathTo("content-page", "de")).toThrow(/Missing param 'id'/);
  });
});

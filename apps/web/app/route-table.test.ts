import { describe, expect, it } from "vitest";
import {
  counterpartPath,
  localeFromPath,
  matchPage,
  pages,
  pathTo,
  redirects,
  routerPath,
} from "./route-table";

/** SPEC.md section 2, German / English. */
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

describe("route table", () => {
  it("holds exactly the 24 pages of SPEC.md in both languages", () => {
    expect(pages).toHaveLength(24);
    expect(pages.map((page) => [page.de, page.en]).sort()).toEqual([...spec].sort());
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

  it("names the middleware of SPEC.md section 6", () => {
    const byKey = Object.fromEntries(pages.map((page) => [page.key, page.middleware]));
    expect(byKey.account).toEqual(["login"]);
    for (const key of [
      "login",
      "register",
      "visitor-register",
      "organiser-register",
      "reset-password",
    ]) {
      expect(byKey[key]).toEqual(["auth"]);
    }
    expect(pages.find((page) => page.key === "panel")?.layout).toBe("panel-iframe");
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
    expect(routerPath("/en/pages/:id")).toBe("/en/pages/:id");
    expect(routerPath("/en/about-us")).toBe("/en/about-us");
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

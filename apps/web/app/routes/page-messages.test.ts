import { describe, expect, it } from "vitest";
import { messagesOfPage } from "../i18n/messages.server";
import { messagesPath } from "../i18n/page-messages";
import { loader } from "./page-messages";

type Args = Parameters<typeof loader>[0];
const call = (params: Record<string, string>) => loader({ params } as unknown as Args) as Response;

/** What the loader throws: React Router's `data(...)` with a status. */
function thrown(params: Record<string, string>): { init?: { status?: number } } {
  try {
    call(params);
  } catch (error) {
    return error as { init?: { status?: number } };
  }
  throw new Error("the loader did not refuse");
}

describe("/i18n/:build/:locale/:page, a page's messages", () => {
  it("answers the page's messages in its language, kept for good for the current build", async () => {
    for (const locale of ["de", "en"] as const) {
      const response = call({ build: "test", locale, page: "event" });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await response.json()).toEqual(
        JSON.parse(JSON.stringify(messagesOfPage(locale, "event"))),
      );
    }
    const none = call({ build: "test", locale: "en", page: "none" });
    expect(await none.json()).toEqual(JSON.parse(JSON.stringify(messagesOfPage("en", null))));
  });

  it("is the path the root names, and an older build's path gets the current messages unkept", async () => {
    expect(messagesPath("de", "event")).toBe("/i18n/test/de/event");
    const old = call({ build: "older", locale: "de", page: "home" });
    expect(old.headers.get("cache-control")).toBe("no-cache");
    expect(await old.json()).toEqual(JSON.parse(JSON.stringify(messagesOfPage("de", "home"))));
  });

  it("refuses an unknown language or page with 404", () => {
    expect(thrown({ build: "test", locale: "fr", page: "event" }).init?.status).toBe(404);
    expect(thrown({ build: "test", locale: "de", page: "nope" }).init?.status).toBe(404);
    expect(thrown({ build: "test", locale: "de", page: "__proto__" }).init?.status).toBe(404);
  });

  it("serves a German page's texts in German and an English page's in English", async () => {
    const de = (await call({ build: "test", locale: "de", page: "event" }).json()) as {
      nav: { events: string };
    };
    const en = (await call({ build: "test", locale: "en", page: "event" }).json()) as {
      nav: { events: string };
    };
    expect(de.nav.events).toBe("Veranstaltungen");
    expect(en.nav.events).toBe("Events");
  });
});

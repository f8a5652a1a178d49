import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { loadWebConfig } from "./config.server";
import { type RequestState, requestState } from "./context";
import { messagesPath } from "./i18n/page-messages";
import {
  detectLocale,
  isSameSite,
  rootMiddleware,
  routeMiddleware,
  runRouteMiddleware,
} from "./middleware.server";
import { cookieNames } from "./session/cookies.server";

const state = (loggedIn: boolean, locale: "de" | "en" = "de"): RequestState => ({
  locale,
  forwardedFor: null,
  token: loggedIn ? "t" : null,
  user: loggedIn
    ? {
        id: "u",
        name: "Lena",
        surname: "Hoffmann",
        email: "l@example.com",
        email_verified: true,
        pending_email: null,
        phone: null,
        role: "visitor",
        preferred_locale: "de",
        newsletter: false,
        created_at: "",
        updated_at: "",
        organiser: null,
      }
    : null,
  setCookies: [],
  page: null,
});

describe("detectLocale", () => {
  it.each([
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["en-US,en;q=0.9", "en"],
    ["en-GB", "en"],
    ["fr-FR,fr;q=0.9", "de"],
    ["fr-FR,en;q=0.5", "en"],
    ["de;q=0.4,en;q=0.8", "en"],
    ["", "de"],
    [null, "de"],
  ])("%s → %s", (header, expected) => {
    expect(detectLocale(header)).toBe(expected);
  });
});

describe("route middleware", () => {
  const url = new URL("http://localhost/en/account?tab=tickets");

  it("login: a guest goes to the login page of the language, with the return path", () => {
    const response = runRouteMiddleware(["login"], state(false, "en"), url);
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe(
      "/en/login?redirect=%2Fen%2Faccount%3Ftab%3Dtickets",
    );
    expect(runRouteMiddleware(["login"], state(true), url)).toBeNull();
  });

  it("auth: a signed-in visitor goes to the account page", () => {
    const response = runRouteMiddleware(["auth"], state(true), new URL("http://localhost/login"));
    expect(response?.headers.get("location")).toBe("/konto");
    expect(runRouteMiddleware(["auth"], state(false), url)).toBeNull();
  });

  it("organiser: only an approved organiser who is not suspended stays", () => {
    const panel = new URL("http://localhost/panel/veranstaltungen/neu");
    const organiser = (approval_status: "approved" | "pending", suspended: boolean) => {
      const signedIn = state(true);
      signedIn.user!.organiser = {
        company_name: "Bühne GmbH",
        company_category_id: 1,
        tax_number: "DE123",
        approval_status,
        review_note: null,
        suspended,
      };
      return signedIn;
    };
    expect(runRouteMiddleware(["organiser"], organiser("approved", false), panel)).toBeNull();
    for (const other of [organiser("approved", true), organiser("pending", false), state(true)]) {
      expect(runRouteMiddleware(["organiser"], other, panel)?.headers.get("location")).toBe(
        "/panel",
      );
    }
  });

  it("a middleware that answers false makes the page a 404", () => {
    routeMiddleware.closed = () => false;
    try {
      runRouteMiddleware(["closed"], state(true), new URL("http://localhost/panel"));
      expect.unreachable();
    } catch (error) {
      // React Router turns the thrown data into the 404 error response of the page.
      expect(error).toMatchObject({ data: "Page Not Found: /panel", init: { status: 404 } });
    } finally {
      delete routeMiddleware.closed;
    }
  });

  it("an unknown name throws", () => {
    expect(() => runRouteMiddleware(["vip"], state(true), url)).toThrow(
      "Unknown route middleware: 'vip'",
    );
  });
});

describe("isSameSite (forms posted from our own pages only)", () => {
  const post = (
    origin: string | null,
    headers: Record<string, string> = {},
    page = "http://shop.example/login",
  ) => {
    const url = new URL(page);
    const request = new Request(url, {
      method: "POST",
      headers: { ...(origin === null ? {} : { origin }), ...headers },
    });
    return isSameSite(request, url);
  };

  it("accepts our own pages, also as https behind a TLS-terminating proxy", () => {
    expect(post("http://shop.example")).toBe(true);
    // The server gives the request the public scheme (PUBLIC_URL or a trusted proxy's word).
    expect(post("https://shop.example", {}, "https://shop.example/login")).toBe(true);
    expect(post("http://shop.example", { "sec-fetch-site": "same-origin" })).toBe(true);
  });

  it("accepts a post without Origin only when the browser says it came from our pages", () => {
    expect(post(null, { "sec-fetch-site": "same-origin" })).toBe(true);
    expect(post(null, { "sec-fetch-site": "none" })).toBe(true);
  });

  it("refuses a post with neither Origin nor Sec-Fetch-Site: nothing says where it came from", () => {
    expect(post(null)).toBe(false);
  });

  it("refuses a post without Origin that the browser says came from another site", () => {
    expect(post(null, { "sec-fetch-site": "cross-site" })).toBe(false);
    expect(post(null, { "sec-fetch-site": "same-site" })).toBe(false);
    expect(post(null, { "sec-fetch-site": "garbage" })).toBe(false);
  });

  it("believes no forwarded host itself: the server puts a trusted proxy's host into the URL", () => {
    expect(post("https://www.shop.example", { "x-forwarded-host": "www.shop.example" })).toBe(
      false,
    );
    expect(post("https://www.shop.example", {}, "https://www.shop.example/login")).toBe(true);
  });

  it("refuses other sites, other ports, other schemes, null and garbage", () => {
    expect(post("https://evil.example")).toBe(false);
    expect(post("http://shop.example:8080")).toBe(false);
    expect(post("https://shop.example.evil.example")).toBe(false);
    expect(post("https://shop.example")).toBe(false);
    expect(post("null")).toBe(false);
    expect(post("not a url")).toBe(false);
  });
});

describe("developer pages", () => {
  it("are on unless NODE_ENV is production, and DEVELOPER_PAGES decides", () => {
    expect(loadWebConfig({ NODE_ENV: "production" }).DEVELOPER_PAGES).toBe(false);
    expect(loadWebConfig({ NODE_ENV: "development" }).DEVELOPER_PAGES).toBe(true);
    expect(loadWebConfig({}).DEVELOPER_PAGES).toBe(true);
    expect(loadWebConfig({ NODE_ENV: "production", DEVELOPER_PAGES: "true" }).DEVELOPER_PAGES).toBe(
      true,
    );
  });
});

describe("rootMiddleware's answer to a form post from elsewhere", () => {
  /** What the middleware throws for a post to the login page with these headers. */
  const refusal = async (headers: Record<string, string>) => {
    const url = new URL("http://shop.example/login");
    const request = new Request(url, { method: "POST", headers });
    let reached = false;
    const next = async () => {
      reached = true;
      return new Response();
    };
    const thrown = await Promise.resolve(
      rootMiddleware(
        { request, url, pattern: "/login", params: {}, context: new RouterContextProvider() },
        next,
      ),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(reached).toBe(false);
    return thrown;
  };

  it("refuses a post with neither Origin nor Sec-Fetch-Site exactly as a cross-site one", async () => {
    const crossSite = await refusal({ origin: "https://evil.example" });
    expect(crossSite).toMatchObject({ init: { status: 403 } });
    expect(await refusal({})).toEqual(crossSite);
    expect(await refusal({ origin: "null" })).toEqual(crossSite);
    expect(await refusal({ "sec-fetch-site": "cross-site" })).toEqual(crossSite);
  });
});

describe("rootMiddleware and shared caches", () => {
  /** A GET with a login cookie that no longer holds: the session ends, its cookies are cleared. */
  const run = async (path: string, cacheControl: string) => {
    const url = new URL(`http://localhost${path}`);
    const request = new Request(url, {
      headers: { cookie: `${cookieNames.token}=garbage; ${cookieNames.isLogin}=true` },
    });
    let reached = false;
    const next = async () => {
      reached = true;
      return new Response("{}", { headers: { "Cache-Control": cacheControl } });
    };
    const response = (await rootMiddleware(
      { request, url, pattern: path, params: {}, context: new RouterContextProvider() },
      next,
    )) as Response;
    expect(reached).toBe(true);
    return response;
  };

  it("a page's messages are answered without a session, so never with its cookies", async () => {
    const kept = "public, max-age=31536000, immutable";
    const response = await run(messagesPath("de", "event"), kept);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("cache-control")).toBe(kept);
  });

  it("an answer that changes the login cookies is never kept by shared caches", async () => {
    const response = await run("/veranstaltungen", "public, max-age=60");
    expect(response.headers.get("set-cookie")).toContain(cookieNames.token);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("rootMiddleware on a client navigation", () => {
  it("takes the page from React Router's url, not the data request's own (/en/search.data)", async () => {
    const context = new RouterContextProvider();
    let seen: RequestState | undefined;
    await rootMiddleware(
      {
        request: new Request("http://localhost/en/search.data?q=jazz"),
        url: new URL("http://localhost/en/search?q=jazz"),
        pattern: "/en/search",
        params: {},
        context,
      },
      async () => {
        seen = context.get(requestState);
        return new Response("{}");
      },
    );
    expect(seen?.page).toBe("search");
    expect(seen?.locale).toBe("en");
  });
});

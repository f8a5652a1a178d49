import { describe, expect, it } from "vitest";
import { createGuestPageCache } from "./guest-page-cache.server";

const page = (body: string, cacheControl = "public, max-age=60", status = 200) =>
  new Response(body, {
    status,
    headers: { "cache-control": cacheControl, "content-type": "text/html" },
  });

function counter(respond: (n: number) => Response = (n) => page(`render ${n}`)) {
  let count = 0;
  return {
    render: async () => respond(++count),
    get count() {
      return count;
    },
  };
}

/** A request as the Node server sees it: the raw target and the headers. */
const request = (method: string, path: string, headers: Record<string, string> = {}) => {
  const all: Record<string, string> = {
    host: "shop.example",
    "user-agent": "Mozilla/5.0 Firefox/140.0",
    ...headers,
  };
  return { method, url: path, header: (name: string) => all[name] };
};
const get = (path: string, headers: Record<string, string> = {}) => request("GET", path, headers);

describe("guest page cache", () => {
  it("renders a public page once per interval and replays it", async () => {
    let clock = 0;
    const cache = createGuestPageCache({ ttlSeconds: 10, now: () => clock });
    const pages = counter();
    expect(await (await cache.handle(get("/veranstaltungen"), pages.render)).text()).toBe(
      "render 1",
    );
    const hit = await cache.handle(get("/veranstaltungen"), pages.render);
    expect(await hit.text()).toBe("render 1");
    expect(hit.headers.get("content-type")).toBe("text/html");
    expect(pages.count).toBe(1);
    clock = 10_001;
    expect(await (await cache.handle(get("/veranstaltungen"), pages.render)).text()).toBe(
      "render 2",
    );
  });

  it("keeps a page no longer than its own max-age", async () => {
    let clock = 0;
    const cache = createGuestPageCache({ ttlSeconds: 10, now: () => clock });
    const pages = counter((n) => page(`render ${n}`, "public, max-age=2"));
    await cache.handle(get("/"), pages.render);
    clock = 2_001;
    await cache.handle(get("/"), pages.render);
    expect(pages.count).toBe(2);
  });

  it("renders concurrent requests for one page once", async () => {
    const cache = createGuestPageCache({ ttlSeconds: 10 });
    const pages = counter();
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () =>
        cache.handle(get("/search?q=konzert"), pages.render).then((r) => r.text()),
      ),
    );
    expect(pages.count).toBe(1);
    expect(new Set(bodies)).toEqual(new Set(["render 1"]));
  });

  it("never caches for logged-in visitors, private pages, errors or writes", async () => {
    const cache = createGuestPageCache({ ttlSeconds: 10 });
    const loggedIn = counter();
    await cache.handle(get("/", { cookie: "active_lang=de; token=abc" }), loggedIn.render);
    await cache.handle(get("/", { cookie: "active_lang=de; token=abc" }), loggedIn.render);
    expect(loggedIn.count).toBe(2);
    // Behind https the login cookies carry the __Host- prefix (session/cookies.server.ts).
    await cache.handle(get("/", { cookie: "__Host-refresh_token=r" }), loggedIn.render);
    await cache.handle(get("/", { cookie: "__Host-refresh_token=r" }), loggedIn.render);
    expect(loggedIn.count).toBe(4);

    const personal = counter((n) => page(`${n}`, "private, no-store"));
    await cache.handle(get("/konto"), personal.render);
    await cache.handle(get("/konto"), personal.render);
    expect(personal.count).toBe(2);

    const missing = counter((n) => page(`${n}`, "public, max-age=60", 404));
    await cache.handle(get("/nope"), missing.render);
    await cache.handle(get("/nope"), missing.render);
    expect(missing.count).toBe(2);

    const posts = counter();
    const post = () => request("POST", "/kontakt", { "content-type": "text/plain" });
    await cache.handle(post(), posts.render);
    await cache.handle(post(), posts.render);
    expect(posts.count).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("keys on what a guest's page depends on: query, cookies, language and bots", async () => {
    const cache = createGuestPageCache({ ttlSeconds: 10 });
    const pages = counter();
    await cache.handle(get("/veranstaltungen?page=2"), pages.render);
    await cache.handle(get("/veranstaltungen?page=3"), pages.render);
    await cache.handle(get("/", { "accept-language": "en" }), pages.render);
    await cache.handle(get("/", { "accept-language": "de" }), pages.render);
    await cache.handle(
      get("/", { "accept-language": "de", cookie: "i18n_redirected=en" }),
      pages.render,
    );
    await cache.handle(
      get("/", { "accept-language": "de", "user-agent": "Googlebot/2.1" }),
      pages.render,
    );
    expect(pages.count).toBe(6);
  });

  it("keys on the raw target and on the forwarded address a trusted proxy gives", async () => {
    const cache = createGuestPageCache({ ttlSeconds: 10 });
    const pages = counter();
    await cache.handle(get("/veranstaltungen"), pages.render);
    // `/x/../veranstaltungen` is another target: a router may send it elsewhere.
    await cache.handle(get("/x/../veranstaltungen"), pages.render);
    await cache.handle(get("/veranstaltungen?"), pages.render);
    expect(pages.count).toBe(3);
    const forwarded = { "x-forwarded-host": "tickets.example", "x-forwarded-proto": "https" };
    await cache.handle({ ...get("/veranstaltungen", forwarded), proxied: true }, pages.render);
    await cache.handle({ ...get("/veranstaltungen", forwarded), proxied: false }, pages.render);
    await cache.handle(
      {
        ...get("/veranstaltungen", { ...forwarded, "x-forwarded-host": "other.example" }),
        proxied: true,
      },
      pages.render,
    );
    expect(pages.count).toBe(6);
    await cache.handle({ ...get("/veranstaltungen", forwarded), proxied: true }, pages.render);
    expect(pages.count).toBe(6);
  });

  it("is off with a ttl of 0 and drops the oldest pages beyond its size", async () => {
    const off = createGuestPageCache({ ttlSeconds: 0 });
    const pages = counter();
    await off.handle(get("/"), pages.render);
    await off.handle(get("/"), pages.render);
    expect(pages.count).toBe(2);

    const small = createGuestPageCache({ ttlSeconds: 10, maxBytes: 20 });
    const big = counter((n) => page(`page number ${n}`));
    await small.handle(get("/a"), big.render);
    await small.handle(get("/b"), big.render);
    expect(small.size).toBe(1);
  });

  it("answers HEAD from the cache without a body", async () => {
    const cache = createGuestPageCache({ ttlSeconds: 10 });
    const pages = counter();
    await cache.handle(get("/"), pages.render);
    const head = await cache.handle(request("HEAD", "/"), pages.render);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("a HEAD during a GET's render waits for it, without a render of its own", async () => {
    const cache = createGuestPageCache({ ttlSeconds: 10 });
    const pages = counter();
    const [got, head] = await Promise.all([
      cache.handle(get("/"), pages.render),
      cache.handle(request("HEAD", "/"), pages.render),
    ]);
    expect(await got.text()).toBe("render 1");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(pages.count).toBe(1);
  });

  it("never stores a HEAD's answer: the GETs after it get the page, not an empty body", async () => {
    const cache = createGuestPageCache({ ttlSeconds: 10 });
    // As React Router answers HEAD: the page's headers, no body.
    const pages = counter((n) => (n === 1 ? page("") : page(`render ${n}`)));
    const head = await cache.handle(request("HEAD", "/"), pages.render);
    expect(await head.text()).toBe("");
    expect(cache.size).toBe(0);
    const [first, second] = await Promise.all([
      cache.handle(get("/"), pages.render),
      cache.handle(get("/"), pages.render),
    ]);
    expect(await first.text()).toBe("render 2");
    expect(await second.text()).toBe("render 2");
    expect(cache.lookup(get("/"))?.body.byteLength).toBe("render 2".length);
  });
});

describe("guest page cache lookup (the Node server's fast path)", () => {
  const plain = get;

  it("finds what a render stored, with Node-style headers", async () => {
    const cache = createGuestPageCache({ ttlSeconds: 10 });
    const render = async () => {
      const headers = new Headers({ "cache-control": "public, max-age=60" });
      headers.append("set-cookie", "a=1; Path=/");
      headers.append("set-cookie", "b=2; Path=/");
      return new Response("<html>", { headers });
    };
    expect(cache.lookup(plain("/veranstaltungen?page=2"))).toBeNull();
    await cache.handle(get("/veranstaltungen?page=2", { host: "shop.example" }), render);
    const hit = cache.lookup(plain("/veranstaltungen?page=2", { host: "shop.example" }));
    expect(hit?.status).toBe(200);
    expect(new TextDecoder().decode(hit!.body)).toBe("<html>");
    expect(hit?.nodeHeaders["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(hit?.nodeHeaders["cache-control"]).toBe("public, max-age=60");
    expect(cache.lookup(plain("/veranstaltungen?page=3", { host: "shop.example" }))).toBeNull();
    expect(
      cache.lookup(plain("/veranstaltungen?page=2", { host: "shop.example", cookie: "token=x" })),
    ).toBeNull();
  });
});

import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import type { EntryContext, ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWebConfig, type WebConfig } from "./app/config.server";
import { createWebListener, isValidHost } from "./server";

let guestRenders = 0;

/**
 * The web listener on a real Node server, with a small server build in place of the app's (so
 * these tests need no `npm run build`): one form page with an action, one resource route that
 * names the visitor's address, one that fails while streaming.
 */
const build = {
  entry: {
    module: {
      // Renders the action's answer as JSON instead of a React document.
      default: (_request: Request, status: number, headers: Headers, context: EntryContext) =>
        Response.json(
          { actionData: context.staticHandlerContext.actionData?.form ?? null },
          { status, headers },
        ),
    },
  },
  routes: {
    root: { id: "root", path: "", module: {} },
    form: {
      id: "form",
      parentId: "root",
      path: "form",
      module: {
        action: async ({ request }: { request: Request }) =>
          Object.fromEntries(await request.formData()),
        default: () => null,
      },
    },
    client: {
      id: "client",
      parentId: "root",
      path: "client",
      module: {
        loader: ({ request }: { request: Request }) =>
          Response.json(request.headers.get("x-forwarded-for")),
      },
    },
    origin: {
      id: "origin",
      parentId: "root",
      path: "origin",
      module: {
        // The address pages write into canonical links and the sitemap (publicOrigin).
        loader: ({ request }: { request: Request }) => Response.json(new URL(request.url).origin),
      },
    },
    long: {
      id: "long",
      parentId: "root",
      path: "long",
      module: {
        loader: () =>
          new Response(`<p>${"Konzert in Köln. ".repeat(300)}</p>`, {
            headers: { "Content-Type": "text/html; charset=utf-8" },
          }),
      },
    },
    nonced: {
      id: "nonced",
      parentId: "root",
      path: "nonced",
      module: {
        // A public page as entry.server.tsx renders it: a new nonce every time.
        loader: () => {
          const nonce = randomBytes(16).toString("base64");
          return new Response(`<script nonce="${nonce}">1</script>`, {
            headers: {
              "Content-Type": "text/html; charset=utf-8",
              "Cache-Control": "public, max-age=60",
              "Content-Security-Policy": `script-src 'self' 'nonce-${nonce}'`,
            },
          });
        },
      },
    },
    guest: {
      id: "guest",
      parentId: "root",
      path: "guest",
      module: {
        // A catalogue page: public for guests, personal with a login cookie; counts its renders.
        loader: ({ request }: { request: Request }) => {
          guestRenders += 1;
          const signedIn = /(?:^|; )token=/.test(request.headers.get("cookie") ?? "");
          return new Response(
            `<p>${signedIn ? "Hallo Vera" : "Willkommen"}, render ${guestRenders}. ${"Konzert in Köln. ".repeat(100)}</p>`,
            {
              headers: {
                "Content-Type": "text/html; charset=utf-8",
                "Cache-Control": signedIn ? "private, no-store" : "public, max-age=60",
                Vary: "Cookie",
              },
            },
          );
        },
      },
    },
    broken: {
      id: "broken",
      parentId: "root",
      path: "broken",
      module: {
        loader: () =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode("half a page"));
              },
              pull(controller) {
                controller.error(new Error("the stream broke"));
              },
            }),
          ),
      },
    },
  },
  assets: {
    entry: { module: "/entry.client.js", imports: [] },
    routes: {},
    url: "/manifest.js",
    version: "test",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  allowedActionOrigins: false,
} as unknown as ServerBuild;

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bytes: Buffer;
};

/** One request over a socket with exactly the given method and headers (fetch refuses many). */
function send(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = "",
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, method, path: target, headers, setHost: !("host" in headers) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            bytes: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const form = { "content-type": "application/x-www-form-urlencoded" };

/** `files`: the build's static files, by their path under `client/`. */
async function startServer(config: WebConfig, files: Record<string, string | Buffer> = {}) {
  const buildDir = mkdtempSync(path.join(tmpdir(), "eventwerk-web-build-"));
  mkdirSync(path.join(buildDir, "client"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(buildDir, "client", name)), { recursive: true });
    writeFileSync(path.join(buildDir, "client", name), text);
  }
  const server: Server = createServer(await createWebListener({ build, buildDir, config }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    buildDir,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        rmSync(buildDir, { recursive: true, force: true });
      }),
  };
}

describe("the web listener", () => {
  let base = "";
  let close = async () => {};
  beforeAll(async () => {
    ({ base, close } = await startServer(loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "0" })));
  });
  afterAll(() => close());

  it("names the connection's address when nobody forwarded the request", async () => {
    expect(JSON.parse((await send(base, "GET", "/client")).body)).toBe("127.0.0.1");
  });

  it("appends the connection's address to a chain from a proxy in front", async () => {
    const answer = await send(base, "GET", "/client", { "x-forwarded-for": "203.0.113.7" });
    expect(JSON.parse(answer.body)).toBe("203.0.113.7, 127.0.0.1");
  });

  it("runs a form's action", async () => {
    const answer = await send(base, "POST", "/form", form, "name=Ada");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ actionData: { name: "Ada" } });
  });

  it("answers methods it does not handle with 405 and Allow, and stays up", async () => {
    for (const method of ["TRACE", "PATCH", "PUT", "DELETE", "OPTIONS", "PROPFIND", "MKCOL"]) {
      const answer = await send(base, method, "/form", form, "name=Ada");
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe("GET, HEAD, POST");
    }
    expect((await send(base, "GET", "/client")).status).toBe(200);
  });

  it("refuses a Host no URL can be built from with 400, and stays up", async () => {
    for (const host of ["a b", "localhost:99999", "[::1", "evil.example/x", "u@evil.example"]) {
      for (const method of ["GET", "POST"]) {
        const answer = await send(base, method, "/form", { ...form, host }, "name=Ada");
        expect(answer.status, `${method} with Host ${host}`).toBe(400);
      }
    }
    expect((await send(base, "GET", "/client")).status).toBe(200);
  });

  it("refuses targets that are not a path", async () => {
    expect((await send(base, "GET", "http://evil.example/form")).status).toBe(400);
    expect((await send(base, "GET", "*")).status).toBe(400);
  });

  it("refuses posts that are not forms with 415", async () => {
    const answer = await send(base, "POST", "/form", { "content-type": "text/plain" }, "x");
    expect(answer.status).toBe(415);
  });

  it("takes a post without a body for an empty form", async () => {
    const answer = await send(base, "POST", "/form");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ actionData: {} });
  });

  it("ends a page whose stream fails, and stays up", async () => {
    await expect(send(base, "GET", "/broken")).rejects.toThrow();
    expect((await send(base, "GET", "/client")).status).toBe(200);
  });
});

describe("the build's static files", () => {
  it("cuts off a file removed since the start (a new build over the old), and stays up", async () => {
    const script = "console.log('a build');";
    const { base, buildDir, close } = await startServer(
      loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "0" }),
      {
        "assets/app.js": script,
        "assets/app.js.br": brotliCompressSync(script),
      },
    );
    try {
      // sirv listed the files at the start; the brotli one goes, the plain one stays.
      unlinkSync(path.join(buildDir, "client", "assets", "app.js.br"));
      await expect(
        send(base, "GET", "/assets/app.js", { "accept-encoding": "br" }),
      ).rejects.toThrow();
      const plain = await send(base, "GET", "/assets/app.js");
      expect([plain.status, plain.body]).toEqual([200, script]);
      expect((await send(base, "GET", "/client")).status).toBe(200);
    } finally {
      await close();
    }
  });
});

describe("isValidHost", () => {
  it.each([
    "localhost",
    "localhost:3000",
    "127.0.0.1:65535",
    "[::1]:3000",
    "eventwerk.example",
    "web_1:3000",
  ])("accepts %s", (host) => {
    expect(isValidHost(host)).toBe(true);
  });

  it.each([
    "",
    "a b",
    "localhost:99999",
    "localhost:",
    "[::1",
    "evil.example/x",
    "evil.example?x",
    "u@evil.example",
    "-evil.example",
    "évil.example",
  ])("refuses %j", (host) => {
    expect(isValidHost(host)).toBe(false);
  });
});

describe("forms behind HTTPS termination", () => {
  const post = (base: string, headers: Record<string, string>) =>
    send(base, "POST", "/form", { ...form, ...headers }, "name=Ada");

  it("PUBLIC_URL gives the request its public scheme and host", async () => {
    const server = await startServer(
      loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "0", PUBLIC_URL: "https://shop.example" }),
    );
    try {
      expect((await post(server.base, { origin: "https://shop.example" })).status).toBe(200);
      expect((await post(server.base, { origin: "http://shop.example" })).status).toBe(400);
      expect((await post(server.base, { origin: "https://evil.example" })).status).toBe(400);
    } finally {
      await server.close();
    }
  });

  it("believes X-Forwarded-Proto and X-Forwarded-Host from a trusted proxy only", async () => {
    const trusting = await startServer(
      loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "0", TRUST_PROXY: "loopback" }),
    );
    const distrusting = await startServer(
      loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "0", TRUST_PROXY: "10.0.0.0/8" }),
    );
    const forwarded = {
      origin: "https://shop.example",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "shop.example",
    };
    try {
      expect((await post(trusting.base, forwarded)).status).toBe(200);
      expect((await post(distrusting.base, forwarded)).status).toBe(400);
      // A proxy's host must be a host, too.
      expect((await post(trusting.base, { ...forwarded, "x-forwarded-host": "a b" })).status).toBe(
        400,
      );
    } finally {
      await trusting.close();
      await distrusting.close();
    }
  });
});

describe("the Host a page names as its own address", () => {
  const origin = async (base: string, headers: Record<string, string>) => {
    const answer = await send(base, "GET", "/origin", headers);
    return { status: answer.status, body: answer.body };
  };

  it("in production without PUBLIC_URL, only this machine's names are answered", async () => {
    const config = loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "0", NODE_ENV: "production" });
    expect(config.LOOPBACK_HOSTS_ONLY).toBe(true);
    const server = await startServer(config);
    try {
      for (const host of ["localhost:3000", "127.0.0.1", "[::1]:8080"]) {
        expect(await origin(server.base, { host })).toEqual({
          status: 200,
          body: JSON.stringify(`http://${host}`),
        });
      }
      // Also through the trusted proxy (loopback) naming the host.
      const strangers: Record<string, string>[] = [
        { host: "evil.example" },
        { host: "localhost.evil.example" },
        { host: "localhost", "x-forwarded-host": "evil.example" },
      ];
      for (const headers of strangers) {
        const answer = await origin(server.base, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(421);
        expect(answer.body).not.toContain("evil");
      }
    } finally {
      await server.close();
    }
  });

  it("with PUBLIC_URL, pages name PUBLIC_URL whatever the Host says", async () => {
    const config = loadWebConfig({
      GUEST_PAGE_CACHE_SECONDS: "0",
      NODE_ENV: "production",
      PUBLIC_URL: "https://shop.example",
    });
    expect(config.LOOPBACK_HOSTS_ONLY).toBe(false);
    const server = await startServer(config);
    try {
      expect(await origin(server.base, { host: "evil.example" })).toEqual({
        status: 200,
        body: JSON.stringify("https://shop.example"),
      });
    } finally {
      await server.close();
    }
  });

  it("outside production any Host is answered (development on other machines' names)", () => {
    expect(loadWebConfig({ NODE_ENV: "development" }).LOOPBACK_HOSTS_ONLY).toBe(false);
    expect(loadWebConfig({}).LOOPBACK_HOSTS_ONLY).toBe(false);
  });
});

describe("the size of form posts", () => {
  let base = "";
  let close = async () => {};
  beforeAll(async () => {
    ({ base, close } = await startServer(
      loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "0", BODY_LIMIT: "1024" }),
    ));
  });
  afterAll(() => close());

  const field = (bytes: number) => `name=${"a".repeat(bytes - "name=".length)}`;

  it("takes a form up to the limit", async () => {
    const answer = await send(base, "POST", "/form", form, field(1024));
    expect(answer.status).toBe(200);
  });

  it("answers 413 for a declared length over the limit", async () => {
    const answer = await send(base, "POST", "/form", form, field(1025));
    expect(answer.status).toBe(413);
  });

  it("lets the panel's event page take a cover picture (10 MB) from a signed-in visitor, and only that page", async () => {
    const body = field(64 * 1024);
    const signedIn = { ...form, cookie: "token=x" };
    for (const target of [
      "/panel/veranstaltungen/7",
      "/en/panel/events/7",
      // Posted by the page's script to its data URL, with and without a trailing slash.
      "/panel/veranstaltungen/7.data",
      "/en/panel/events/7/_.data",
    ]) {
      expect((await send(base, "POST", target, signedIn, body)).status, target).not.toBe(413);
      expect((await send(base, "POST", target, form, body)).status, target).toBe(413);
    }
    expect(
      (await send(base, "POST", "/panel/veranstaltungen/7/bestellungen", signedIn, body)).status,
    ).toBe(413);
  });

  it("answers 413 while a chunked body streams in, without reading it all", async () => {
    const { hostname, port } = new URL(base);
    const chunk = Buffer.alloc(16 * 1024, "a");
    const total = 10 * 1024 * 1024;
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: hostname, port, method: "POST", path: "/form", headers: form },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      // The server may hang up on the rest of the body once it has answered.
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
      });
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once("drain", pump);
            return;
          }
        }
        req.end();
      };
      req.write("name=");
      pump();
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(total);
  });
});

describe("compression", () => {
  it("compresses pages for clients that accept brotli or gzip", async () => {
    const { base, close } = await startServer(loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "0" }));
    try {
      for (const encoding of ["br", "gzip"]) {
        // fetch decodes the body and keeps the header: the text must survive the round trip.
        const response = await fetch(`${base}/long`, { headers: { "accept-encoding": encoding } });
        expect(response.headers.get("content-encoding")).toBe(encoding);
        expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
        expect(await response.text()).toBe(`<p>${"Konzert in Köln. ".repeat(300)}</p>`);
      }
      const plain = await send(base, "GET", "/long", { "accept-encoding": "identity" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
    } finally {
      await close();
    }
  });

  it("leaves compression to a proxy in front when COMPRESSION is false", async () => {
    const { base, close } = await startServer(
      loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "0", COMPRESSION: "false" }),
    );
    try {
      const response = await send(base, "GET", "/long", { "accept-encoding": "br, gzip" });
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
    } finally {
      await close();
    }
  });
});

describe("the guest page cache", () => {
  let base = "";
  let close = async () => {};
  beforeAll(async () => {
    ({ base, close } = await startServer(loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "60" })));
  });
  afterAll(() => close());

  // What belongs to one answer on the wire rather than to the page.
  const perAnswer = new Set([
    "date",
    "connection",
    "keep-alive",
    "content-length",
    "transfer-encoding",
  ]);
  const pageHeaders = (answer: Answer) =>
    Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !perAnswer.has(name)));

  it("answers a hit with the rendered page's bytes and headers, in each coding", async () => {
    const target = "/guest?codings";
    const rendered = await send(base, "GET", target, { "accept-encoding": "identity" });
    expect(rendered.body).toMatch(/^<p>Willkommen, render \d+\./);
    const renders = guestRenders;
    const hit = await send(base, "GET", target, { "accept-encoding": "identity" });
    expect(guestRenders).toBe(renders);
    expect(hit.body).toBe(rendered.body);
    expect(pageHeaders(hit)).toEqual(pageHeaders(rendered));
    expect(hit.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(hit.headers["x-content-type-options"]).toBe("nosniff");
    expect(hit.headers.etag).toMatch(/^W\//);
    expect(Number(hit.headers["content-length"])).toBe(Buffer.byteLength(rendered.body));
    for (const encoding of ["br", "gzip", "gzip, deflate, br, zstd"]) {
      const answer = await send(base, "GET", target, { "accept-encoding": encoding });
      const coding = encoding.includes("br") ? "br" : "gzip";
      expect(pageHeaders(answer)).toEqual({ ...pageHeaders(rendered), "content-encoding": coding });
      const decoded =
        coding === "br" ? brotliDecompressSync(answer.bytes) : gunzipSync(answer.bytes);
      expect(decoded.toString()).toBe(rendered.body);
    }
    const head = await send(base, "HEAD", target);
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(hit.headers["content-length"]);
    expect(guestRenders).toBe(renders);
  });

  it("never answers a signed-in visitor with a guest's page, nor keeps a personal one", async () => {
    const target = "/guest?signed-in";
    const guest = await send(base, "GET", target);
    const signedIn = { cookie: "token=abc" };
    const first = await send(base, "GET", target, signedIn);
    const second = await send(base, "GET", target, signedIn);
    expect(first.body).toMatch(/^<p>Hallo Vera, render/);
    expect(second.body).not.toBe(first.body);
    expect(second.headers["cache-control"]).toBe("private, no-store");
    expect(await send(base, "GET", target)).toMatchObject({ body: guest.body });
  });

  it("answers a matching If-None-Match with 304 and no new policy", async () => {
    const target = "/guest?revalidate";
    const page = await send(base, "GET", target);
    const etag = String(page.headers.etag);
    const answer = await send(base, "GET", target, { "if-none-match": etag });
    expect(answer.status).toBe(304);
    expect(answer.body).toBe("");
    expect(answer.headers.etag).toBe(etag);
    expect(answer.headers["cache-control"]).toBe("public, max-age=60");
    expect(answer.headers["content-security-policy"]).toBeUndefined();
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect((await send(base, "GET", target, { "if-none-match": 'W/"other"' })).status).toBe(200);
  });

  it("keeps a page per target as sent, and hands requests with a body to the listener", async () => {
    await send(base, "GET", "/guest?raw");
    const renders = guestRenders;
    await send(base, "GET", "/guest?raw");
    await send(base, "GET", "/x/../guest?raw");
    expect(guestRenders).toBe(renders + 1);
    expect((await send(base, "GET", "/guest?raw", { "content-length": "99999999" })).status).toBe(
      413,
    );
  });
});

describe("security headers", () => {
  let base = "";
  let close = async () => {};
  beforeAll(async () => {
    ({ base, close } = await startServer(
      loadWebConfig({
        GUEST_PAGE_CACHE_SECONDS: "0",
        PANEL_FRAME_ANCESTORS: "https://partner.example, https://other.example/path",
      }),
    ));
  });
  afterAll(() => close());

  it("come with every answer: pages, refusals and errors", async () => {
    const answers = [
      await send(base, "GET", "/client"),
      await send(base, "TRACE", "/client"),
      await send(base, "GET", "/client", { host: "a b" }),
      await send(base, "GET", "/nowhere"),
    ];
    for (const answer of answers) {
      expect(answer.headers["x-content-type-options"], `${answer.status}`).toBe("nosniff");
      expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(answer.headers["content-security-policy"]).toMatch(/script-src 'self'(;|$)/);
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      // Plain http: HSTS would do nothing, and pin localhost to https.
      expect(answer.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("let the panel's pages be framed by the site and PANEL_FRAME_ANCESTORS only", async () => {
    for (const target of ["/panel", "/en/panel"]) {
      const answer = await send(base, "GET", target);
      expect(answer.headers["content-security-policy"]).toContain(
        "frame-ancestors 'self' https://partner.example https://other.example",
      );
      expect(answer.headers["x-frame-options"]).toBeUndefined();
    }
    const other = await send(base, "GET", "/panelx");
    expect(other.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("let any site frame the embeddable ticket shop, and nothing else of the site", async () => {
    for (const target of ["/einbetten/12", "/en/embed/12"]) {
      const answer = await send(base, "GET", target);
      expect(answer.headers["content-security-policy"]).toContain("frame-ancestors *");
      expect(answer.headers["x-frame-options"]).toBeUndefined();
    }
    for (const target of ["/einbetten", "/en/embed/12/more", "/kasse/12", "/"]) {
      const answer = await send(base, "GET", target);
      expect(answer.headers["content-security-policy"], target).toContain("frame-ancestors 'none'");
      expect(answer.headers["x-frame-options"], target).toBe("DENY");
    }
  });

  it("keep a page's own policy with its nonce, and tag pages alike despite their nonces", async () => {
    const first = await send(base, "GET", "/nonced");
    const second = await send(base, "GET", "/nonced");
    const nonce = /nonce="([^"]+)"/.exec(first.body)?.[1];
    expect(first.headers["content-security-policy"]).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(first.headers.etag).toMatch(/^W\//);
    expect(second.headers.etag).toBe(first.headers.etag);
    // The browser keeps the policy it stored with the page: a 304 must not replace it.
    const revalidated = await send(base, "GET", "/nonced", {
      "if-none-match": String(first.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers["content-security-policy"]).toBeUndefined();
  });

  it("add HSTS when PUBLIC_URL is https", async () => {
    const server = await startServer(
      loadWebConfig({ GUEST_PAGE_CACHE_SECONDS: "0", PUBLIC_URL: "https://shop.example" }),
    );
    try {
      const answer = await send(server.base, "GET", "/client");
      expect(answer.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains",
      );
    } finally {
      await server.close();
    }
  });

  it("refuse a PANEL_FRAME_ANCESTORS entry that is not an origin", () => {
    expect(() => loadWebConfig({ PANEL_FRAME_ANCESTORS: "javascript:alert(1)" })).toThrow(
      /PANEL_FRAME_ANCESTORS/,
    );
    expect(() => loadWebConfig({ PANEL_FRAME_ANCESTORS: "'unsafe-inline'" })).toThrow(
      /PANEL_FRAME_ANCESTORS/,
    );
  });
});

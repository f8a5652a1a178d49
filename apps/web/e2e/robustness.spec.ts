import { connect } from "node:net";
import { apiPaths } from "@eventwerk/contract";
import { expect, test } from "@playwright/test";
import { sitemapEventsPath } from "../app/lib/sitemap-paths";
import { pathTo, resources } from "../app/route-table";

/**
 * Hostile requests against the real combined server (scripts/start.ts, production build): none of
 * them may end the process or answer 5xx. Sent over raw sockets, since HTTP clients refuse to send
 * most of them.
 */

/** Sends one raw HTTP/1.1 request and returns what came back (empty when the server hung up). */
function raw(baseURL: string, head: string): Promise<string> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () =>
      socket.destroy(new Error(`No answer to ${head.split("\r\n")[0]}`)),
    );
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      // A server that hangs up on a request it refuses (before reading all of it) is fine; only a
      // dead server is not.
      error.code === "ECONNRESET" || error.code === "EPIPE"
        ? resolve(Buffer.concat(chunks).toString("latin1"))
        : reject(error),
    );
    socket.write(head);
  });
}

const request = (method: string, target: string, host = "localhost", body = "") =>
  `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n${
    body
      ? `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n`
      : ""
  }\r\n${body}`;

const status = (answer: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);

/** The server is still there and healthy. */
async function expectAlive(baseURL: string) {
  const answer = await raw(baseURL, request("GET", "/healthz"));
  expect(status(answer), "the server answers /healthz").toBe(200);
}

// RFC 9110 and its extensions, WebDAV (RFC 4918, 3253, 3744, 5842, 4791), what Node's parser
// knows besides, and garbage.
const methods = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "CONNECT",
  "OPTIONS",
  "TRACE",
  "PATCH",
  "QUERY",
  "PROPFIND",
  "PROPPATCH",
  "MKCOL",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
  "SEARCH",
  "REPORT",
  "MKACTIVITY",
  "CHECKOUT",
  "MERGE",
  "ACL",
  "BIND",
  "REBIND",
  "UNBIND",
  "MKCALENDAR",
  "LINK",
  "UNLINK",
  "PURGE",
  "SOURCE",
  "M-SEARCH",
  "NOTIFY",
  "SUBSCRIBE",
  "UNSUBSCRIBE",
  "BREW",
  "FOO",
  "get",
  "TRACK",
  "G\u00e9T",
];

const paths = ["/", "/kontakt", "/en/contact", "/login", "/veranstaltungen", "/api/v1/events"];

test.describe("hostile requests", () => {
  test.describe.configure({ timeout: 120_000 });

  test("every method on every kind of path leaves the server up, never 5xx", async ({
    baseURL,
  }) => {
    const url = baseURL as string;
    for (const method of methods) {
      for (const path of paths) {
        const answer = await raw(url, request(method, path));
        expect(status(answer), `${method} ${path}`).toBeLessThan(500);
        await expectAlive(url);
      }
    }
  });

  test("methods the web app does not handle get 405 with Allow", async ({ baseURL }) => {
    // RFC 9110's; the API's router answers methods it does not know at all (WebDAV's) with 404.
    for (const method of ["TRACE", "PATCH", "PUT", "DELETE", "OPTIONS"]) {
      for (const path of ["/", "/kontakt"]) {
        const answer = await raw(baseURL as string, request(method, path, "localhost", "a=1"));
        expect(status(answer), `${method} ${path}`).toBe(405);
        expect(answer, `${method} ${path}`).toMatch(/\r\nallow: GET, HEAD, POST\r\n/i);
      }
    }
  });

  test("a 10 MB form post gets 413 without being read in full", async ({ baseURL }) => {
    const url = baseURL as string;
    for (const path of ["/login", "/kontakt"]) {
      // The first 64 kB of it: the answer must come before the rest is sent.
      const head = `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`;
      const answer = await raw(url, `${head}email=${"a".repeat(64 * 1024)}`);
      expect(status(answer), path).toBe(413);
      await expectAlive(url);
    }
  });

  test("bad Host headers leave the server up, never 5xx", async ({ baseURL }) => {
    const url = baseURL as string;
    const hosts = [
      "a b",
      "localhost:99999",
      "localhost:-1",
      "[::1",
      "exa%mple",
      "evil.example/path",
      "evil.example?x",
      "user@evil.example",
      "",
      "\u00ff\u00fe",
      "a".repeat(300),
    ];
    for (const host of hosts) {
      for (const [method, path] of [
        ["GET", "/"],
        ["GET", "/kontakt"],
        ["HEAD", "/veranstaltungen"],
        ["POST", "/kontakt"],
        ["GET", "/sitemap.xml"],
        ["GET", "/sitemap-events-1.xml"],
      ] as const) {
        const answer = await raw(url, request(method, path, host, method === "POST" ? "a=1" : ""));
        expect(status(answer), `${method} ${path} with Host ${JSON.stringify(host)}`).toBeLessThan(
          500,
        );
        await expectAlive(url);
      }
    }
    // No Host at all, and two of them.
    for (const head of [
      "GET / HTTP/1.0\r\n\r\n",
      "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    ]) {
      expect(status(await raw(url, head)), JSON.stringify(head)).toBeLessThan(500);
      await expectAlive(url);
    }
  });

  test("a stranger's Host is written into no page: production without PUBLIC_URL answers localhost only", async ({
    baseURL,
  }) => {
    const url = baseURL as string;
    const pages = [
      pathTo("home", "de"),
      pathTo("events", "en"),
      resources.sitemap.path,
      resources.sitemapPages.path,
      sitemapEventsPath(1),
      resources.robots.path,
    ];
    for (const path of pages) {
      const foreign = await raw(url, request("GET", path, "evil.example"));
      expect(status(foreign), path).toBe(421);
      expect(foreign, path).not.toContain("evil.example");
      const own = await raw(url, request("GET", path, "localhost"));
      expect(status(own), path).toBe(200);
      expect(own, path).toContain("http://localhost");
    }
    // The API names no host of the request's in its answers.
    expect(status(await raw(url, request("GET", apiPaths.events, "evil.example")))).toBe(200);
  });

  test("bad percent-encodings leave the server up, never 5xx", async ({ baseURL }) => {
    const url = baseURL as string;
    const targets = [
      "/%",
      "/%zz",
      "/%E0%A4%A",
      "/%ff",
      "/%c0%af",
      "/%00",
      "/veranstaltungen/%ff",
      "/veranstaltungen?q=%",
      "/veranstaltungen?q=%ff",
      "/en/%",
      "/login?redirect=%",
      "/assets/%",
      "/api/v1/events?q=%",
      "/api/v1/%ff",
      "//evil.example",
      "/..%2f..%2fetc/passwd",
      "*",
      "http://evil.example/",
    ];
    for (const target of targets) {
      for (const method of ["GET", "POST"]) {
        const answer = await raw(
          url,
          request(method, target, "localhost", method === "POST" ? "a=%" : ""),
        );
        expect(status(answer), `${method} ${target}`).toBeLessThan(500);
        // A page's refusal is the site's HTML error page, not the API's JSON.
        if (method === "GET" && target.startsWith("/") && !target.startsWith("/api/")) {
          expect(answer, `${method} ${target}`).toMatch(/\r\ncontent-type: text\/html/i);
        }
        await expectAlive(url);
      }
    }
  });
});

import { Writable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { apiPaths } from "@eventwerk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { createTestApp, type TestApp } from "./testing/app.ts";

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe("compression of API answers", () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [t, off] = await Promise.all([
      createTestApp({ SEED_DEMO_DATA: "false" }),
      createTestApp({ SEED_DEMO_DATA: "false", COMPRESSION: "false" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), off?.close()]);
  });

  it("sends brotli or gzip as the client accepts, and the same JSON", async () => {
    const plain = await t.app.inject({ url: apiPaths.openapi });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const encoding of ["br", "gzip"] as const) {
      const response = await t.app.inject({
        url: apiPaths.openapi,
        headers: { "accept-encoding": encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode[encoding](response.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it("leaves compression to a proxy in front when COMPRESSION is false", async () => {
    const response = await off.app.inject({
      url: apiPaths.openapi,
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
  });
});

describe("request logging", () => {
  let t: TestApp;
  // Fastify warns once per process, when the first app is built: listen before that.
  const deprecations: string[] = [];
  const onWarning = (warning: Error & { code?: string }) => {
    if (warning.name === "DeprecationWarning" || warning.code?.startsWith("FSTDEP"))
      deprecations.push(`${warning.code}: ${warning.message}`);
  };
  process.on("warning", onWarning);
  afterAll(() => {
    process.off("warning", onWarning);
  });
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO_DATA: "false" });
  });
  afterAll(() => t?.close());

  /** An app on the test context whose log lines (JSON, at info) land in the returned list. */
  async function loggedApp(slowRequestMs = t.ctx.config.SLOW_REQUEST_MS) {
    const lines: { level: number; msg: string; url?: string; statusCode?: number }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const ctx = { ...t.ctx, config: { ...t.ctx.config, SLOW_REQUEST_MS: slowRequestMs } };
    const app = await buildApp(ctx, { logger: { level: "info", stream } });
    await app.ready();
    return { app, lines };
  }

  it("writes no line per ordinary request at info", async () => {
    const { app, lines } = await loggedApp();
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/v1/nowhere" })).statusCode).toBe(404);
    expect(lines.filter((line) => line.url)).toEqual([]);
    await app.close();
  });

  it("is configured without Fastify's deprecated options", async () => {
    const { app } = await loggedApp();
    await app.close();
    expect(deprecations).toEqual([]);
  });

  it("logs slow answers at warn", async () => {
    const { app, lines } = await loggedApp(0);
    await app.inject({ url: "/healthz" });
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, msg: "slow request", url: "/healthz", statusCode: 200 }),
    );
    await app.close();
  });

  it("keeps reset tokens out of the log lines", async () => {
    const { app, lines } = await loggedApp(0);
    await app.inject({ url: "/healthz?token=secret-reset-token" });
    const logged = lines.filter((line) => line.url?.startsWith("/healthz"));
    expect(logged.map((line) => line.url)).toEqual(["/healthz?token=[redacted]"]);
    expect(JSON.stringify(lines)).not.toContain("secret-reset-token");
    await app.close();
  });
});

describe("the developers' pages and the OpenAPI document", () => {
  let t: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    [t, production] = await Promise.all([
      createTestApp({ SEED_DEMO_DATA: "false" }),
      createTestApp({ SEED_DEMO_DATA: "false", DEVELOPER_PAGES: "false" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), production?.close()]);
  });

  it("serves /api/docs only with DEVELOPER_PAGES, the document always", async () => {
    expect((await t.app.inject({ url: "/api/docs/" })).statusCode).toBe(200);
    expect((await production.app.inject({ url: "/api/docs/" })).statusCode).toBe(404);
    expect((await production.app.inject({ url: "/api/docs/json" })).statusCode).toBe(404);
    expect((await production.app.inject({ url: apiPaths.openapi })).statusCode).toBe(200);
  });

  it("lists only the API's operations, not the pages the same server answers", async () => {
    // As the combined server (scripts/one-port.ts) mounts the web app beside the API.
    const app = await buildApp(t.ctx, { logger: false });
    app.all("/*", async () => "page");
    app.get("/kontakt", async () => "page");
    await app.ready();
    try {
      const spec = (await app.inject({ url: apiPaths.openapi })).json<{
        paths: Record<string, unknown>;
      }>();
      const paths = Object.keys(spec.paths);
      expect(paths.length).toBeGreaterThan(10);
      expect(paths.filter((path) => !path.startsWith("/api/v1/"))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("documents a query's defaults and an id's digits", async () => {
    type Parameter = { name: string; in: string; schema: Record<string, unknown> };
    const spec = (await t.app.inject({ url: apiPaths.openapi })).json<{
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    }>();
    const parameter = (path: string, name: string) =>
      spec.paths[path]?.get?.parameters?.find((entry) => entry.name === name)?.schema;
    expect(parameter("/api/v1/events", "page")).toMatchObject({ type: "integer", default: 1 });
    expect(parameter("/api/v1/events", "per_page")).toMatchObject({ default: 24, maximum: 100 });
    expect(parameter("/api/v1/events/{id}", "id")).toMatchObject({
      type: "integer",
      maximum: 2_147_483_647,
    });
  });
});

import type { EventDetail } from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../db/schema.ts";
import { call, createTestApp, loginDemoVisitor, type TestApp } from "../testing/app.ts";

let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_CACHE_SECONDS: "2" });
  const [row] = await t.ctx.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.status, "published"))
    .limit(1);
  eventId = row!.id;
});
afterAll(() => t.close());

const rename = (title: string) =>
  t.ctx.db.update(events).set({ titleDe: title }).where(eq(events.id, eventId));
const read = (headers: Record<string, string> = {}, token?: string) =>
  call(t.app, { method: "GET", url: `/api/v1/events/${eventId}`, headers, token });
const titleOf = (response: { json: <T>() => T }) =>
  response.json<{ data: EventDetail }>().data.title;

describe("the anonymous catalogue micro-cache", () => {
  it("answers anonymous reads from its copy for a few seconds, with the same headers", async () => {
    await rename("Erster Titel");
    const first = await read();
    expect(titleOf(first)).toBe("Erster Titel");
    await rename("Zweiter Titel");
    const second = await read();
    expect(second.statusCode).toBe(200);
    expect(titleOf(second)).toBe("Erster Titel");
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["cache-control"]).toBe(first.headers["cache-control"]);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(second.headers.vary).toBe("X-localization");

    // Its validator still works from the copy.
    const unchanged = await read({ "if-none-match": String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");

    // Each language has its own copy; a signed-in visitor gets the same one (nothing is personal).
    expect(titleOf(await read({ "x-localization": "en" }))).not.toBe("Erster Titel");
    const { access_token } = await loginDemoVisitor(t.app);
    expect(titleOf(await read({}, access_token))).toBe("Erster Titel");

    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(titleOf(await read())).toBe("Zweiter Titel");
  });

  it("replays every header of the answer, e.g. the calendar file's name", async () => {
    const url = `/api/v1/events/${eventId}/calendar.ics`;
    const first = await call(t.app, { method: "GET", url });
    const second = await call(t.app, { method: "GET", url });
    expect(first.headers["content-disposition"]).toMatch(/attachment; filename=".+\.ics"/);
    expect(second.headers["content-disposition"]).toBe(first.headers["content-disposition"]);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(second.body).toBe(first.body);
  });

  it("never keeps errors", async () => {
    const missing = await call(t.app, { method: "GET", url: "/api/v1/events/999999" });
    expect(missing.statusCode).toBe(404);
    const bad = await call(t.app, { method: "GET", url: "/api/v1/events?page=0" });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers["cache-control"]).toBeUndefined();
  });
});

describe("Cache-Control of catalogue reads, anonymous and signed in", () => {
  const urls = () => [
    "/api/v1/events",
    "/api/v1/events?sort=price&page=1",
    `/api/v1/events/${eventId}`,
    "/api/v1/search?q=Konzert",
  ];

  it("answers a signed-in visitor the same public answer as a guest: nothing in it is personal", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    for (const url of urls()) {
      const guest = await call(t.app, { method: "GET", url });
      const response = await call(t.app, { method: "GET", url, token: access_token });
      expect(response.statusCode, url).toBe(200);
      const cacheControl = String(response.headers["cache-control"]);
      // Explicitly public: shared caches may keep answers to requests with Authorization.
      expect(cacheControl, url).toMatch(/\bpublic\b/);
      expect(cacheControl, url).not.toMatch(/\bprivate\b|no-store/);
      expect(response.headers.vary, url).toBe("X-localization");
      expect(response.headers.etag, url).toBe(guest.headers.etag);
      expect(response.body, url).toBe(guest.body);
    }
  });

  it("answers anonymous reads as public, with an ETag that a revalidation answers with 304", async () => {
    for (const url of urls()) {
      const response = await call(t.app, { method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      const cacheControl = String(response.headers["cache-control"]);
      expect(cacheControl, url).toMatch(/\bpublic\b/);
      expect(cacheControl, url).not.toMatch(/\bprivate\b|no-store/);
      const etag = response.headers.etag;
      expect(etag, url).toMatch(/^W\/".+"$/);

      const unchanged = await call(t.app, {
        method: "GET",
        url,
        headers: { "if-none-match": String(etag) },
      });
      expect(unchanged.statusCode, url).toBe(304);
      expect(unchanged.body, url).toBe("");
      expect(unchanged.headers.etag, url).toBe(etag);
      expect(String(unchanged.headers["cache-control"]), url).toMatch(/\bpublic\b/);

      const other = await call(t.app, {
        method: "GET",
        url,
        headers: { "if-none-match": 'W/"something-else"' },
      });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).toBe(response.body);
    }
  });
});

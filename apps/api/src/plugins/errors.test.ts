import { apiPaths, errorBodySchema } from "@eventwerk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../testing/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("every error answers in the one error shape", () => {
  it("a URL that does not decode (FST_ERR_BAD_URL) is 400 in the shape, in the request's language", async () => {
    const response = await call(t.app, {
      method: "GET",
      url: `${apiPaths.events}/%E0%A4%A`,
      locale: "en",
    });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error).toEqual({ code: "malformed_request", message: "The request is malformed." });
  });

  it("a known address with another method is 405 with Allow", async () => {
    const response = await call(t.app, { method: "DELETE", url: `${apiPaths.events}?page=2` });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
    expect(errorBodySchema.parse(response.json()).error.code).toBe("method_not_allowed");
    const withParam = await call(t.app, { method: "PUT", url: `${apiPaths.events}/12` });
    expect(withParam.statusCode).toBe(405);
  });

  it("an unknown address stays 404", async () => {
    const response = await call(t.app, { method: "DELETE", url: "/api/v1/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).error.code).toBe("not_found");
  });

  it.each([
    "/storage/..%2f..%2fpackage.json",
    "/storage/%2e%2e/%2e%2e/package.json",
    "/storage/flags/%00",
    "/storage/flags/%E0%A4%A",
  ])("a refused storage path %s answers in the shape and does not speak of JSON", async (url) => {
    const response = await call(t.app, { method: "GET", url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.message).not.toMatch(/JSON/);
  });

  it("a number out of its range or none is named in words, not in zod's types", async () => {
    const fields = async (query: string, locale: "de" | "en") => {
      const response = await call(t.app, {
        method: "GET",
        url: `${apiPaths.events}?${query}`,
        locale,
      });
      expect(response.statusCode, query).toBe(400);
      return errorBodySchema.parse(response.json()).error.fields;
    };
    expect(await fields("page=0", "de")).toEqual({
      page: "Bitte geben Sie mindestens 1 ein.",
    });
    expect(await fields("city=abc", "de")).toEqual({ city: "Bitte geben Sie eine Zahl ein." });
    expect(await fields("per_page=1000", "en")).toEqual({
      per_page: expect.stringMatching(/^Please enter at most [\d,]+\.$/),
    });
  });

  it("a wrong content type and bad JSON keep their own codes", async () => {
    const form = await call(t.app, {
      method: "POST",
      url: apiPaths.contact,
      payload: "a=b",
      headers: { "content-type": "text/csv" },
    });
    expect(form.statusCode).toBe(415);
    expect(errorBodySchema.parse(form.json()).error.code).toBe("unsupported_media_type");
    const json = await call(t.app, {
      method: "POST",
      url: apiPaths.contact,
      payload: "{",
      headers: { "content-type": "application/json" },
    });
    expect(errorBodySchema.parse(json.json()).error.code).toBe("malformed_request");
  });
});

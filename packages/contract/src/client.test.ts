import { describe, expect, it } from "vitest";
import { ApiError, createApiClient, shouldRetry } from "./client.ts";
import { toLocale } from "./locale.ts";
import { apiPaths, fillPath } from "./paths.ts";

describe("retry rule", () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries a GET once on %i", (status) => {
    expect(shouldRetry("GET", status, 0)).toBe(true);
    expect(shouldRetry("GET", status, 1)).toBe(false);
  });
  it.each(["POST", "PUT", "PATCH", "DELETE"])("never retries %s", (method) => {
    expect(shouldRetry(method, 503, 0)).toBe(false);
  });
  it.each([400, 401, 403, 404, 422, 501])("does not retry a GET on %i", (status) => {
    expect(shouldRetry("GET", status, 0)).toBe(false);
  });
});

describe("client", () => {
  const langs = { data: [{ locale: "de", name: "Deutsch", flag: "flags/de.svg" }] };

  it("sends the bearer token and language, and retries a failed GET once", async () => {
    const seen: Request[] = [];
    const answers = [new Response("{}", { status: 503 }), Response.json(langs)];
    const client = createApiClient({
      baseUrl: "http://api.test/",
      token: "abc",
      locale: "en",
      fetch: async (input, init) => {
        seen.push(new Request(input, init));
        return answers.shift()!;
      },
    });
    await expect(client.langs()).resolves.toEqual(langs);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.url).toBe("http://api.test/api/v1/general/langs");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer abc");
    expect(seen[0]!.headers.get("x-localization")).toBe("en");
  });

  it("parses answers with their schema unless told to trust them; errors are always checked", async () => {
    const odd = { data: [{ locale: "de", name: "Deutsch", flag: "flags/de.svg", extra: 1 }] };
    const fetch: typeof globalThis.fetch = async () => Response.json(odd);
    // Parsed: unknown fields are dropped, as the contract's schema says.
    await expect(createApiClient({ baseUrl: "http://api.test", fetch }).langs()).resolves.toEqual(
      langs,
    );
    // Trusted (our own API validated it on the way out): taken as it came.
    await expect(
      createApiClient({ baseUrl: "http://api.test", fetch, trustAnswers: true }).langs(),
    ).resolves.toEqual(odd);
    const failing = createApiClient({
      baseUrl: "http://api.test",
      trustAnswers: true,
      fetch: async () =>
        Response.json({ error: { code: "not_found", message: "Nope" } }, { status: 404 }),
    });
    await expect(failing.langs()).rejects.toMatchObject({ status: 404, code: "not_found" });
  });

  it("passes on the visitor's address chain when given one", async () => {
    const seen: Request[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      seen.push(new Request(input, init));
      return Response.json(langs);
    };
    await createApiClient({
      baseUrl: "http://api.test",
      forwardedFor: "203.0.113.5",
      fetch,
    }).langs();
    await createApiClient({ baseUrl: "http://api.test", fetch }).langs();
    expect(seen.map((request) => request.headers.get("x-forwarded-for"))).toEqual([
      "203.0.113.5",
      null,
    ]);
  });

  it("does not retry a write and throws the API's error", async () => {
    let calls = 0;
    const client = createApiClient({
      baseUrl: "http://api.test",
      fetch: async () => {
        calls++;
        return Response.json(
          { error: { code: "internal_error", message: "kaputt" } },
          { status: 503 },
        );
      },
    });
    const error = await client
      .sendContact({ name: "a", email: "a@b.de", subject: "s", message: "0123456789" })
      .catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).code).toBe("internal_error");
  });

  it("forwards a form's body as typed and hands back the API's answer per field", async () => {
    const seen: Request[] = [];
    const client = createApiClient({
      baseUrl: "http://api.test",
      fetch: async (input, init) => {
        seen.push(new Request(input, init));
        return Response.json(
          {
            error: {
              code: "validation_failed",
              message: "invalid",
              fields: { name: "required", preferred_locale: "invalid" },
            },
          },
          { status: 422 },
        );
      },
    });
    const error = await client
      .updateProfile({ name: "", phone: null, preferred_locale: "fr" })
      .catch((e: unknown) => e);
    expect(seen[0]!.method).toBe("PATCH");
    expect(seen[0]!.url).toBe(`http://api.test${apiPaths.profile}`);
    expect(await seen[0]!.json()).toEqual({ name: "", phone: null, preferred_locale: "fr" });
    expect((error as ApiError).body?.error.fields).toEqual({
      name: "required",
      preferred_locale: "invalid",
    });
  });

  it("offers each resource's calls and no raw request", () => {
    const client = createApiClient({ baseUrl: "http://api.test" });
    for (const call of ["token", "updateProfile", "events", "countries", "menus", "register"]) {
      expect(typeof client[call as keyof typeof client], call).toBe("function");
    }
    expect(Object.keys(client.addresses).sort()).toEqual(["create", "list", "remove", "update"]);
    expect("request" in client).toBe(false);
  });

  it("rejects an answer that breaks the contract", async () => {
    const client = createApiClient({
      baseUrl: "http://api.test",
      fetch: async () => Response.json({ data: "nope" }),
    });
    await expect(client.langs()).rejects.toThrow();
  });
});

describe("helpers", () => {
  it("fills path parameters and refuses missing ones", () => {
    expect(fillPath("/api/v1/page/:id", { id: 7 })).toBe("/api/v1/page/7");
    expect(() => fillPath("/api/v1/page/:id", {})).toThrow(/Missing path parameter 'id'/);
  });
  it("falls back to German for unknown languages", () => {
    expect(toLocale("EN")).toBe("en");
    expect(toLocale("fr")).toBe("de");
    expect(toLocale(undefined)).toBe("de");
  });
});

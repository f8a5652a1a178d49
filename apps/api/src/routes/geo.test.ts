import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../testing/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Named = { id: number; name: string };

describe("places", () => {
  it("lists the three countries, named in the request's language", async () => {
    const de = await call(t.app, { method: "GET", url: "/api/v1/general/country" });
    expect(de.statusCode).toBe(200);
    const countries = de.json<{ data: (Named & { code: string })[] }>().data;
    expect(countries.map((c) => c.code)).toEqual(["DE", "AT", "CH"]);
    expect(countries[0]!.name).toBe("Deutschland");
    const en = await call(t.app, { method: "GET", url: "/api/v1/country", locale: "en" });
    expect(en.json<{ data: Named[] }>().data[0]!.name).toBe("Germany");
    expect(en.headers["cache-control"]).toContain("public");
  });

  it("cascades from country to city to district, and answers singles", async () => {
    const countries = (await call(t.app, { method: "GET", url: "/api/v1/general/country" })).json<{
      data: Named[];
    }>().data;
    const cities = await call(t.app, {
      method: "GET",
      url: `/api/v1/general/city?country_id=${countries[0]!.id}`,
      locale: "en",
    });
    const cityList = cities.json<{ data: (Named & { country_id: number })[] }>().data;
    expect(cityList.map((c) => c.name)).toContain("Munich");
    expect(cityList.every((c) => c.country_id === countries[0]!.id)).toBe(true);
    const berlin = cityList.find((c) => c.name === "Berlin")!;
    const viaGetCity = await call(t.app, {
      method: "GET",
      url: `/api/v1/getCity?country_id=${countries[0]!.id}`,
      locale: "en",
    });
    expect(viaGetCity.json()).toEqual(cities.json());

    const districts = await call(t.app, {
      method: "GET",
      url: `/api/v1/general/district?city_id=${berlin.id}`,
    });
    const names = districts.json<{ data: Named[] }>().data.map((d) => d.name);
    expect(names).toHaveLength(12);
    expect(names).toContain("Friedrichshain-Kreuzberg");
    const viaGetDistrict = await call(t.app, {
      method: "GET",
      url: `/api/v1/getDistrict/${berlin.id}`,
    });
    expect(viaGetDistrict.json()).toEqual(districts.json());

    const single = await call(t.app, {
      method: "GET",
      url: `/api/v1/general/city-single?id=${berlin.id}`,
    });
    expect(single.json<{ data: Named }>().data.name).toBe("Berlin");
    const country = await call(t.app, {
      method: "GET",
      url: `/api/v1/general/country-single?id=${countries[1]!.id}`,
      locale: "en",
    });
    expect(country.json<{ data: Named }>().data.name).toBe("Austria");
    const districtId = districts.json<{ data: Named[] }>().data[0]!.id;
    const district = await call(t.app, {
      method: "GET",
      url: `/api/v1/general/district-single?id=${districtId}`,
    });
    expect(district.json<{ data: { city_id: number } }>().data.city_id).toBe(berlin.id);
  });

  it.each([
    "/api/v1/general/city",
    "/api/v1/general/city?country_id=abc",
    "/api/v1/general/district?city_id=-1",
    "/api/v1/general/country-single?id=0",
    "/api/v1/general/city-single",
    "/api/v1/getDistrict/x",
  ])("answers 400 in the error shape for %s", async (url) => {
    const response = await call(t.app, { method: "GET", url, locale: "en" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: "validation_failed", message: expect.any(String) },
    });
  });

  it.each(["country-single", "city-single", "district-single"])(
    "answers 404 for an unknown id on %s",
    async (path) => {
      const response = await call(t.app, {
        method: "GET",
        url: `/api/v1/general/${path}?id=999999`,
        locale: "en",
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
    },
  );

  it("answers an empty list for a country without cities", async () => {
    const response = await call(t.app, {
      method: "GET",
      url: "/api/v1/general/city?country_id=999999",
    });
    expect(response.json()).toEqual({ data: [] });
  });
});

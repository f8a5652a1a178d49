import type { Address, ErrorBody, TokenResponse } from "@eventwerk/contract";
import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses } from "../db/schema.ts";
import {
  call,
  createTestApp,
  loginDemoVisitor,
  nextTransactionId,
  registerVisitor,
  type TestApp,
  testClient,
} from "../testing/app.ts";

const url = "/api/v1/auth/address";

type Named = { id: number; name: string };

let t: TestApp;
let germany: number;
let austria: number;
let berlin: number;
let munich: number;
let vienna: number;
let berlinDistrict: Named;
let munichDistrict: Named;

beforeAll(async () => {
  t = await createTestApp();
  const list = async (path: string) =>
    (await call(t.app, { method: "GET", url: path, locale: "en" })).json<{ data: Named[] }>().data;
  const countries = await list("/api/v1/general/country");
  germany = countries.find((c) => c.name === "Germany")!.id;
  austria = countries.find((c) => c.name === "Austria")!.id;
  const germanCities = await list(`/api/v1/general/city?country_id=${germany}`);
  berlin = germanCities.find((c) => c.name === "Berlin")!.id;
  munich = germanCities.find((c) => c.name === "Munich")!.id;
  vienna = (await list(`/api/v1/general/city?country_id=${austria}`)).find(
    (c) => c.name === "Vienna",
  )!.id;
  berlinDistrict = (await list(`/api/v1/general/district?city_id=${berlin}`)).find(
    (d) => d.name === "Pankow",
  )!;
  munichDistrict = (await list(`/api/v1/general/district?city_id=${munich}`))[0]!;
});
afterAll(() => t.close());

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;

const input = (overrides: Record<string, unknown> = {}) => ({
  title: "Zuhause",
  recipient: "Max Muster",
  line: "Schönhauser Allee 1",
  postal_code: "10435",
  country_id: germany,
  city_id: berlin,
  district_id: berlinDistrict.id,
  phone: "+49 30 1234567",
  ...overrides,
});

type User = { token: string; id: string };

async function newUser(): Promise<User> {
  const { tokens } = await registerVisitor(t.app);
  return { token: tokens.access_token, id: decodeJwt(tokens.access_token).sub! };
}

async function create(user: User, overrides: Record<string, unknown> = {}, locale?: "de" | "en") {
  const response = await call(t.app, {
    method: "POST",
    url,
    token: user.token,
    payload: input(overrides),
    locale,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Address }>().data;
}

async function list(user: User, locale?: "de" | "en") {
  const response = await call(t.app, { method: "GET", url, token: user.token, locale });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Address[] }>().data;
}

/** The user's address rows straight from the database, oldest first. */
const rowsOf = (userId: string) =>
  t.ctx.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.id);

const defaultIds = async (userId: string) =>
  (await rowsOf(userId)).filter((row) => row.isDefault).map((row) => row.id);

describe("addresses of the signed-in user", () => {
  it("lists the demo visitor's seeded address", async () => {
    const { access_token } = await loginDemoVisitor(t.app);
    const response = await call(t.app, { method: "GET", url, token: access_token });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const data = response.json<{ data: Address[] }>().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ title: "Zuhause", is_default: true, city_name: "Berlin" });
  });

  it("creates an address with place names in the request's language", async () => {
    const user = await newUser();
    const response = await call(t.app, {
      method: "POST",
      url,
      token: user.token,
      payload: input({
        title: "  Büro ",
        city_id: munich,
        district_id: munichDistrict.id,
        postal_code: "80331",
      }),
      locale: "en",
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: Address }>();
    expect(data).toEqual({
      id: expect.any(Number),
      title: "Büro",
      recipient: "Max Muster",
      line: "Schönhauser Allee 1",
      postal_code: "80331",
      country_id: germany,
      country_name: "Germany",
      city_id: munich,
      city_name: "Munich",
      district_id: munichDistrict.id,
      district_name: munichDistrict.name,
      phone: "+49 30 1234567",
      is_default: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const de = await list(user);
    expect(de).toHaveLength(1);
    expect(de[0]).toMatchObject({
      id: data.id,
      country_name: "Deutschland",
      city_name: "München",
    });
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ id: data.id, title: "Büro", cityId: munich, isDefault: true });
  });

  it("creates an address without district and phone", async () => {
    const user = await newUser();
    const created = await create(user, { district_id: undefined, phone: undefined });
    expect(created).toMatchObject({ district_id: null, district_name: null, phone: null });
    const withNull = await create(user, { district_id: null, phone: null });
    expect(withNull).toMatchObject({ district_id: null, phone: null, is_default: false });
  });

  it("makes the first address the default and moves the default on request", async () => {
    const user = await newUser();
    const first = await create(user, { title: "Eins", is_default: false });
    expect(first.is_default).toBe(true);
    const second = await create(user, { title: "Zwei" });
    expect(second.is_default).toBe(false);
    expect(await defaultIds(user.id)).toEqual([first.id]);

    const third = await create(user, { title: "Drei", is_default: true });
    expect(third.is_default).toBe(true);
    expect(await defaultIds(user.id)).toEqual([third.id]);

    // The list shows the default first.
    const listed = await list(user);
    expect(listed.map((a) => a.id)).toEqual([third.id, first.id, second.id]);
    expect(listed.filter((a) => a.is_default)).toHaveLength(1);

    // Moving it by update.
    const moved = await call(t.app, {
      method: "PUT",
      url,
      token: user.token,
      payload: { ...input({ title: "Zwei" }), id: second.id, is_default: true },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ data: Address }>().data.is_default).toBe(true);
    expect(await defaultIds(user.id)).toEqual([second.id]);
  });

  it("updates an address", async () => {
    const user = await newUser();
    const created = await create(user);
    const response = await call(t.app, {
      method: "PUT",
      url,
      token: user.token,
      payload: {
        id: created.id,
        title: "Eltern",
        recipient: "Erika Muster",
        line: "Marienplatz 8",
        postal_code: "80331",
        country_id: germany,
        city_id: munich,
        district_id: munichDistrict.id,
        phone: null,
      },
      locale: "en",
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Address }>();
    expect(data).toMatchObject({
      id: created.id,
      title: "Eltern",
      recipient: "Erika Muster",
      line: "Marienplatz 8",
      city_id: munich,
      city_name: "Munich",
      district_name: munichDistrict.name,
      phone: null,
      // The default cannot be switched off by leaving is_default out.
      is_default: true,
      created_at: created.created_at,
    });
    expect(new Date(data.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(created.updated_at).getTime(),
    );
    expect((await list(user))[0]).toMatchObject({ title: "Eltern", city_name: "München" });
  });

  it("keeps the default when an update asks to switch it off", async () => {
    const user = await newUser();
    const first = await create(user);
    const response = await call(t.app, {
      method: "PUT",
      url,
      token: user.token,
      payload: { ...input(), id: first.id, is_default: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Address }>().data.is_default).toBe(true);
    expect(await defaultIds(user.id)).toEqual([first.id]);
  });

  it("deletes an address, and the default's deletion promotes the newest other", async () => {
    const user = await newUser();
    const first = await create(user, { title: "Eins" });
    const second = await create(user, { title: "Zwei" });
    const third = await create(user, { title: "Drei" });
    const fourth = await create(user, { title: "Vier" });
    expect(await defaultIds(user.id)).toEqual([first.id]);

    const removed = await call(t.app, {
      method: "DELETE",
      url: `${url}?id=${fourth.id}`,
      token: user.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { success: true } });
    expect((await list(user)).map((a) => a.id)).toEqual([first.id, second.id, third.id]);
    expect(await defaultIds(user.id)).toEqual([first.id]);

    const removedDefault = await call(t.app, {
      method: "DELETE",
      url: `${url}?id=${first.id}`,
      token: user.token,
    });
    expect(removedDefault.statusCode).toBe(200);
    const left = await list(user);
    expect(left.map((a) => [a.id, a.is_default])).toEqual([
      [third.id, true],
      [second.id, false],
    ]);
    expect(await defaultIds(user.id)).toEqual([third.id]);

    for (const id of [third.id, second.id]) {
      const response = await call(t.app, {
        method: "DELETE",
        url: `${url}?id=${id}`,
        token: user.token,
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await list(user)).toEqual([]);
    expect(await rowsOf(user.id)).toEqual([]);

    // A new first address is the default again.
    expect((await create(user)).is_default).toBe(true);
  });

  it("answers 404 when deleting an address twice or one that never existed", async () => {
    const user = await newUser();
    const created = await create(user);
    await call(t.app, { method: "DELETE", url: `${url}?id=${created.id}`, token: user.token });
    for (const id of [created.id, 2_000_000_000]) {
      const response = await call(t.app, {
        method: "DELETE",
        url: `${url}?id=${id}`,
        token: user.token,
        locale: "en",
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
    }
  });
});

describe("concurrent address writes", () => {
  it("answers 201 to parallel first addresses and makes exactly one the default", async () => {
    const user = await newUser();
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call(t.app, { method: "POST", url, token: user.token, payload: input({ title: `P${n}` }) }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await rowsOf(user.id)).toHaveLength(4);
    expect(await defaultIds(user.id)).toHaveLength(1);
  });

  it("answers 201 to parallel new defaults and keeps exactly one", async () => {
    const user = await newUser();
    await create(user);
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call(t.app, {
          method: "POST",
          url,
          token: user.token,
          payload: input({ title: `D${n}`, is_default: true }),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const defaults = await defaultIds(user.id);
    expect(defaults).toHaveLength(1);
    // The one left default is one of those that asked for it.
    const asked = responses.map((r) => r.json<{ data: Address }>().data.id);
    expect(asked).toContain(defaults[0]);
  });

  it("answers 200 to parallel updates that move the default", async () => {
    const user = await newUser();
    const created = [];
    for (const n of [1, 2, 3, 4]) created.push(await create(user, { title: `U${n}` }));
    const responses = await Promise.all(
      created.map((address) =>
        call(t.app, {
          method: "PUT",
          url,
          token: user.token,
          payload: { ...input({ title: address.title }), id: address.id, is_default: true },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await defaultIds(user.id)).toHaveLength(1);
  });

  it("does not fail when the default moves while the old default is being updated", async () => {
    const user = await newUser();
    const first = await create(user, { title: "Alt" });
    const [update, moved] = await Promise.all([
      call(t.app, {
        method: "PUT",
        url,
        token: user.token,
        payload: { ...input({ title: "Alt, neu" }), id: first.id },
      }),
      call(t.app, {
        method: "POST",
        url,
        token: user.token,
        payload: input({ title: "Neu", is_default: true }),
      }),
    ]);
    expect(update.statusCode).toBe(200);
    expect(moved.statusCode).toBe(201);
    const newId = moved.json<{ data: Address }>().data.id;
    expect(await defaultIds(user.id)).toEqual([newId]);
  });
});

describe("address validation", () => {
  const without = (key: keyof ReturnType<typeof input>) => {
    const rest: Record<string, unknown> = { ...input() };
    delete rest[key];
    return rest;
  };

  it.each<[string, () => unknown, string]>([
    ["a missing title", () => without("title"), "title"],
    ["a missing city", () => without("city_id"), "city_id"],
    ["a missing postal code", () => without("postal_code"), "postal_code"],
    ["a blank recipient", () => input({ recipient: "   " }), "recipient"],
    ["a 61 character title", () => input({ title: "t".repeat(61) }), "title"],
    ["a 201 character line", () => input({ line: "l".repeat(201) }), "line"],
    ["a too short postal code", () => input({ postal_code: "12" }), "postal_code"],
    ["a country id as string", () => input({ country_id: String(germany) }), "country_id"],
    ["a city id as float", () => input({ city_id: 1.5 }), "city_id"],
    ["a negative district id", () => input({ district_id: -3 }), "district_id"],
    ["a title as number", () => input({ title: 7 }), "title"],
    ["is_default as string", () => input({ is_default: "yes" }), "is_default"],
    ["a bad phone", () => input({ phone: "phone me" }), "phone"],
    ["an empty body", () => ({}), "title"],
  ])("rejects %s with 400 and writes nothing", async (_name, payload, field) => {
    const user = await newUser();
    const response = await call(t.app, {
      method: "POST",
      url,
      token: user.token,
      payload: JSON.stringify(payload()),
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toHaveProperty(field, expect.any(String));
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it.each<[string, () => Record<string, unknown>, string, { de: string; en: string }]>([
    [
      "a city not in the country",
      () => ({ country_id: austria, city_id: munich, district_id: null }),
      "city_id",
      {
        de: "Diese Stadt gibt es nicht in diesem Land.",
        en: "This city does not exist in this country.",
      },
    ],
    [
      "a district not in the city",
      () => ({ city_id: munich, district_id: berlinDistrict.id }),
      "district_id",
      {
        de: "Diesen Bezirk gibt es nicht in dieser Stadt.",
        en: "This district does not exist in this city.",
      },
    ],
    [
      "an unknown country",
      () => ({ country_id: 999_999 }),
      "country_id",
      { de: "Dieses Land gibt es nicht.", en: "This country does not exist." },
    ],
    [
      "an unknown city",
      () => ({ city_id: 999_999 }),
      "city_id",
      {
        de: "Diese Stadt gibt es nicht in diesem Land.",
        en: "This city does not exist in this country.",
      },
    ],
    [
      "an unknown district",
      () => ({ district_id: 999_999 }),
      "district_id",
      {
        de: "Diesen Bezirk gibt es nicht in dieser Stadt.",
        en: "This district does not exist in this city.",
      },
    ],
  ])("rejects %s with 400 on the field and writes nothing", async (_name, place, field, text) => {
    const user = await newUser();
    for (const locale of ["de", "en"] as const) {
      const response = await call(t.app, {
        method: "POST",
        url,
        token: user.token,
        payload: input(place()),
        locale,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: "validation_failed",
          message:
            locale === "de"
              ? "Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder."
              : "The input is invalid. Please check the marked fields.",
          fields: { [field]: text[locale] },
        },
      });
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["country_id", { country_id: 2_147_483_648 }, "country_id"],
    ["city_id", { city_id: 2_147_483_648 }, "city_id"],
    ["district_id", { district_id: 2_147_483_648 }, "district_id"],
    ["country_id", { country_id: Number.MAX_SAFE_INTEGER }, "country_id"],
  ])("rejects a %s beyond the integer range with 400, not 500", async (_name, place, field) => {
    const user = await newUser();
    const response = await call(t.app, {
      method: "POST",
      url,
      token: user.token,
      payload: input(place),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("validation_failed");
    expect(errorOf(response).fields).toHaveProperty(field, expect.any(String));
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("rejects a bad update and leaves the address unchanged", async () => {
    const user = await newUser();
    const created = await create(user);
    const before = await rowsOf(user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...input({ city_id: vienna }), id: created.id }, "city_id"],
      [{ ...input({ district_id: munichDistrict.id }), id: created.id }, "district_id"],
      [{ ...input({ country_id: 999_999 }), id: created.id }, "country_id"],
      [{ ...input({ city_id: 2_147_483_648 }), id: created.id }, "city_id"],
      [{ ...input({ title: "t".repeat(61) }), id: created.id }, "title"],
      [{ ...input({ title: "Neu" }), id: "abc" }, "id"],
      [input({ title: "Neu" }), "id"],
    ];
    for (const [payload, field] of cases) {
      const response = await call(t.app, { method: "PUT", url, token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).code).toBe("validation_failed");
      expect(errorOf(response).fields).toHaveProperty(field, expect.any(String));
    }
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it.each(["", "?id=abc", "?id=0", "?id=-1", "?id=1.5", "?id=2147483648", "?id=1e0", "?id=0x1"])(
    "answers 400 for DELETE%s and deletes nothing",
    async (query) => {
      const user = await newUser();
      await create(user);
      const before = await rowsOf(user.id);
      const response = await call(t.app, {
        method: "DELETE",
        url: `${url}${query}`,
        token: user.token,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("validation_failed");
      expect(await rowsOf(user.id)).toEqual(before);
    },
  );
});

describe("address authorisation", () => {
  let a: User;
  let b: User;
  let aAddress: Address;
  let bAddress: Address;
  beforeAll(async () => {
    a = await newUser();
    b = await newUser();
    aAddress = await create(a, { title: "A privat" });
    bAddress = await create(b, { title: "B privat" });
  });

  const aRows = () => rowsOf(a.id);

  it("does not show A's address in B's list", async () => {
    const listed = await list(b);
    expect(listed.map((address) => address.id)).toEqual([bAddress.id]);
    expect(JSON.stringify(listed)).not.toContain("A privat");
  });

  it("answers 404 when B changes A's address, and A's address stays", async () => {
    const before = await aRows();
    const response = await call(t.app, {
      method: "PUT",
      url,
      token: b.token,
      payload: { ...input({ title: "gekapert", is_default: true }), id: aAddress.id },
      locale: "en",
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
    expect(await aRows()).toEqual(before);
    // B's own default is untouched as well.
    expect(await defaultIds(b.id)).toEqual([bAddress.id]);
  });

  it("answers 404 when B deletes A's address, and A's address stays", async () => {
    const before = await aRows();
    const xid = await nextTransactionId(t);
    const response = await call(t.app, {
      method: "DELETE",
      url: `${url}?id=${aAddress.id}`,
      token: b.token,
    });
    expect(response.statusCode).toBe(404);
    // Refused before anything is locked: not even B's own row took a transaction id.
    expect(await nextTransactionId(t)).toBe(xid);
    expect(response.json()).toEqual({ error: { code: "not_found", message: "Nicht gefunden." } });
    expect(await aRows()).toEqual(before);
    expect((await list(a)).map((address) => address.id)).toEqual([aAddress.id]);
  });

  it("does not let B create an address for A by naming A's id", async () => {
    const response = await call(t.app, {
      method: "POST",
      url,
      token: b.token,
      payload: { ...input({ title: "untergeschoben" }), id: aAddress.id, user_id: a.id },
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: Address }>();
    expect(data.id).not.toBe(aAddress.id);
    const [row] = await t.ctx.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, data.id)));
    expect(row!.userId).toBe(b.id);
    expect((await aRows()).map((r) => r.id)).toEqual([aAddress.id]);
  });

  it.each([
    ["GET", ""],
    ["POST", ""],
    ["PUT", ""],
    ["DELETE", "?id=1"],
  ] as const)("%s answers 401 without a token and writes nothing", async (method, query) => {
    const before = await t.ctx.db.select().from(addresses);
    const payload =
      method === "POST" ? input() : method === "PUT" ? { ...input(), id: 1 } : undefined;
    const response = await call(t.app, { method, url: `${url}${query}`, payload, locale: "en" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: "unauthorized", message: "Please log in." } });
    expect(await t.ctx.db.select().from(addresses)).toEqual(before);
  });

  it.each([
    ["GET", ""],
    ["POST", ""],
    ["PUT", ""],
    ["DELETE", "?id=1"],
  ] as const)("%s answers 403 to a client-credentials token", async (method, query) => {
    const client = await call(t.app, {
      method: "POST",
      url: "/api/v1/token",
      payload: { grant_type: "client_credentials", ...testClient },
    });
    const token = client.json<TokenResponse>().access_token;
    const before = await t.ctx.db.select().from(addresses);
    const payload =
      method === "POST" ? input() : method === "PUT" ? { ...input(), id: aAddress.id } : undefined;
    const response = await call(t.app, {
      method,
      url: method === "DELETE" ? `${url}?id=${aAddress.id}` : `${url}${query}`,
      payload,
      token,
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe("forbidden");
    expect(await t.ctx.db.select().from(addresses)).toEqual(before);
  });

  it("answers 401 to a signed-out session", async () => {
    const { tokens } = await registerVisitor(t.app);
    await call(t.app, { method: "POST", url: "/api/v1/auth/logout", token: tokens.access_token });
    const response = await call(t.app, { method: "GET", url, token: tokens.access_token });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("invalid_token");
  });
});

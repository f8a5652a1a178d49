import {
  type Address,
  apiPaths,
  type CheckoutOrder,
  type ErrorBody,
  type Locale,
  orderTokenHeader,
} from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, orders } from "../db/schema.ts";
import { call, createTestApp, registerVisitor, type TestApp } from "../testing/app.ts";
import {
  type CreatedOrder,
  createSaleEvent,
  holdTickets,
  orderUrl,
} from "../testing/checkout-fixtures.ts";

// Saving the checkout's billing address in the signed-in buyer's address book (issue 12, item 3).

type Named = { id: number; name: string };
let t: TestApp;
let germany: number;
let austria: number;
let munich: number;
let vienna: number;
let munichDistrict: number;

beforeAll(async () => {
  t = await createTestApp({ OUTBOX_POLL_MS: "0", RECONCILE_INTERVAL_SECONDS: "0" });
  const list = async (path: string) =>
    (await call(t.app, { method: "GET", url: path, locale: "en" })).json<{ data: Named[] }>().data;
  const countries = await list(apiPaths.countries);
  germany = countries.find((c) => c.name === "Germany")!.id;
  austria = countries.find((c) => c.name === "Austria")!.id;
  munich = (await list(`${apiPaths.cities}?country_id=${germany}`)).find(
    (c) => c.name === "Munich",
  )!.id;
  vienna = (await list(`${apiPaths.cities}?country_id=${austria}`)).find(
    (c) => c.name === "Vienna",
  )!.id;
  munichDistrict = (await list(`${apiPaths.districts}?city_id=${munich}`))[0]!.id;
});
afterAll(() => t.close());

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;

const newAddress = (overrides: Record<string, unknown> = {}) => ({
  title: "Rechnung",
  recipient: "Erika Muster",
  line: "Marienplatz 1",
  postal_code: "80331",
  country_id: germany,
  city_id: munich,
  district_id: munichDistrict,
  phone: null,
  ...overrides,
});

type Buyer = { token: string; id: string };
async function newBuyer(): Promise<Buyer> {
  const { tokens } = await registerVisitor(t.app);
  return { token: tokens.access_token, id: decodeJwt(tokens.access_token).sub! };
}

/** A held order of the buyer (or a guest's, with its token, when no buyer is given). */
async function holdOrder(buyer: Buyer | null, locale: Locale = "de"): Promise<CreatedOrder> {
  const { event, types } = await createSaleEvent(t.ctx.db, [{ price: 1000 }]);
  const response = await holdTickets(
    t.app,
    { event_id: event.id, items: [{ ticket_type_id: types[0]!.id, quantity: 1 }] },
    { token: buyer?.token, locale },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedOrder>();
}

const patch = (
  order: CreatedOrder,
  payload: Record<string, unknown>,
  auth: { buyer?: Buyer; orderToken?: boolean },
) =>
  call(t.app, {
    method: "PATCH",
    url: orderUrl(order.data.id),
    token: auth.buyer?.token,
    headers: auth.orderToken ? { [orderTokenHeader]: order.token } : {},
    payload,
  });

const bookOf = (userId: string) =>
  t.ctx.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.id);
const billingOf = async (orderId: number) =>
  (await t.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.billingAddress;

describe("saving the checkout's billing address in the address book", () => {
  it("bills to the typed address and keeps it in the buyer's address book, in one request", async () => {
    const buyer = await newBuyer();
    const order = await holdOrder(buyer, "en");
    const response = await patch(
      order,
      { new_address: newAddress(), save_address: true },
      { buyer },
    );
    expect(response.statusCode, response.body).toBe(200);
    // The order's snapshot names the places in the order's language.
    expect(response.json<{ data: CheckoutOrder }>().data.billing_address).toEqual({
      recipient: "Erika Muster",
      line: "Marienplatz 1",
      postal_code: "80331",
      city: "Munich",
      country: "Germany",
    });
    const book = await call(t.app, { method: "GET", url: apiPaths.address, token: buyer.token });
    expect(book.json<{ data: Address[] }>().data).toEqual([
      expect.objectContaining({
        ...newAddress(),
        // The first address of a book is its default, as when added in the account.
        is_default: true,
      }),
    ]);
  });

  it("bills to the typed address without saving it when not asked to", async () => {
    const buyer = await newBuyer();
    const order = await holdOrder(buyer);
    const response = await patch(order, { new_address: newAddress() }, { buyer });
    expect(response.statusCode, response.body).toBe(200);
    expect(await billingOf(order.data.id)).toMatchObject({
      city: "München",
      country: "Deutschland",
    });
    expect(await bookOf(buyer.id)).toEqual([]);
  });

  it("saves one entry however often the same submit is retried, also at once", async () => {
    const buyer = await newBuyer();
    const order = await holdOrder(buyer);
    const body = { new_address: newAddress(), save_address: true };
    const first = await patch(order, body, { buyer });
    expect(first.statusCode, first.body).toBe(200);
    const retries = await Promise.all([1, 2, 3].map(() => patch(order, body, { buyer })));
    expect(retries.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await bookOf(buyer.id)).toHaveLength(1);
    // A different address is a new entry, and not the default.
    const other = await patch(
      order,
      { new_address: newAddress({ title: "Büro", line: "Karlsplatz 2" }), save_address: true },
      { buyer },
    );
    expect(other.statusCode, other.body).toBe(200);
    expect((await bookOf(buyer.id)).map((row) => [row.title, row.isDefault])).toEqual([
      ["Rechnung", true],
      ["Büro", false],
    ]);
  });

  it("saves nothing when another part of the same update is refused", async () => {
    const buyer = await newBuyer();
    const order = await holdOrder(buyer);
    const response = await patch(
      order,
      { new_address: newAddress(), save_address: true, voucher_code: "GIBTSNICHT" },
      { buyer },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("voucher_unknown");
    expect(await bookOf(buyer.id)).toEqual([]);
    expect(await billingOf(order.data.id)).toBeNull();
  });

  it("is not for guests: they type a free-text address, and nothing is saved", async () => {
    const order = await holdOrder(null);
    const before = await t.ctx.db.select().from(addresses);
    const response = await patch(
      order,
      { new_address: newAddress(), save_address: true },
      { orderToken: true },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      new_address: "Bitte melden Sie sich an, um eine Adresse im Adressbuch zu speichern.",
    });
    expect(await t.ctx.db.select().from(addresses)).toEqual(before);
    expect(await billingOf(order.data.id)).toBeNull();
  });

  it("never reaches another buyer's address book or addresses", async () => {
    const owner = await newBuyer();
    const stranger = await newBuyer();
    const order = await holdOrder(owner);
    // A signed-in stranger with the owner's order token may change the order, not save into
    // either address book.
    const asStranger = await patch(
      order,
      { new_address: newAddress(), save_address: true },
      { buyer: stranger, orderToken: true },
    );
    expect(asStranger.statusCode).toBe(400);
    expect(errorOf(asStranger).fields).toHaveProperty("new_address");
    expect(await bookOf(owner.id)).toEqual([]);
    expect(await bookOf(stranger.id)).toEqual([]);
    // Without the token the order is not theirs at all.
    const withoutToken = await patch(order, { new_address: newAddress() }, { buyer: stranger });
    expect(withoutToken.statusCode).toBe(404);
    // Another buyer's saved address is refused as one that does not exist.
    const strangersOrder = await holdOrder(stranger);
    expect(
      (
        await patch(
          strangersOrder,
          { new_address: newAddress({ title: "Fremd" }), save_address: true },
          { buyer: stranger },
        )
      ).statusCode,
    ).toBe(200);
    const [strangersAddress] = await bookOf(stranger.id);
    const copied = await patch(order, { address_id: strangersAddress!.id }, { buyer: owner });
    expect(copied.statusCode).toBe(400);
    expect(errorOf(copied).fields).toHaveProperty("address_id");
    expect(await billingOf(order.data.id)).toBeNull();
    // The order's token alone (a payment page's return link, say) opens no one's address book:
    // neither without signing in nor signed in as someone else.
    for (const auth of [{ orderToken: true }, { buyer: owner, orderToken: true }]) {
      const read = await patch(strangersOrder, { address_id: strangersAddress!.id }, auth);
      expect(read.statusCode).toBe(400);
      expect(errorOf(read).fields).toHaveProperty("address_id");
      expect(read.body).not.toContain("Marienplatz");
    }
    // Signed in as the address's owner, on their own order: billed to it.
    const own = await patch(
      strangersOrder,
      { address_id: strangersAddress!.id },
      { buyer: stranger, orderToken: true },
    );
    expect(own.statusCode, own.body).toBe(200);
  });

  it("names each bad field of the address and writes nothing", async () => {
    const buyer = await newBuyer();
    const order = await holdOrder(buyer);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "new_address.title"],
      [{ title: "x".repeat(61) }, "new_address.title"],
      [{ recipient: "" }, "new_address.recipient"],
      [{ line: "a\nb" }, "new_address.line"],
      [{ postal_code: "1" }, "new_address.postal_code"],
      [{ country_id: 2_000_000_000 }, "new_address.country_id"],
      [{ country_id: "DE" }, "new_address.country_id"],
      // A city of another country, a district of another city.
      [{ city_id: vienna }, "new_address.city_id"],
      [{ city_id: munich, country_id: austria }, "new_address.city_id"],
      [{ district_id: 2_000_000_000 }, "new_address.district_id"],
      [{ phone: "call me" }, "new_address.phone"],
      [{ is_default: "yes" }, "new_address.is_default"],
      [{ price_cents: 0 }, "new_address"],
    ];
    for (const [overrides, field] of cases) {
      const response = await patch(
        order,
        { new_address: newAddress(overrides), save_address: true },
        { buyer },
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe("validation_failed");
      expect(Object.keys(error.fields ?? {}), JSON.stringify(overrides)).toContain(field);
    }
    const others: [Record<string, unknown>, string][] = [
      [{ save_address: true }, "save_address"],
      [{ save_address: "on", new_address: newAddress() }, "save_address"],
      [{ new_address: newAddress(), address_id: 1 }, "address_id"],
      [
        {
          new_address: newAddress(),
          billing_address: {
            recipient: "A B",
            line: "Weg 1",
            postal_code: "12345",
            city: "Ort",
            country: "Land",
          },
        },
        "address_id",
      ],
    ];
    for (const [body, field] of others) {
      const response = await patch(order, body, { buyer });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    expect(await bookOf(buyer.id)).toEqual([]);
    expect(await billingOf(order.data.id)).toBeNull();
  });

  it("answers other methods on the order with 405", async () => {
    const buyer = await newBuyer();
    const order = await holdOrder(buyer);
    const response = await call(t.app, {
      method: "PUT",
      url: orderUrl(order.data.id),
      token: buyer.token,
      payload: { new_address: newAddress(), save_address: true },
    });
    expect(response.statusCode).toBe(405);
    expect(errorOf(response).code).toBe("method_not_allowed");
    expect(await bookOf(buyer.id)).toEqual([]);
  });
});

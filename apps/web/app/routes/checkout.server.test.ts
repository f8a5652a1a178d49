import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestState } from "../context";
import { textValues } from "../lib/forms";
import { selectionFromQuery, selectionQuery } from "../lib/ticket-selection";
import {
  buyTickets,
  detailFields,
  detailsUpdate,
  idempotencyKey,
  pageNonce,
  paymentRedirect,
  readBuyForm,
} from "./checkout.server";

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};
const nonce = "nonce-1234567890";

describe("the event page's ticket form", () => {
  it("reads quantities per ticket type and leaves out the zeros", () => {
    expect(
      readBuyForm(
        formOf([
          ["nonce", nonce],
          ["qty_4", "2"],
          ["qty_5", "0"],
          ["qty_6", "1"],
        ]),
      ),
    ).toEqual({
      ok: true,
      nonce,
      items: [
        { ticket_type_id: 4, quantity: 2 },
        { ticket_type_id: 6, quantity: 1 },
      ],
    });
  });

  it("refuses negative, fractional, huge and non-numeric quantities", () => {
    for (const value of ["-1", "1.5", "101", "1e2", "zwei", ""]) {
      expect(
        readBuyForm(
          formOf([
            ["nonce", nonce],
            ["qty_4", value],
          ]),
        ),
        value,
      ).toEqual({
        ok: false,
        error: "quantity",
      });
    }
  });

  it("refuses prices, totals or any other field the form does not have", () => {
    for (const extra of ["price_4", "total_cents", "items[0][price_cents]", "event_id"]) {
      expect(
        readBuyForm(
          formOf([
            ["nonce", nonce],
            ["qty_4", "1"],
            [extra, "1"],
          ]),
        ),
        extra,
      ).toEqual({ ok: false, error: "tampered" });
    }
    expect(readBuyForm(formOf([["qty_4", "1"]]))).toEqual({ ok: false, error: "tampered" });
    expect(
      readBuyForm(
        formOf([
          ["nonce", nonce],
          ["qty_4", "1"],
          ["qty_4", "2"],
        ]),
      ),
    ).toEqual({ ok: false, error: "tampered" });
  });

  it("asks for at least one ticket", () => {
    expect(
      readBuyForm(
        formOf([
          ["nonce", nonce],
          ["qty_4", "0"],
        ]),
      ),
    ).toEqual({
      ok: false,
      error: "none",
    });
  });

  it("scopes the idempotency key to the visitor: the same post twice is one key", () => {
    const guest = { user: null, address: "192.0.2.1", browser: "Chrome", browserId: null };
    expect(idempotencyKey(nonce, guest)).toBe(idempotencyKey(nonce, guest));
    expect(idempotencyKey(nonce, guest)).not.toBe(
      idempotencyKey(nonce, { ...guest, address: "192.0.2.2" }),
    );
    expect(idempotencyKey(nonce, guest)).not.toBe(idempotencyKey("other-nonce-123", guest));
    expect(idempotencyKey(nonce, guest)?.length).toBeLessThanOrEqual(100);
  });

  it("gives a guest's post with the page's own nonce no key: the cached page is everyone's", () => {
    const page = pageNonce();
    expect(page).toMatch(/^page-[\w-]+$/);
    expect(pageNonce()).not.toBe(page);
    const guest = { user: null, address: "192.0.2.1", browser: "Chrome", browserId: null };
    // Two guests behind one address and browser, both on the cached page: no shared order.
    expect(idempotencyKey(page, guest)).toBeUndefined();
    // The nonce the form's script made in this browser; a signed-in visitor's page of their own.
    expect(idempotencyKey(crypto.randomUUID(), guest)).toMatch(/^[\w-]{43}$/);
    expect(idempotencyKey(page, { ...guest, user: "7" })).toMatch(/^[\w-]{43}$/);
  });

  it("scopes a guest's post of the cached page's nonce by the browser's id", () => {
    const page = pageNonce();
    const first = {
      user: null,
      address: "192.0.2.1",
      browser: "Chrome",
      browserId: "a".repeat(22),
    };
    const second = { ...first, browserId: "b".repeat(22) };
    // The same browser's double click is one key; another browser's post of that page is not.
    expect(idempotencyKey(page, first)).toMatch(/^[\w-]{43}$/);
    expect(idempotencyKey(page, first)).toBe(idempotencyKey(page, { ...first }));
    expect(idempotencyKey(page, first)).not.toBe(idempotencyKey(page, second));
  });

  it("puts a selection into a link and reads it back", () => {
    const items = [
      { ticket_type_id: 4, quantity: 2 },
      { ticket_type_id: 6, quantity: 1 },
    ];
    const query = selectionQuery(items);
    expect(query).toBe("?qty_4=2&qty_6=1");
    expect(selectionFromQuery(new URLSearchParams(query))).toEqual({ 4: 2, 6: 1 });
    expect(selectionFromQuery(new URLSearchParams("qty_4=-1&qty_x=2&other=1"))).toEqual({});
  });
});

describe("the checkout form", () => {
  const values = {
    buyer_name: "Lena Hoffmann",
    buyer_email: "lena@example.com",
    billing: "none",
    "billing_address.recipient": "Lena Hoffmann",
    "billing_address.line": "Kastanienallee 12",
    "billing_address.postal_code": "10435",
    "billing_address.city": "Berlin",
    "billing_address.country": "Deutschland",
    address_id: "",
    "new_address.id": "",
    "new_address.title": "Rechnung",
    "new_address.recipient": "Lena Hoffmann",
    "new_address.line": "Kastanienallee 12",
    "new_address.postal_code": "10435",
    "new_address.country_id": "3",
    "new_address.city_id": "17",
    "new_address.district_id": "",
    "new_address.phone": " ",
    "new_address.is_default": "on",
    save_address: "",
    voucher_code: "",
    email: "",
  };

  it("sends the typed address, a saved one by id, or none", () => {
    expect(detailsUpdate({ ...values, billing: "new" }, false)).toEqual({
      buyer_name: "Lena Hoffmann",
      buyer_email: "lena@example.com",
      billing_address: {
        recipient: "Lena Hoffmann",
        line: "Kastanienallee 12",
        postal_code: "10435",
        city: "Berlin",
        country: "Deutschland",
      },
    });
    expect(detailsUpdate({ ...values, billing: "7" }, true).address_id).toBe(7);
    expect(detailsUpdate({ ...values, billing: "7; drop" }, true).billing_address).toBeNull();
    expect(detailsUpdate(values, true).billing_address).toBeNull();
  });

  it("sends a signed-in buyer's typed address as an address book entry, saved when ticked", () => {
    const post = new FormData();
    for (const [name, value] of Object.entries({ ...values, billing: "new", save_address: "on" })) {
      post.append(name, value);
    }
    const update = detailsUpdate(textValues(post, detailFields), true);
    expect(update).toEqual({
      buyer_name: "Lena Hoffmann",
      buyer_email: "lena@example.com",
      new_address: {
        title: "Rechnung",
        recipient: "Lena Hoffmann",
        line: "Kastanienallee 12",
        postal_code: "10435",
        country_id: 3,
        city_id: 17,
        district_id: null,
        phone: null,
      },
      save_address: true,
    });
    // The default stays the address book's business; an unticked box saves nothing.
    const unticked = detailsUpdate({ ...values, billing: "new" }, true);
    expect(unticked.save_address).toBe(false);
    expect(unticked.billing_address).toBeUndefined();
    // A place not chosen yet goes to the API as missing, which names the field.
    const noCity = detailsUpdate({ ...values, billing: "new", "new_address.city_id": "" }, true);
    expect(noCity.new_address?.city_id).toBeUndefined();
  });

  it("ignores a typed address and its save tick unless 'new' is the choice", () => {
    // Without JavaScript the hidden fields are posted too, filled in and ticked.
    const typed = { ...values, save_address: "on" };
    const buyer = { buyer_name: "Lena Hoffmann", buyer_email: "lena@example.com" };
    for (const signedIn of [false, true]) {
      expect(detailsUpdate({ ...typed, billing: "none" }, signedIn)).toEqual({
        ...buyer,
        billing_address: null,
      });
      expect(detailsUpdate({ ...typed, billing: "7" }, signedIn)).toEqual({
        ...buyer,
        address_id: 7,
      });
      // No choice at all (a post without the radios) keeps nothing either.
      expect(detailsUpdate({ ...typed, billing: "" }, signedIn)).toEqual({
        ...buyer,
        billing_address: null,
      });
    }
  });

  it("sends the buyer to the test provider's page on this site, to a real provider as given", () => {
    expect(paymentRedirect("http://localhost:3000/testzahlung/abc?x=1", "test")).toBe(
      "/testzahlung/abc?x=1",
    );
    // Stripe's page, in test mode too.
    expect(paymentRedirect("https://checkout.stripe.com/c/pay/cs_1", "stripe")).toBe(
      "https://checkout.stripe.com/c/pay/cs_1",
    );
  });
});

describe("a guest's first post of the cached page's ticket form", () => {
  const post = async (address: string, cookie?: string) => {
    const context = new RouterContextProvider();
    const state = {
      locale: "de" as const,
      token: null,
      user: null,
      forwardedFor: null,
      setCookies: [] as string[],
      page: null,
    };
    context.set(requestState, state);
    const body = new URLSearchParams({ nonce: pageNonce(), qty_4: "2", qty_6: "0" });
    const request = new Request(address, {
      method: "POST",
      body,
      headers: cookie ? { cookie } : {},
    });
    // React Router's `url`: the page's, without the `.data` of a script's post.
    const url = new URL(address.replace(/\.data(?=$|\?)/, ""));
    const answer = await buyTickets(request, url, context, 7);
    return { answer: answer as Response, cookies: state.setCookies };
  };

  it("gives the browser its id and has it send the post again, with the choice in the address", async () => {
    for (const address of [
      "http://localhost/hofkonzert-evx-7",
      "http://localhost/hofkonzert-evx-7.data",
      "http://localhost/hofkonzert-evx-7?qty_4=1",
    ]) {
      const { answer, cookies } = await post(address);
      expect(answer.status).toBe(307);
      expect(answer.headers.get("location")).toBe("/hofkonzert-evx-7?qty_4=2&resent=1");
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatch(/^browser=[\w-]{22}; Path=\/; SameSite=Lax; HttpOnly$/);
    }
    // A new id for each browser.
    const [first, second] = await Promise.all([
      post("http://localhost/hofkonzert-evx-7"),
      post("http://localhost/hofkonzert-evx-7"),
    ]);
    expect(first.cookies[0]).not.toBe(second.cookies[0]);
  });
});

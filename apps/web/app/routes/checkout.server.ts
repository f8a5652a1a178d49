import { createHash, randomUUID } from "node:crypto";
import {
  type ApiClient,
  ApiError,
  type CheckoutOrder,
  type Loose,
  type UpdateOrder,
} from "@eventwerk/contract";
import { data, type RouterContextProvider, redirect } from "react-router";
import { apiFor, serverClient } from "../api.server";
import { requestState } from "../context";
import {
  type AddressField,
  addressBody,
  addressFieldNames,
  newAddressPrefix,
} from "../lib/address-fields";
import { type FormFailure, formFailure, textValues } from "../lib/forms";
import { placeLists } from "../lib/places.server";
import { selectionQuery } from "../lib/ticket-selection";
import { pathTo } from "../route-table";
import {
  browserIdCookie,
  hostOnly,
  readCookies,
  sentBrowserId,
  serializeCookie,
} from "../session/cookies.server";
import { passwordSignIn } from "./login.server";

/**
 * A guest's order token lives in an httpOnly cookie of its own per order (the API signed it; the
 * browser's scripts never see it), so the checkout and status pages need no token in the URL.
 */
const orderCookieName = (orderId: number) => hostOnly(`order_${orderId}`);
const orderCookieDays = 30;

export const orderCookie = (orderId: number, token: string) =>
  serializeCookie(orderCookieName(orderId), token, {
    httpOnly: true,
    maxAge: orderCookieDays * 24 * 60 * 60,
  });

export const orderTokenFromCookie = (request: Request, orderId: number): string | undefined =>
  readCookies(request).get(orderCookieName(orderId));

/** An order id from a path or query: digits only, else null. */
export const orderIdOf = (value: string | null | undefined): number | null =>
  value && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;

/** The order as its buyer may read it (signed in, or the token); null when it is not theirs. */
export async function readOrder(
  api: ApiClient,
  orderId: number,
  token: string | undefined,
): Promise<CheckoutOrder | null> {
  try {
    return (await api.checkout.order(orderId, token)).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

// --- The event page's ticket form -------------------------------------------------------------

const quantityField = /^qty_(\d{1,10})$/;
const nonceValue = /^[\w-]{8,100}$/;

export type BuyFormError = "none" | "quantity" | "tampered";
export type BuyForm =
  | { ok: true; nonce: string; items: { ticket_type_id: number; quantity: number }[] }
  | { ok: false; error: BuyFormError };

/**
 * The ticket form as posted: a quantity per ticket type and the form's nonce, nothing else. A
 * field the form does not have (a price, a total) means the post was tampered with; prices are
 * never taken from a form.
 */
export function readBuyForm(form: FormData): BuyForm {
  let nonce: string | null = null;
  const items: { ticket_type_id: number; quantity: number }[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") return { ok: false, error: "tampered" };
    if (name === "nonce") {
      if (nonce !== null || !nonceValue.test(value)) return { ok: false, error: "tampered" };
      nonce = value;
      continue;
    }
    const match = quantityField.exec(name);
    if (!match) return { ok: false, error: "tampered" };
    if (!/^\d{1,3}$/.test(value.trim())) return { ok: false, error: "quantity" };
    const quantity = Number(value.trim());
    const id = Number(match[1]);
    if (quantity > 100) return { ok: false, error: "quantity" };
    if (items.some((item) => item.ticket_type_id === id)) return { ok: false, error: "tampered" };
    if (quantity > 0) items.push({ ticket_type_id: id, quantity });
  }
  if (nonce === null || items.length > 20) return { ok: false, error: "tampered" };
  if (items.length === 0) return { ok: false, error: "none" };
  return { ok: true, nonce, items };
}

/**
 * The nonce a page renders into its ticket form. A guest's page may come from the guest page
 * cache (or a CDN): the same nonce for everyone within seconds. Its prefix tells it from the one
 * the form's script makes in the browser once it runs.
 */
export const pageNonce = () => `page-${randomUUID()}`;

/**
 * The Idempotency-Key of a ticket form post: the form's nonce, scoped to the visitor, so that a
 * double click holds once. A signed-in visitor's page is their own, and a nonce made by the
 * browser is that browser's. A guest's page nonce is not: two guests behind one address with the
 * same browser would send the same key, and the second would get the first's order and its
 * token. Such a post (no JavaScript, or a click before it ran) is scoped by the browser's id
 * (`sentBrowserId`), which `buyTickets` gives it first; without one it gets no key.
 */
export function idempotencyKey(
  nonce: string,
  visitor: {
    user: string | null;
    address: string | null;
    browser: string | null;
    browserId: string | null;
  },
): string | undefined {
  if (visitor.user === null && nonce.startsWith("page-") && visitor.browserId === null) {
    return undefined;
  }
  return createHash("sha256")
    .update(
      [
        nonce,
        visitor.user ?? "guest",
        visitor.address ?? "",
        visitor.browser ?? "",
        visitor.browserId ?? "",
      ].join("\n"),
    )
    .digest("base64url");
}

/** Marks a ticket form's post sent again by `buyTickets`: it is never sent back a second time. */
const resentParam = "resent";

export type BuyFailure = { buyError: BuyFormError | null; message: string | null };

/**
 * Holds the chosen tickets: creates the order (the API prices it), keeps its token in the
 * order's cookie and sends the buyer to the checkout page. Bad input answers the page's error.
 */
export async function buyTickets(
  request: Request,
  url: URL,
  context: Readonly<RouterContextProvider>,
  eventId: number,
) {
  const state = context.get(requestState);
  const form = readBuyForm(await request.formData());
  if (!form.ok) {
    return data<BuyFailure>({ buyError: form.error, message: null }, { status: 400 });
  }
  const browserId = sentBrowserId(request) ?? null;
  if (
    state.user === null &&
    form.nonce.startsWith("page-") &&
    browserId === null &&
    !url.searchParams.has(resentParam)
  ) {
    // A guest's post of the cached page's form, from a browser without its id: the id is given,
    // and the browser sends the same post again with it (307 keeps the method and the body), so
    // that a double click holds once. A browser that keeps no cookie (or sends none on a post
    // from another site, the embedded shop's) comes back marked and holds without a key. Were
    // it a script's submission, it would load the page again with the same choice. `url` is the
    // page's (React Router's, without the `.data` of a script's post).
    state.setCookies.push(browserIdCookie());
    const again = new URLSearchParams(selectionQuery(form.items));
    again.set(resentParam, "1");
    return redirect(`${url.pathname}?${again}`, 307);
  }
  const api = await apiFor(context);
  try {
    const created = await api.checkout.createOrder(
      { event_id: eventId, items: form.items },
      idempotencyKey(form.nonce, {
        user: state.user ? String(state.user.id) : null,
        address: state.forwardedFor,
        browser: request.headers.get("user-agent"),
        browserId,
      }),
    );
    state.setCookies.push(orderCookie(created.data.id, created.token));
    return redirect(pathTo("checkout", state.locale, { id: created.data.id }));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    // The field's own message ("no such ticket type here") says more than the general one.
    const fieldMessages = Object.values(error.body?.error.fields ?? {});
    return data<BuyFailure>(
      { buyError: null, message: fieldMessages[0] ?? error.message },
      { status: error.status },
    );
  }
}

// --- The checkout page's forms ----------------------------------------------------------------

export const checkoutIntents = ["place", "voucher", "voucher-remove", "login", "cancel"] as const;
export type CheckoutIntent = (typeof checkoutIntents)[number];

type NewAddressField = `${typeof newAddressPrefix}${AddressField}`;
const newAddressFields = addressFieldNames.map(
  (name): NewAddressField => `${newAddressPrefix}${name}`,
);

/** The details form's fields, named as the API names them (its errors land on them). */
export const detailFields = [
  "buyer_name",
  "buyer_email",
  "billing",
  "billing_address.recipient",
  "billing_address.line",
  "billing_address.postal_code",
  "billing_address.city",
  "billing_address.country",
  "address_id",
  ...newAddressFields,
  "save_address",
  "voucher_code",
  "email",
] as const;
export type DetailField = (typeof detailFields)[number];

export type CheckoutFailure = FormFailure<DetailField> & {
  intent: CheckoutIntent | null;
  termsMissing: boolean;
  /** The address fields' place lists for what was chosen (signed in; without JavaScript too). */
  places?: PlaceLists;
};
type PlaceLists = Awaited<ReturnType<typeof placeLists>>;

const failed = (failure: CheckoutFailure, status = 400) => data(failure, { status });

/** The place selects' values of a signed-in buyer's post. */
export const placeValues = (values: Partial<Record<DetailField, string>>) => ({
  country_id: values[`${newAddressPrefix}country_id`],
  city_id: values[`${newAddressPrefix}city_id`],
  district_id: values[`${newAddressPrefix}district_id`],
});

/** The address fields of a signed-in buyer's post, without their prefix. */
const typedAddress = (values: Record<DetailField, string>) =>
  Object.fromEntries(
    addressFieldNames.map((name) => [name, values[`${newAddressPrefix}${name}`]]),
  ) as Record<AddressField, string>;

/**
 * The update a details post asks for: name, email and the chosen or typed billing address. A
 * signed-in buyer types it into the address book's fields and may keep it there; a guest types
 * free text.
 */
export function detailsUpdate(
  values: Record<DetailField, string>,
  signedIn: boolean,
): Loose<UpdateOrder> {
  const update: Loose<UpdateOrder> = {
    buyer_name: values.buyer_name,
    buyer_email: values.buyer_email,
  };
  if (values.billing === "new" && signedIn) {
    const { is_default: _, ...address } = addressBody(typedAddress(values));
    update.new_address = address;
    update.save_address = values.save_address === "on";
  } else if (values.billing === "new") {
    update.billing_address = {
      recipient: values["billing_address.recipient"],
      line: values["billing_address.line"],
      postal_code: values["billing_address.postal_code"],
      city: values["billing_address.city"],
      country: values["billing_address.country"],
    };
  } else if (/^\d{1,10}$/.test(values.billing)) {
    update.address_id = Number(values.billing);
  } else {
    update.billing_address = null;
  }
  return update;
}

/**
 * Where the buyer pays: the test provider's page is one of ours (its path, whatever host the
 * API was configured with); a real provider's page is its own address, also in its test mode
 * (Stripe with an `sk_test_` key).
 */
export function paymentRedirect(url: string, provider: string | null): string {
  if (provider !== "test") return url;
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/**
 * Signs in inside the checkout: the session cookies, and the guest order taken over by the
 * account (its hold stays), with the account's name and email where the order had none.
 */
async function signInAndClaim(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
  order: CheckoutOrder,
  orderToken: string | undefined,
) {
  const state = context.get(requestState);
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const tokens = await passwordSignIn(request, state, email, password);
  const api = serverClient({
    token: tokens.access_token,
    locale: state.locale,
    forwardedFor: state.forwardedFor,
  });
  const { data: user } = await api.getUser();
  await api.checkout.updateOrder(
    order.id,
    {
      buyer_name: order.buyer_name || `${user.name} ${user.surname}`,
      buyer_email: order.buyer_email || user.email,
    },
    orderToken,
  );
}

/** The checkout page's posts: place the order, voucher, inline sign-in, give the seats back. */
export async function checkoutAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  orderId: number,
) {
  const state = context.get(requestState);
  const form = await request.formData();
  const intent = checkoutIntents.find((name) => name === form.get("intent")) ?? null;
  const values = textValues(form, detailFields);
  const api = await apiFor(context);
  const token = orderTokenFromCookie(request, orderId);
  const order = await readOrder(api, orderId, token);
  if (!order) throw data("Order not found", { status: 404 });
  const here = pathTo("checkout", state.locale, { id: orderId });
  const refuse = async (error: unknown, termsMissing = false) =>
    failed({
      intent,
      termsMissing,
      ...formFailure(error, detailFields, values),
      // Without JavaScript the city list comes with the answer to the chosen country (of a typed
      // address that was the choice: the page drops the others' fields).
      ...(state.user && intent === "place" && values.billing === "new"
        ? { places: await placeLists(api, placeValues(values)) }
        : {}),
    });
  try {
    switch (intent) {
      case "place": {
        // The details are checked without the terms' tick too: every error shows at once.
        const termsMissing = form.get("accept_terms") !== "on";
        try {
          await api.checkout.updateOrder(
            orderId,
            detailsUpdate(values, state.user !== null),
            token,
          );
        } catch (error) {
          return refuse(error, termsMissing);
        }
        if (termsMissing) {
          return failed({
            intent,
            termsMissing,
            ok: false,
            message: null,
            fields: {},
            values,
          });
        }
        const placed = await api.checkout.placeOrder(orderId, token);
        return redirect(
          placed.redirect_url
            ? paymentRedirect(placed.redirect_url, placed.data.payment_provider)
            : `${pathTo("ticket-buy-status", state.locale)}?order=${orderId}`,
        );
      }
      case "voucher":
        await api.checkout.updateOrder(orderId, { voucher_code: values.voucher_code }, token);
        return redirect(here);
      case "voucher-remove":
        await api.checkout.updateOrder(orderId, { voucher_code: null }, token);
        return redirect(here);
      case "login":
        await signInAndClaim(request, context, form, order, token);
        return redirect(here);
      case "cancel": {
        await api.checkout.cancelOrder(orderId, token);
        const eventPath = pathTo("event", state.locale, {
          slug: order.event.slug,
          id: order.event.id,
        });
        return redirect(eventPath + selectionQuery(order.items));
      }
      default:
        return failed({
          intent,
          termsMissing: false,
          ok: false,
          message: null,
          fields: {},
          values,
        });
    }
  } catch (error) {
    return refuse(error);
  }
}

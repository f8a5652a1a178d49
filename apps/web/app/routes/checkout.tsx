import { data, redirect } from "react-router";
import { apiFor } from "../api.server";
import { CheckoutForms } from "../components/checkout/checkout-forms";
import { requestState } from "../context";
import { privatePageCache } from "../lib/page-cache";
import { placeLists } from "../lib/places.server";
import { pathTo } from "../route-table";
import { pageMeta } from "../seo";
import type { Route } from "./+types/checkout";
import {
  checkoutAction,
  orderIdOf,
  orderTokenFromCookie,
  paymentRedirect,
  readOrder,
} from "./checkout.server";

const notFound = (pathname: string) => data(`Order not found: ${pathname}`, { status: 404 });

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers = () => ({ "Cache-Control": privatePageCache });

/**
 * `/kasse/:id`: one held order of its buyer (signed in, or the guest whose cookie holds its
 * token). Anyone else's order, or one that does not exist, is a 404. A paid order, or one whose
 * payment is under way at the provider (placed, its page no longer taking it), goes on to its
 * status page, which waits for the outcome.
 */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const id = orderIdOf(params.id);
  if (id === null) throw notFound(url.pathname);
  const state = context.get(requestState);
  const api = await apiFor(context);
  const order = await readOrder(api, id, orderTokenFromCookie(request, id));
  if (!order) throw notFound(url.pathname);
  const paying = order.status === "pending" && order.payment_provider && !order.payment_url;
  if (order.status === "paid" || paying) {
    throw redirect(`${pathTo("ticket-buy-status", state.locale)}?order=${order.id}`);
  }
  const [addresses, places] = state.user
    ? await Promise.all([api.addresses.list().then((list) => list.data), placeLists(api, {})])
    : [[], null];
  return {
    order,
    addresses,
    places,
    signedIn: state.user ? { name: `${state.user.name} ${state.user.surname}` } : null,
    serverNow: Date.now(),
    eventPath: pathTo("event", state.locale, { slug: order.event.slug, id: order.event.id }),
    paymentPath: order.payment_url
      ? paymentRedirect(order.payment_url, order.payment_provider)
      : null,
  };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const id = orderIdOf(params.id);
  if (id === null) throw notFound(url.pathname);
  return checkoutAction(request, context, id);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CheckoutForms
      // A new order (after starting again) starts with a fresh form.
      key={loaderData.order.id}
      {...loaderData}
      failure={actionData ?? null}
    />
  );
}

import { type ApiClient, ApiError, type CheckoutOrder } from "@eventwerk/contract";
import type { RouterContextProvider } from "react-router";
import { apiFor } from "../api.server";
import { requestState } from "../context";
import { qrSvg } from "../lib/qr-code.server";
import { selectionQuery } from "../lib/ticket-selection";
import { pathTo } from "../route-table";
import {
  orderCookie,
  orderIdOf,
  orderTokenFromCookie,
  paymentRedirect,
  readOrder,
} from "./checkout.server";
import { orderFilePath } from "./order-file";

const closedStatuses: ReadonlySet<CheckoutOrder["status"]> = new Set([
  "failed",
  "cancelled",
  "expired",
  "refunded",
]);

/**
 * Whether the same selection can be held again now: every type on sale with enough left. Not
 * when the event is no longer public (unpublished since: the catalogue answers 404).
 */
export async function canRetry(api: ApiClient, order: CheckoutOrder): Promise<boolean> {
  const found = await api.event(order.event.id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  if (!found) return false;
  const event = found.data;
  return order.items.every((item) => {
    const type = event.ticket_types.find((entry) => entry.id === item.ticket_type_id);
    return (
      type?.availability === "on_sale" &&
      type.remaining >= item.quantity &&
      type.max_per_order >= item.quantity
    );
  });
}

/**
 * A paid order's tickets with their QR codes. A refunded or cancelled order keeps its tickets,
 * but they admit no one: none of them gets a code (nor a PDF link) that the door would turn away.
 */
export async function ticketsWithQrCodes(order: CheckoutOrder) {
  if (order.status !== "paid") return [];
  return Promise.all(
    order.tickets.map(async (ticket) => ({
      ...ticket,
      qr: await qrSvg(ticket.code),
    })),
  );
}

/** The order of the return page with its tickets' QR codes, or null (the general page). */
export async function statusOf(
  request: Request,
  url: URL,
  context: Readonly<RouterContextProvider>,
) {
  const state = context.get(requestState);
  const id = orderIdOf(url.searchParams.get("order"));
  if (id === null) return null;
  const api = await apiFor(context);
  const given = url.searchParams.get("token") ?? undefined;
  const cookie = orderTokenFromCookie(request, id);
  const order = await readOrder(api, id, given ?? cookie);
  if (!order) return null;
  // A guest who came back from paying keeps the order's token in its cookie from now on.
  if (given && given !== cookie) state.setCookies.push(orderCookie(id, given));
  const tickets = await ticketsWithQrCodes(order);
  const eventPath = pathTo("event", state.locale, { slug: order.event.slug, id: order.event.id });
  const retry = closedStatuses.has(order.status)
    ? (await canRetry(api, order))
      ? eventPath + selectionQuery(order.items)
      : null
    : null;
  return {
    order,
    tickets,
    eventPath,
    retryPath: retry,
    // Back from the provider's page without paying: its page still takes the payment.
    paymentPath: order.payment_url
      ? paymentRedirect(order.payment_url, order.payment_provider)
      : null,
    files: {
      tickets: orderFilePath(order.id, "tickets.pdf", state.locale),
      calendar: orderFilePath(order.id, "calendar.ics", state.locale),
      ticket: Object.fromEntries(
        tickets.map((ticket) => [
          ticket.id,
          orderFilePath(order.id, `ticket-${ticket.id}.pdf`, state.locale),
        ]),
      ),
    },
    signedIn: state.user !== null,
  };
}

export type OrderStatusData = NonNullable<Awaited<ReturnType<typeof statusOf>>>;

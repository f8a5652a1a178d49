import {
  type CreateOrder,
  checkoutOrderResponseSchema,
  checkoutPaths,
  createdOrderSchema,
  orderTokenHeader,
  placedOrderSchema,
  testPaymentSchema,
  ticketKeysSchema,
  type UpdateOrder,
} from "../checkout.ts";
import { dataOf } from "../common.ts";
import { idempotencyKeyHeader, type Locale } from "../constants.ts";
import { fillPath } from "../paths.ts";
import type { Loose, Transport } from "./transport.ts";

/**
 * Plain links to an order's files for a guest (the token rides in the query, as a link cannot
 * send a header); a signed-in buyer's files go through `ticketsPdf`/`orderCalendar` instead.
 */
export function orderFileLink(
  kind: "ticketsPdf" | "ticketPdf" | "calendar",
  options: { orderId: number; token: string; locale: Locale; ticketId?: number },
): string {
  const path =
    kind === "ticketsPdf"
      ? fillPath(checkoutPaths.orderTicketsPdf, { id: options.orderId })
      : kind === "calendar"
        ? fillPath(checkoutPaths.orderCalendar, { id: options.orderId })
        : fillPath(checkoutPaths.ticketPdf, {
            id: options.orderId,
            ticketId: options.ticketId ?? 0,
          });
  const query = new URLSearchParams({ token: options.token, locale: options.locale });
  return `${path}?${query}`;
}

const orderPath = (path: string, id: number) => fillPath(path, { id });
const withToken = (token?: string) => (token ? { [orderTokenHeader]: token } : undefined);

/**
 * Checkout: a guest passes the order's token (answered on create), a signed-in buyer their
 * client token; `idempotencyKey` makes a retried create answer the same order.
 */
export const checkoutCalls = ({ request, get, file }: Transport) => ({
  createOrder: (body: Loose<CreateOrder>, idempotencyKey?: string) =>
    request("POST", checkoutPaths.orders, {
      schema: createdOrderSchema,
      json: body,
      headers: idempotencyKey ? { [idempotencyKeyHeader]: idempotencyKey } : undefined,
    }),
  order: (id: number, token?: string) =>
    request("GET", orderPath(checkoutPaths.order, id), {
      schema: checkoutOrderResponseSchema,
      headers: withToken(token),
    }),
  updateOrder: (id: number, body: Loose<UpdateOrder>, token?: string) =>
    request("PATCH", orderPath(checkoutPaths.order, id), {
      schema: checkoutOrderResponseSchema,
      json: body,
      headers: withToken(token),
    }),
  placeOrder: (id: number, token?: string) =>
    request("POST", orderPath(checkoutPaths.placeOrder, id), {
      schema: placedOrderSchema,
      json: { accept_terms: true },
      headers: withToken(token),
    }),
  cancelOrder: (id: number, token?: string) =>
    request("POST", orderPath(checkoutPaths.cancelOrder, id), {
      schema: checkoutOrderResponseSchema,
      headers: withToken(token),
    }),
  /** A paid order's tickets as a PDF, one page each; with `ticketId` only that ticket. */
  ticketsPdf: (id: number, options: { token?: string; ticketId?: number } = {}) =>
    file(
      options.ticketId === undefined
        ? orderPath(checkoutPaths.orderTicketsPdf, id)
        : fillPath(checkoutPaths.ticketPdf, { id, ticketId: options.ticketId }),
      { headers: withToken(options.token) },
    ),
  /** The ordered event as an iCalendar file. */
  orderCalendar: (id: number, token?: string) =>
    file(orderPath(checkoutPaths.orderCalendar, id), { headers: withToken(token) }),
  ticketKeys: () => get(checkoutPaths.ticketKeys, ticketKeysSchema),
  testPayment: (id: string) =>
    get(fillPath(checkoutPaths.testPayment, { id }), dataOf(testPaymentSchema)),
  actOnTestPayment: (id: string, action: "success" | "failure" | "cancel" | "pending") =>
    request("POST", fillPath(checkoutPaths.testPayment, { id }), {
      schema: dataOf(testPaymentSchema),
      json: { action },
    }),
});

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
import { fillPath } from "../paths.ts";
import type { Loose, Transport } from "./transport.ts";

const orderPath = (path: string, id: number) => fillPath(path, { id });
const withToken = (token?: string) => (token ? { [orderTokenHeader]: token } : undefined);

/**
 * Checkout: a guest passes the order's token (answered on create), a signed-in buyer their
 * client token; `idempotencyKey` makes a retried create answer the same order.
 */
export const checkoutCalls = ({ request, get }: Transport) => ({
  createOrder: (body: Loose<CreateOrder>, idempotencyKey?: string) =>
    request("POST", checkoutPaths.orders, {
      schema: createdOrderSchema,
      json: body,
      headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : undefined,
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
  ticketKeys: () => get(checkoutPaths.ticketKeys, ticketKeysSchema),
  testPayment: (id: string) =>
    get(fillPath(checkoutPaths.testPayment, { id }), dataOf(testPaymentSchema)),
  actOnTestPayment: (id: string, action: "success" | "failure" | "cancel" | "pending") =>
    request("POST", fillPath(checkoutPaths.testPayment, { id }), {
      schema: dataOf(testPaymentSchema),
      json: { action },
    }),
});

import {
  type CheckoutOrder,
  checkoutPaths,
  fillPath,
  type Locale,
  orderTokenHeader,
  testWebhookSignatureHeader,
} from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import * as t from "../db/schema.ts";
import type { PaymentProvider } from "../lib/payments/provider.ts";
import { signTestWebhook } from "../lib/payments/test-provider.ts";
import { call } from "./app.ts";

const DAY = 86_400_000;

export type TypeSpec = {
  price: number;
  discountPrice?: number | null;
  capacity?: number;
  sold?: number;
  maxPerOrder?: number;
  salesStart?: Date | null;
  salesEnd?: Date | null;
  /** VAT rate in percent; else the column's default (19). */
  vatPercent?: number;
};

/** An upcoming published event of its own (on a demo venue) with the given ticket types. */
export async function createSaleEvent(
  db: Database,
  types: TypeSpec[],
  options: { status?: "published" | "draft" | "cancelled"; startsInDays?: number } = {},
) {
  const [venue] = await db.select().from(t.venues).limit(1);
  const [category] = await db.select().from(t.eventCategories).limit(1);
  const [organiser] = await db.select().from(t.users).where(eq(t.users.role, "organiser")).limit(1);
  const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const start = new Date(Date.now() + (options.startsInDays ?? 20) * DAY);
  const [event] = await db
    .insert(t.events)
    .values({
      slugDe: `kasse-${suffix}`,
      slugEn: `checkout-${suffix}`,
      titleDe: "Kassenkonzert",
      titleEn: "Checkout concert",
      descriptionDe: "Test",
      descriptionEn: "Test",
      categoryId: category!.id,
      venueId: venue!.id,
      organiserId: organiser!.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 3 * 3_600_000),
      coverImage: "concerts-1",
      status: options.status ?? "published",
    })
    .returning();
  const typeRows = await db
    .insert(t.eventTicketTypes)
    .values(
      types.map((type, index) => ({
        eventId: event!.id,
        nameDe: `Kategorie ${index + 1}`,
        nameEn: `Category ${index + 1}`,
        priceCents: type.price,
        discountPriceCents: type.discountPrice ?? null,
        vatPercent: type.vatPercent,
        capacity: type.capacity ?? 100,
        soldCount: type.sold ?? 0,
        maxPerOrder: type.maxPerOrder ?? 10,
        salesStart: type.salesStart ?? null,
        salesEnd: type.salesEnd ?? null,
        sortOrder: index,
      })),
    )
    .returning();
  return { event: event!, types: typeRows };
}

export type CreatedOrder = { data: CheckoutOrder; token: string };

export const orderUrl = (id: number, path: string = checkoutPaths.order) => fillPath(path, { id });

/** Holds tickets; answers the raw response. */
export const holdTickets = (
  app: FastifyInstance,
  payload: Record<string, unknown>,
  options: { token?: string; locale?: Locale; idempotencyKey?: string } = {},
) =>
  call(app, {
    method: "POST",
    url: checkoutPaths.orders,
    payload,
    token: options.token,
    locale: options.locale,
    headers: options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {},
  });

/** A request on an order with its guest token. */
export const onOrder = (
  app: FastifyInstance,
  order: CreatedOrder,
  method: "GET" | "PATCH" | "POST",
  path: string = checkoutPaths.order,
  payload?: Record<string, unknown>,
  locale?: Locale,
) =>
  call(app, {
    method,
    url: orderUrl(order.data.id, path),
    payload,
    locale,
    headers: { [orderTokenHeader]: order.token },
  });

/** A webhook of the test provider as it would deliver it, or with the given signature. */
export const sendTestWebhook = (
  app: FastifyInstance,
  secret: string,
  event: Record<string, unknown>,
  signature?: string,
) => {
  const body = JSON.stringify(event);
  return app.inject({
    method: "POST",
    url: checkoutPaths.testPaymentWebhook,
    payload: body,
    headers: {
      "content-type": "application/json",
      [testWebhookSignatureHeader]: signature ?? signTestWebhook(secret, body),
    },
  });
};

/**
 * Records the payments the provider is asked about (the reconciliation's questions) until
 * `restore`. `before` runs first on each question: a slow provider, say.
 */
export function recordPaymentQuestions(
  provider: PaymentProvider,
  before?: (reference: string) => Promise<void>,
) {
  const asked: string[] = [];
  const state = provider.state;
  provider.state = async (db, reference) => {
    asked.push(reference);
    await before?.(reference);
    return state(db, reference);
  };
  return {
    asked,
    /** How often the payment was asked about. */
    times: (reference: string) => asked.filter((entry) => entry === reference).length,
    restore: () => {
      provider.state = state;
    },
  };
}

import { z } from "zod";
import { addressInputSchema } from "./address.ts";
import { dataOf, idSchema, oneLine, opaqueText, personName, refIdSchema } from "./common.ts";
import { orderStatuses, refundReasons } from "./constants.ts";
import { localeSchema } from "./locale.ts";
import { apiPrefix } from "./paths.ts";

/** Paths of the purchase: orders with their hold, the test provider's page and webhook, keys. */
export const checkoutPaths = {
  orders: `${apiPrefix}/checkout/orders`,
  order: `${apiPrefix}/checkout/orders/:id`,
  placeOrder: `${apiPrefix}/checkout/orders/:id/place`,
  cancelOrder: `${apiPrefix}/checkout/orders/:id/cancel`,
  /** A paid order's tickets as a PDF, one page per ticket (application/pdf). */
  orderTicketsPdf: `${apiPrefix}/checkout/orders/:id/tickets.pdf`,
  /** One ticket of a paid order as a one-page PDF. */
  ticketPdf: `${apiPrefix}/checkout/orders/:id/tickets/:ticketId/ticket.pdf`,
  /** The ordered event as an iCalendar file (text/calendar). */
  orderCalendar: `${apiPrefix}/checkout/orders/:id/calendar.ics`,
  ticketKeys: `${apiPrefix}/ticket-keys`,
  testPayment: `${apiPrefix}/payments/test/:id`,
  testPaymentWebhook: `${apiPrefix}/payments/test/webhook`,
  /** Stripe's webhook (PAYMENT_PROVIDER=stripe), signed in `Stripe-Signature`. */
  stripeWebhook: `${apiPrefix}/payments/stripe/webhook`,
} as const;

// The web pages the API sends buyers to live with the constants (the route table reads them
// without pulling in the schemas).
export {
  checkoutWebPaths,
  idempotencyKeyHeader,
  includedVatCents,
  vatPercent,
  vatShares,
} from "./constants.ts";

/** Who may read a guest's order: the token answered when it was created. */
export const orderTokenHeader = "x-order-token";
/** The test provider's webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const testWebhookSignatureHeader = "eventwerk-signature";

export type OrderStatus = (typeof orderStatuses)[number];
export { type RefundReason, refundReasons } from "./constants.ts";

/** A voucher code as typed: letters, digits and dashes, matched without regard to case. */
const voucherCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, { error: "voucher_unknown" });

/**
 * Chosen tickets of one event. Only ids and quantities: prices, discounts, fees and totals are the
 * server's, and a form that sends any of them is refused (strict objects).
 */
export const createOrderSchema = z
  .strictObject({
    event_id: refIdSchema,
    items: z
      .array(
        z.strictObject({
          ticket_type_id: refIdSchema,
          quantity: z.number().int().min(1).max(100),
        }),
      )
      .min(1)
      .max(20)
      .refine((items) => new Set(items.map((item) => item.ticket_type_id)).size === items.length, {
        error: "duplicate_ticket_type",
      }),
    voucher_code: voucherCodeSchema.optional(),
    /** For forms without JavaScript: the same as the Idempotency-Key header. */
    idempotency_key: opaqueText(100, 8).optional(),
  })
  .meta({ id: "CreateOrder" });
export type CreateOrder = z.input<typeof createOrderSchema>;

export const billingAddressSchema = z
  .strictObject({
    recipient: personName(120),
    line: oneLine(200),
    postal_code: oneLine(10, 3),
    city: oneLine(120),
    country: oneLine(120),
  })
  .meta({ id: "BillingAddress" });
export type BillingAddressInput = z.input<typeof billingAddressSchema>;

/**
 * Buyer details, billing address and voucher. The billing address is typed as free text, or one
 * of the signed-in buyer's addresses (`address_id`), or, for signed-in buyers, typed into the
 * address book's own form (`new_address`), which `save_address` also keeps in their address book.
 */
export const updateOrderSchema = z
  .strictObject({
    buyer_name: personName(120).optional(),
    buyer_email: z.email().max(254).optional(),
    billing_address: billingAddressSchema.nullable().optional(),
    address_id: refIdSchema.optional(),
    // Strict like the rest of the update: a field the form does not have means tampering.
    new_address: addressInputSchema.strict().optional(),
    save_address: z.boolean().optional(),
    /** null removes the voucher. */
    voucher_code: voucherCodeSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: "empty_update" })
  .refine(
    (body) => [body.address_id, body.billing_address, body.new_address].filter(Boolean).length < 2,
    { error: "address_twice", path: ["address_id"] },
  )
  .refine((body) => !body.save_address || body.new_address !== undefined, {
    error: "save_address_without_address",
    path: ["save_address"],
  })
  .meta({ id: "UpdateOrder" });
export type UpdateOrder = z.input<typeof updateOrderSchema>;

export const placeOrderSchema = z
  .strictObject({
    accept_terms: z.literal(true, { error: "accept_terms" }),
  })
  .meta({ id: "PlaceOrder" });

export const orderParamsSchema = z.object({
  id: idSchema,
});
export const orderTokenQuerySchema = z.object({ token: opaqueText(200).optional() });
export const orderTicketParamsSchema = orderParamsSchema.extend({
  ticketId: idSchema,
});
/** A download link may name its language, as a plain link cannot send a header. */
export const orderFileQuerySchema = orderTokenQuerySchema.extend({
  locale: localeSchema.optional(),
});

export const checkoutTicketSchema = z.object({
  id: z.number().int(),
  ticket_type_id: z.number().int(),
  ticket_type_name: z.string(),
  /** The signed QR payload (see `verifyTicketCode`). */
  code: z.string(),
  price_cents: z.number().int(),
  discount_cents: z.number().int(),
});

/** An order as its buyer sees it through checkout. Amounts in cents; every fee included. */
export const checkoutOrderSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(orderStatuses),
    event: z.object({
      id: z.number().int(),
      title: z.string(),
      slug: z.string(),
      starts_at: z.string(),
      venue_name: z.string(),
    }),
    items: z.array(
      z.object({
        ticket_type_id: z.number().int(),
        ticket_type_name: z.string(),
        quantity: z.number().int(),
        /** The type's list price per ticket. */
        unit_price_cents: z.number().int(),
        /** Taken off each ticket (sale price and voucher). */
        discount_cents: z.number().int(),
        /** What each ticket costs, before the service fee. */
        price_cents: z.number().int(),
        /** The VAT rate in percent the item was sold at (later changes of the type leave it). */
        vat_percent: z.number(),
      }),
    ),
    subtotal_cents: z.number().int(),
    discount_cents: z.number().int(),
    fee_cents: z.number().int(),
    total_cents: z.number().int(),
    /** The VAT contained in the total, per rate, highest first (`vatShares`). */
    vat: z.array(
      z.object({
        percent: z.number(),
        gross_cents: z.number().int(),
        vat_cents: z.number().int(),
      }),
    ),
    currency: z.string(),
    voucher_code: z.string().nullable(),
    buyer_name: z.string(),
    buyer_email: z.string(),
    billing_address: billingAddressSchema.nullable(),
    /** Until then the seats are the buyer's; null once paid or closed. */
    hold_expires_at: z.string().nullable(),
    payment_provider: z.string().nullable(),
    /** Where to continue paying (a placed, unpaid order), else null. */
    payment_url: z.string().nullable(),
    /** The test provider charges nothing; pages say so. */
    test_mode: z.boolean(),
    tickets: z.array(checkoutTicketSchema),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    /** Why a refunded order's money went back; null otherwise (and for refunds before it was kept). */
    refund_reason: z.enum(refundReasons).nullable(),
    /**
     * The refund failed at the payment provider and its money has not reached the buyer yet: the
     * operator pays it back another way.
     */
    refund_failed: z.boolean(),
  })
  .meta({ id: "CheckoutOrder" });
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

/** A new order answers its token too: the only way a guest reads it again. */
export const createdOrderSchema = z.object({ data: checkoutOrderSchema, token: z.string() });
export const checkoutOrderResponseSchema = dataOf(checkoutOrderSchema);

/** Where the buyer goes next: the provider's payment page, or null (free order, paid at once). */
export const placedOrderSchema = z.object({
  data: checkoutOrderSchema,
  redirect_url: z.string().nullable(),
});

// --- The test provider's hosted page and webhook ----------------------------------------------

export const testPaymentActions = ["success", "failure", "cancel", "pending"] as const;
export const testPaymentStatuses = [
  "open",
  "pending",
  "succeeded",
  "failed",
  "cancelled",
  "refunded",
  /** Open at the end of its payment window: no longer payable (not stored; the API works it out). */
  "expired",
] as const;

export const testPaymentSchema = z
  .object({
    id: z.uuid(),
    order_id: z.number().int(),
    amount_cents: z.number().int(),
    currency: z.string(),
    status: z.enum(testPaymentStatuses),
    /** The end of the payment window: an open payment expires then. */
    expires_at: z.string(),
    /** Where the page sends the buyer back to when done. */
    return_url: z.string(),
  })
  .meta({ id: "TestPayment" });
export type TestPayment = z.infer<typeof testPaymentSchema>;

export const testPaymentParamsSchema = z.object({ id: z.uuid() });
/** `pending`: the payment is confirmed 30 seconds later, like a slow bank. */
export const testPaymentActionSchema = z.strictObject({ action: z.enum(testPaymentActions) });

export const testWebhookEventSchema = z
  .object({
    id: opaqueText(100),
    type: z.enum(["payment.succeeded", "payment.failed", "payment.cancelled"]),
    payment_id: z.uuid(),
    created: z.number().int(),
  })
  .meta({ id: "TestWebhookEvent" });
export type TestWebhookEvent = z.infer<typeof testWebhookEventSchema>;

/**
 * What the Stripe webhook reads of an event (Stripe sends much more): its id and type, and the
 * object it is about; a Checkout Session's has an id (some other objects, a balance, have none).
 * A signed event of another shape is refused, not applied.
 */
export const stripeWebhookEventSchema = z
  .looseObject({
    id: opaqueText(255),
    type: opaqueText(255),
    data: z.looseObject({ object: z.looseObject({ id: opaqueText(255).optional() }) }),
  })
  .refine((event) => !event.type.startsWith("checkout.session.") || event.data.object.id, {
    path: ["data", "object", "id"],
  })
  .meta({ id: "StripeWebhookEvent" });

export const webhookReceivedSchema = z.object({ received: z.literal(true) });

// --- Signed ticket codes (verified in ticket-code.ts) -----------------------------------------

/** A public key as a JWK (OKP, Ed25519) with its key id. */
export const ticketKeySchema = z
  .object({
    kid: z.string(),
    kty: z.literal("OKP"),
    crv: z.literal("Ed25519"),
    alg: z.literal("EdDSA"),
    x: z.string(),
  })
  .meta({ id: "TicketKey" });
export type TicketKey = z.infer<typeof ticketKeySchema>;
export const ticketKeysSchema = dataOf(z.array(ticketKeySchema));

import { z } from "zod";
import { billingAddressSchema } from "./checkout.ts";
import { pageOf, pageQuery } from "./common.ts";
import { orderStatuses } from "./constants.ts";

// An order's statuses live with the constants (the panel's order filter reads them in the
// browser without pulling in the schemas).
export { orderStatuses } from "./constants.ts";

export const entryTypes = ["entry", "exit"] as const;
export type EntryType = (typeof entryTypes)[number];

/** One scan at the door. */
export const eventLogSchema = z.object({
  id: z.number().int(),
  entry_type: z.enum(entryTypes),
  created_at: z.string(),
});

/**
 * A ticket as the account area reads it (the dashboard's ticket record, plus what the ticket
 * list shows). Amounts are cents in EUR: `ticket_price` is the ticket type's price at purchase,
 * `discount_price` the amount taken off it (null: none), so the buyer paid the difference.
 */
export const ticketRecordSchema = z
  .object({
    id: z.number().int(),
    /** Unguessable; what the QR code encodes and the door scans. */
    code: z.string(),
    order_id: z.number().int(),
    /** Its order's status: a refunded or cancelled order's tickets no longer admit anyone. */
    order_status: z.enum(orderStatuses),
    ticket_price: z.number().int(),
    discount_price: z.number().int().nullable(),
    created_at: z.string(),
    event_log: z.array(eventLogSchema),
    event_ticket_type: z.object({
      id: z.number().int(),
      name: z.string(),
      event: z.object({
        id: z.number().int(),
        slug: z.string(),
        title: z.string(),
        /** Start, ISO 8601 with offset. */
        date: z.string(),
        end_date: z.string(),
        status: z.enum(["published", "cancelled"]),
        event_venue: z.object({
          id: z.number().int(),
          name: z.string(),
          city_id: z.number().int(),
          city_name: z.string(),
        }),
        event_category: z.object({
          id: z.number().int(),
          name: z.string(),
        }),
      }),
    }),
  })
  .meta({ id: "TicketRecord" });
export type TicketRecord = z.infer<typeof ticketRecordSchema>;

export const ticketsQuerySchema = z.object(pageQuery(50));
export type TicketsQuery = Partial<z.output<typeof ticketsQuerySchema>>;

export const ticketListSchema = pageOf(ticketRecordSchema).meta({ id: "TicketList" });
export type TicketList = z.infer<typeof ticketListSchema>;

/** An order as its buyer sees it (the data export carries these). */
export const orderSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(orderStatuses),
    total_cents: z.number().int(),
    currency: z.string(),
    buyer_name: z.string(),
    buyer_email: z.string(),
    /** The billing address the order was placed with, if any. */
    billing_address: billingAddressSchema.nullable(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    items: z.array(
      z.object({
        ticket_type_id: z.number().int(),
        ticket_type_name: z.string(),
        event_title: z.string(),
        quantity: z.number().int(),
        unit_price_cents: z.number().int(),
        discount_cents: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof orderSchema>;

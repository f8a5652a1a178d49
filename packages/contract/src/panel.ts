import { z } from "zod";
import { imageSchema } from "./catalogue.ts";
import {
  dataOf,
  idSchema,
  isoMoment,
  multiLine,
  oneLine,
  pageOf,
  pageQuery,
  refIdSchema,
} from "./common.ts";
import {
  approvalStatuses,
  orderStatuses,
  organiserStatuses,
  refundReasons,
  vatPercent,
  vatPercentMax,
} from "./constants.ts";
import { apiPrefix } from "./paths.ts";
import { entryTypes } from "./ticket.ts";

export { type OrganiserStatus, organiserStatuses } from "./constants.ts";

/** The organiser panel's calls (approved organisers) and the operator's (admins). */
export const panelPaths = {
  dashboard: `${apiPrefix}/panel/dashboard`,
  venues: `${apiPrefix}/panel/venues`,
  events: `${apiPrefix}/panel/events`,
  event: `${apiPrefix}/panel/events/:id`,
  eventCover: `${apiPrefix}/panel/events/:id/cover`,
  publishEvent: `${apiPrefix}/panel/events/:id/publish`,
  unpublishEvent: `${apiPrefix}/panel/events/:id/unpublish`,
  duplicateEvent: `${apiPrefix}/panel/events/:id/duplicate`,
  cancelEvent: `${apiPrefix}/panel/events/:id/cancel`,
  eventAudit: `${apiPrefix}/panel/events/:id/audit`,
  ticketTypes: `${apiPrefix}/panel/events/:id/ticket-types`,
  ticketType: `${apiPrefix}/panel/ticket-types/:id`,
  closeTicketType: `${apiPrefix}/panel/ticket-types/:id/close`,
  vouchers: `${apiPrefix}/panel/events/:id/vouchers`,
  deactivateVoucher: `${apiPrefix}/panel/vouchers/:id/deactivate`,
  orders: `${apiPrefix}/panel/events/:id/orders`,
  ordersCsv: `${apiPrefix}/panel/events/:id/orders.csv`,
  order: `${apiPrefix}/panel/orders/:id`,
  refundOrder: `${apiPrefix}/panel/orders/:id/refund`,
  resendOrder: `${apiPrefix}/panel/orders/:id/resend`,
  organisers: `${apiPrefix}/admin/organisers`,
  approveOrganiser: `${apiPrefix}/admin/organisers/:id/approve`,
  rejectOrganiser: `${apiPrefix}/admin/organisers/:id/reject`,
  suspendOrganiser: `${apiPrefix}/admin/organisers/:id/suspend`,
  reinstateOrganiser: `${apiPrefix}/admin/organisers/:id/reinstate`,
  refundsElsewhere: `${apiPrefix}/admin/refunds`,
  recordRefundElsewhere: `${apiPrefix}/admin/refunds/:id/record`,
} as const;

/** A moment as ISO 8601 with offset (what `datetime-local` fields become on the web side). */
const moment = isoMoment();

// --- Events -------------------------------------------------------------------------------

export const eventStatuses = ["draft", "published", "cancelled"] as const;
export type EventStatus = (typeof eventStatuses)[number];

const eventFields = z.strictObject({
  title_de: oneLine(120, 3),
  title_en: oneLine(120, 3),
  description_de: multiLine(10_000),
  description_en: multiLine(10_000),
  category_id: refIdSchema,
  venue_id: refIdSchema,
  starts_at: moment,
  ends_at: moment,
  age_limit: z.number().int().min(0).max(99).nullable(),
});

/** An event as the organiser writes it; descriptions are Markdown, sanitised when shown. */
export const eventInputSchema = eventFields
  .refine((event) => Date.parse(event.ends_at) > Date.parse(event.starts_at), {
    error: "end_before_start",
    path: ["ends_at"],
  })
  .meta({ id: "PanelEventFields" });
export type EventInput = z.input<typeof eventInputSchema>;

/** A change to some fields; the end must still come after the start (checked with the stored one). */
export const eventUpdateSchema = eventFields
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: "empty_update" });
export type EventUpdate = z.input<typeof eventUpdateSchema>;

export { coverMaxBytes, coverMediaTypes } from "./constants.ts";
/** A cover picture, sent as the request's raw body (limits in constants.ts). */
export const coverUploadSchema = z
  .instanceof(Uint8Array)
  .meta({ type: "string", format: "binary", description: "The picture's bytes" });

export const cancelEventSchema = z.strictObject({
  /** An event with sold tickets is only cancelled once the organiser confirmed the refunds. */
  confirm: z.boolean().default(false),
});

export const panelTicketTypeSchema = z.object({
  id: z.number().int(),
  name_de: z.string(),
  name_en: z.string(),
  price_cents: z.number().int(),
  /** The VAT rate in percent contained in the price (new orders are sold at it). */
  vat_percent: z.number(),
  capacity: z.number().int(),
  sold: z.number().int(),
  sales_start: z.string().nullable(),
  sales_end: z.string().nullable(),
  max_per_order: z.number().int(),
  sort_order: z.number().int(),
  /** Its sale ended (closed by the organiser or past its end). */
  closed: z.boolean(),
});
export type PanelTicketType = z.infer<typeof panelTicketTypeSchema>;

export const eventFiguresSchema = z.object({
  sold: z.number().int(),
  capacity: z.number().int(),
  gross_cents: z.number().int(),
  fee_cents: z.number().int(),
  net_cents: z.number().int(),
  check_ins: z.number().int(),
});
export type EventFigures = z.infer<typeof eventFiguresSchema>;

export const panelEventSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(eventStatuses),
  starts_at: z.string(),
  ends_at: z.string(),
  venue_name: z.string(),
  /** The public page's path parts in the request's language. */
  slug: z.string(),
  figures: eventFiguresSchema,
});
export type PanelEventSummary = z.infer<typeof panelEventSummarySchema>;

export const panelEventSchema = z.object({
  id: z.number().int(),
  status: z.enum(eventStatuses),
  slug_de: z.string(),
  slug_en: z.string(),
  title_de: z.string(),
  title_en: z.string(),
  description_de: z.string(),
  description_en: z.string(),
  category_id: z.number().int(),
  venue_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  age_limit: z.number().int().nullable(),
  /** The uploaded cover, else the category's artwork. */
  cover: imageSchema,
  ticket_types: z.array(panelTicketTypeSchema),
  figures: eventFiguresSchema,
  /** Tickets sold per day (Berlin calendar), oldest first: the sales chart. */
  sales: z.array(
    z.object({ day: z.string(), tickets: z.number().int(), gross_cents: z.number().int() }),
  ),
});
export type PanelEvent = z.infer<typeof panelEventSchema>;
export const panelEventResponseSchema = dataOf(panelEventSchema);
export const panelEventListSchema = dataOf(z.array(panelEventSummarySchema));

export const dashboardSchema = dataOf(
  z.object({
    upcoming: z.array(panelEventSummarySchema),
    past: z.array(panelEventSummarySchema),
    totals: eventFiguresSchema,
  }),
);
export type Dashboard = z.infer<typeof dashboardSchema>["data"];

// --- Venues ------------------------------------------------------------------------------

export const venueInputSchema = z
  .strictObject({
    name: oneLine(120, 2),
    address_line: oneLine(200),
    postal_code: oneLine(10, 3),
    city_id: refIdSchema,
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  })
  .meta({ id: "PanelVenueFields" });
export type VenueInput = z.input<typeof venueInputSchema>;

export const panelVenueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address_line: z.string(),
  postal_code: z.string(),
  city_id: z.number().int(),
  city_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Created by this organiser (else a shared venue). */
  own: z.boolean(),
});
export type PanelVenue = z.infer<typeof panelVenueSchema>;
export const panelVenueListSchema = dataOf(z.array(panelVenueSchema));

// --- Ticket types ------------------------------------------------------------------------

const vatPercentError = { error: "vat_percent_invalid" } as const;
/**
 * A VAT rate in percent: 0 to 25 with at most one decimal (Germany's 19, 7 and 0, but also
 * Switzerland's 8.1 for the Swiss venues). Every way to miss it is the one field message.
 */
export const vatPercentSchema = z
  .number(vatPercentError)
  .min(0, vatPercentError)
  .max(vatPercentMax, vatPercentError)
  // Tenths, measured with a tolerance: 8.1 * 10 is 81.00000000000001 in binary floating point.
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, vatPercentError);

/**
 * Ticket types an event may have: more than any event sells, and their quotas (each up to a
 * million) still sum within the counters' 32-bit integers.
 */
export const ticketTypesPerEventMax = 50;

/** Voucher codes an event may have: the panel lists them all on one page. */
export const vouchersPerEventMax = 500;

/** The highest price, and the highest amount off, in cents: 100,000 €. */
const maxAmountCents = 10_000_000;
/** Amounts are cents here but euros in a form: their message names the range in euros. */
const priceError = { error: "ticket_price_range" } as const;

const ticketTypeFields = {
  name_de: oneLine(80),
  name_en: oneLine(80),
  /** Gross price in cents, VAT included. */
  price_cents: z.number().int().min(0, priceError).max(maxAmountCents, priceError),
  vat_percent: vatPercentSchema,
  capacity: z.number().int().min(1).max(1_000_000),
  sales_start: moment.nullable(),
  sales_end: moment.nullable(),
  max_per_order: z.number().int().min(1).max(100),
  sort_order: z.number().int().min(0).max(1000),
};
const salesWindow = (value: { sales_start?: string | null; sales_end?: string | null }) =>
  !value.sales_start ||
  !value.sales_end ||
  Date.parse(value.sales_end) > Date.parse(value.sales_start);

export const ticketTypeInputSchema = z
  .strictObject({
    ...ticketTypeFields,
    vat_percent: ticketTypeFields.vat_percent.default(vatPercent),
    sales_start: ticketTypeFields.sales_start.default(null),
    sales_end: ticketTypeFields.sales_end.default(null),
    max_per_order: ticketTypeFields.max_per_order.default(10),
    sort_order: ticketTypeFields.sort_order.default(0),
  })
  .refine(salesWindow, { error: "end_before_start", path: ["sales_end"] })
  .meta({ id: "PanelTicketTypeFields" });
export type TicketTypeInput = z.input<typeof ticketTypeInputSchema>;

export const ticketTypeUpdateSchema = z
  .strictObject(ticketTypeFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: "empty_update" })
  .refine(salesWindow, { error: "end_before_start", path: ["sales_end"] });
export type TicketTypeUpdate = z.input<typeof ticketTypeUpdateSchema>;
export const panelTicketTypeResponseSchema = dataOf(panelTicketTypeSchema);

// --- Vouchers ----------------------------------------------------------------------------

/** percent: that many percent off each ticket; fixed: that many cents off each ticket. */
export const voucherKinds = ["percent", "fixed"] as const;
export type VoucherKind = (typeof voucherKinds)[number];

export const voucherInputSchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(3)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, { error: "voucher_code_format" }),
    kind: z.enum(voucherKinds),
    /** Percent (1–100) or cents off each ticket (1 cent to 100,000 €), as `kind` says. */
    value: z.number().int(),
    ticket_type_id: refIdSchema.nullable().default(null),
    max_uses: z.number().int().min(1).max(1_000_000).nullable().default(null),
    valid_from: moment.nullable().default(null),
    valid_until: moment.nullable().default(null),
  })
  .refine((value) => value.kind !== "percent" || (value.value >= 1 && value.value <= 100), {
    error: "percent_range",
    path: ["value"],
  })
  .refine(
    (value) => value.kind !== "fixed" || (value.value >= 1 && value.value <= maxAmountCents),
    { error: "amount_range", path: ["value"] },
  )
  .refine(
    (value) =>
      !value.valid_from ||
      !value.valid_until ||
      Date.parse(value.valid_until) > Date.parse(value.valid_from),
    { error: "end_before_start", path: ["valid_until"] },
  )
  .meta({ id: "PanelVoucherFields" });
export type VoucherInput = z.input<typeof voucherInputSchema>;

export const panelVoucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(voucherKinds),
  value: z.number().int(),
  ticket_type_id: z.number().int().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  active: z.boolean(),
});
export type PanelVoucher = z.infer<typeof panelVoucherSchema>;
export const panelVoucherListSchema = dataOf(z.array(panelVoucherSchema));
export const panelVoucherResponseSchema = dataOf(panelVoucherSchema);

// --- Orders ------------------------------------------------------------------------------

export const panelOrdersQuerySchema = z.object({
  /** Buyer name, email or order number. */
  q: oneLine(120, 0).optional(),
  status: z.enum(orderStatuses).optional(),
  ticket_type_id: idSchema.optional(),
  /** Orders created on or after this day / before the end of that day (YYYY-MM-DD, Berlin). */
  from: z.iso.date({ error: "invalid_date" }).optional(),
  to: z.iso.date({ error: "invalid_date" }).optional(),
  ...pageQuery(25),
});
export type PanelOrdersQuery = Partial<z.output<typeof panelOrdersQuerySchema>>;

export const panelOrderSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(orderStatuses),
  buyer_name: z.string(),
  buyer_email: z.string(),
  tickets: z.number().int(),
  total_cents: z.number().int(),
  fee_cents: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PanelOrderSummary = z.infer<typeof panelOrderSummarySchema>;

export const panelOrderListSchema = pageOf(panelOrderSummarySchema);
export type PanelOrderList = z.infer<typeof panelOrderListSchema>;

export const panelOrderSchema = panelOrderSummarySchema.extend({
  event_id: z.number().int(),
  event_title: z.string(),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  payment_provider: z.string().nullable(),
  voucher_code: z.string().nullable(),
  /**
   * When its refund was decided, while the provider has not confirmed it (the order is still
   * `paid`; its tickets are void); null otherwise. The reconciliation completes it, unless
   * `refund_by_operator`.
   */
  refund_requested_at: z.string().nullable(),
  /**
   * The owed refund's money was taken by another provider than this deployment's (it changed
   * providers): only the marketplace's operator can give it back, there, and record it.
   */
  refund_by_operator: z.boolean(),
  tickets_issued: z.array(
    z.object({
      id: z.number().int(),
      ticket_type_name: z.string(),
      price_cents: z.number().int(),
      check_ins: z.array(z.object({ entry_type: z.enum(entryTypes), created_at: z.string() })),
    }),
  ),
});
export type PanelOrder = z.infer<typeof panelOrderSchema>;
export const panelOrderResponseSchema = dataOf(panelOrderSchema);

// --- Audit -------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_name: z.string(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = dataOf(z.array(auditEntrySchema));

// --- Admin: organiser applications -------------------------------------------------------

/** Organisers in one state, found by name, email or company name (any case), a page at a time. */
export const organiserFilterSchema = z.object({
  status: z.enum(organiserStatuses).default("pending"),
  q: oneLine(120, 0).optional(),
  ...pageQuery(25),
});
export type OrganiserFilter = Partial<z.output<typeof organiserFilterSchema>>;

export const organiserApplicationSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Whether the applicant followed the link mailed to the address: approval needs it. */
  email_verified: z.boolean(),
  company_name: z.string(),
  tax_number: z.string(),
  city_name: z.string(),
  approval_status: z.enum(approvalStatuses),
  suspended: z.boolean(),
  review_note: z.string().nullable(),
  created_at: z.string(),
});
export type OrganiserApplication = z.infer<typeof organiserApplicationSchema>;
export const organiserApplicationListSchema = pageOf(organiserApplicationSchema);
export type OrganiserApplicationList = z.infer<typeof organiserApplicationListSchema>;
export const organiserApplicationResponseSchema = dataOf(organiserApplicationSchema);

export const organiserParamsSchema = z.object({ id: z.uuid({ error: "not_found" }) });
export const reviewReasonSchema = z.strictObject({ reason: multiLine(1000, 3) });
export type ReviewReason = z.input<typeof reviewReasonSchema>;

// --- Admin: refunds only the operator can give back ----------------------------------------

/**
 * An owed refund (its tickets void) of money another payment provider than this deployment's
 * took: the operator gives it back there (the provider's dashboard), then records it here. Or a
 * refund that failed at this deployment's provider: the operator gives it back another way.
 */
export const refundElsewhereSchema = z.object({
  order_id: z.number().int(),
  event_title: z.string(),
  organiser_name: z.string(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  total_cents: z.number().int(),
  currency: z.string(),
  payment_provider: z.string(),
  /** The payment's id at its provider (a Stripe Checkout Session's, say). */
  payment_reference: z.string(),
  refund_reason: z.enum(refundReasons).nullable(),
  refund_requested_at: z.string(),
  /**
   * When this deployment's provider reported the refund as failed (its money back with the
   * operator, who gives it back another way); null for money another provider took.
   */
  refund_failed_at: z.string().nullable(),
});
export type RefundElsewhere = z.infer<typeof refundElsewhereSchema>;
/** The longest owed first, a page at a time. */
export const refundElsewhereQuerySchema = z.object({ ...pageQuery(25) });
export type RefundElsewhereQuery = Partial<z.output<typeof refundElsewhereQuerySchema>>;
export const refundElsewhereListSchema = pageOf(refundElsewhereSchema);
export type RefundElsewhereList = z.infer<typeof refundElsewhereListSchema>;

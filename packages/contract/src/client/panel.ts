import { z } from "zod";
import { dataOf, okSchema } from "../common.ts";
import {
  auditListSchema,
  dashboardSchema,
  type EventInput,
  type EventUpdate,
  type OrganiserFilter,
  organiserApplicationListSchema,
  organiserApplicationResponseSchema,
  type PanelOrdersQuery,
  panelEventListSchema,
  panelEventResponseSchema,
  panelOrderListSchema,
  panelOrderResponseSchema,
  panelPaths,
  panelTicketTypeResponseSchema,
  panelVenueListSchema,
  panelVoucherListSchema,
  panelVoucherResponseSchema,
  type RefundElsewhereQuery,
  type ReviewReason,
  refundElsewhereListSchema,
  type TicketTypeInput,
  type TicketTypeUpdate,
  type VenueInput,
  type VoucherInput,
} from "../panel.ts";
import { fillPath } from "../paths.ts";
import type { Loose, Transport } from "./transport.ts";

const at = (path: string, id: number | string) => fillPath(path, { id });
const createdIdSchema = dataOf(z.object({ id: z.number().int() }));

/** The organiser panel (an approved organiser's token) and the operator's review (an admin's). */
export const panelCalls = ({ request, get, getText }: Transport) => ({
  dashboard: () => get(panelPaths.dashboard, dashboardSchema),
  venues: () => get(panelPaths.venues, panelVenueListSchema),
  createVenue: (body: Loose<VenueInput>) =>
    request("POST", panelPaths.venues, { schema: createdIdSchema, json: body }),
  events: () => get(panelPaths.events, panelEventListSchema),
  event: (id: number) => get(at(panelPaths.event, id), panelEventResponseSchema),
  createEvent: (body: Loose<EventInput>) =>
    request("POST", panelPaths.events, { schema: panelEventResponseSchema, json: body }),
  updateEvent: (id: number, body: Loose<EventUpdate>) =>
    request("PATCH", at(panelPaths.event, id), { schema: panelEventResponseSchema, json: body }),
  /** A cover picture (a file from a form); the API tells its type by its content. */
  uploadEventCover: (id: number, picture: Blob) =>
    request("PUT", at(panelPaths.eventCover, id), {
      schema: panelEventResponseSchema,
      upload: picture,
    }),
  publishEvent: (id: number) =>
    request("POST", at(panelPaths.publishEvent, id), { schema: panelEventResponseSchema }),
  unpublishEvent: (id: number) =>
    request("POST", at(panelPaths.unpublishEvent, id), { schema: panelEventResponseSchema }),
  duplicateEvent: (id: number) =>
    request("POST", at(panelPaths.duplicateEvent, id), { schema: panelEventResponseSchema }),
  cancelEvent: (id: number, confirm: boolean) =>
    request("POST", at(panelPaths.cancelEvent, id), {
      schema: panelEventResponseSchema,
      json: { confirm },
    }),
  eventAudit: (id: number) => get(at(panelPaths.eventAudit, id), auditListSchema),
  createTicketType: (eventId: number, body: Loose<TicketTypeInput>) =>
    request("POST", at(panelPaths.ticketTypes, eventId), {
      schema: panelTicketTypeResponseSchema,
      json: body,
    }),
  updateTicketType: (id: number, body: Loose<TicketTypeUpdate>) =>
    request("PATCH", at(panelPaths.ticketType, id), {
      schema: panelTicketTypeResponseSchema,
      json: body,
    }),
  closeTicketType: (id: number) =>
    request("POST", at(panelPaths.closeTicketType, id), { schema: panelTicketTypeResponseSchema }),
  deleteTicketType: (id: number) =>
    request("DELETE", at(panelPaths.ticketType, id), { schema: okSchema }),
  vouchers: (eventId: number) => get(at(panelPaths.vouchers, eventId), panelVoucherListSchema),
  createVoucher: (eventId: number, body: Loose<VoucherInput>) =>
    request("POST", at(panelPaths.vouchers, eventId), {
      schema: panelVoucherResponseSchema,
      json: body,
    }),
  deactivateVoucher: (id: number) =>
    request("POST", at(panelPaths.deactivateVoucher, id), { schema: panelVoucherResponseSchema }),
  orders: (eventId: number, query: PanelOrdersQuery = {}) =>
    get(at(panelPaths.orders, eventId), panelOrderListSchema, query),
  ordersCsv: (eventId: number, query: Omit<PanelOrdersQuery, "page" | "per_page"> = {}) =>
    getText(at(panelPaths.ordersCsv, eventId), query),
  order: (id: number) => get(at(panelPaths.order, id), panelOrderResponseSchema),
  refundOrder: (id: number) =>
    request("POST", at(panelPaths.refundOrder, id), { schema: panelOrderResponseSchema }),
  resendOrderConfirmation: (id: number) =>
    request("POST", at(panelPaths.resendOrder, id), { schema: okSchema }),
  organisers: (query: OrganiserFilter = {}) =>
    get(panelPaths.organisers, organiserApplicationListSchema, query),
  approveOrganiser: (userId: string) =>
    request("POST", at(panelPaths.approveOrganiser, userId), {
      schema: organiserApplicationResponseSchema,
    }),
  rejectOrganiser: (userId: string, body: Loose<ReviewReason>) =>
    request("POST", at(panelPaths.rejectOrganiser, userId), {
      schema: organiserApplicationResponseSchema,
      json: body,
    }),
  suspendOrganiser: (userId: string, body: Loose<ReviewReason>) =>
    request("POST", at(panelPaths.suspendOrganiser, userId), {
      schema: organiserApplicationResponseSchema,
      json: body,
    }),
  reinstateOrganiser: (userId: string) =>
    request("POST", at(panelPaths.reinstateOrganiser, userId), {
      schema: organiserApplicationResponseSchema,
    }),
  refundsElsewhere: (query: RefundElsewhereQuery = {}) =>
    get(panelPaths.refundsElsewhere, refundElsewhereListSchema, query),
  recordRefundElsewhere: (orderId: number) =>
    request("POST", at(panelPaths.recordRefundElsewhere, orderId), { schema: okSchema }),
});

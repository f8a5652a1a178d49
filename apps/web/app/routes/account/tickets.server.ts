import type { ApiClient, TicketRecord } from "@eventwerk/contract";
import type { AccountTicket, TicketCancellation } from "../../components/account/tickets";
import { qrSvg } from "../../lib/qr-code.server";

/** Every ticket of the visitor (the dashboard sums over all of them), page by page. */
export async function allTickets(api: ApiClient): Promise<TicketRecord[]> {
  const tickets: TicketRecord[] = [];
  for (let page = 1; page <= 50; page++) {
    const response = await api.tickets({ page, per_page: 100 });
    tickets.push(...response.data);
    if (page >= response.meta.pages) break;
  }
  return tickets;
}

const toAccountTicket = async (ticket: TicketRecord): Promise<AccountTicket> => {
  const { event } = ticket.event_ticket_type;
  const shown = {
    id: ticket.id,
    code: ticket.code,
    eventId: event.id,
    slug: event.slug,
    title: event.title,
    date: event.date,
    endDate: event.end_date,
    venue: event.event_venue.name,
    city: event.event_venue.city_name,
    ticketType: ticket.event_ticket_type.name,
    paidCents: ticket.ticket_price - (ticket.discount_price ?? 0),
    // Tickets bought at full price carry a discount of 0 (checkout) or none (older ones).
    discountCents: ticket.discount_price || null,
    attended: ticket.event_log.some((log) => log.entry_type === "entry"),
  };
  // The event was called off, or the organiser refunded the order: the ticket admits no one, so
  // it gets no QR code that the door would only turn away.
  const cancelled: TicketCancellation | null =
    event.status === "cancelled"
      ? "event_cancelled"
      : ticket.order_status === "refunded"
        ? "refunded"
        : ticket.order_status === "cancelled"
          ? "order_cancelled"
          : null;
  if (cancelled) return { ...shown, cancelled, qr: null };
  return { ...shown, cancelled: null, qr: await qrSvg(ticket.code) };
};

/** The tickets, the valid ones with their QR codes, upcoming (soonest first) and past. */
export async function ticketsByTime(tickets: readonly TicketRecord[], now: Date) {
  const converted = await Promise.all(tickets.map(toAccountTicket));
  // A ticket stays upcoming until its event has ended: tonight's concert is still ahead.
  const isOver = (ticket: AccountTicket) => Date.parse(ticket.endDate) < now.getTime();
  const upcoming = converted
    .filter((ticket) => !isOver(ticket))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  return { upcoming, past: converted.filter(isOver) };
}

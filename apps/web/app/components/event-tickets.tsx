import type { Availability, EventDetail, TicketType } from "@eventwerk/contract";
import { useTranslations } from "use-intl";
import { useFormat } from "../lib/intl-format";
import { useEuro } from "./catalogue-parts";
import { mutedText } from "./page-parts";
import { Badge, type BadgeTone } from "./ui/badge";
import { cardClass } from "./ui/card";

function TicketPrice({ ticket }: { ticket: TicketType }) {
  const t = useTranslations("event");
  const euro = useEuro();
  const price = (cents: number) => (cents === 0 ? t("ticketFree") : euro(cents));
  if (ticket.discount_price_cents === null || ticket.discount_price_cents === ticket.price_cents)
    return <span className="text-lg font-semibold">{price(ticket.price_cents)}</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-2">
      <s className={mutedText}>
        <span className="sr-only">{t("originalPrice")}</span> {price(ticket.price_cents)}
      </s>
      <span className="text-lg font-semibold text-primary-800 dark:text-primary-300">
        <span className="sr-only">{t("discountedPrice")}</span> {price(ticket.discount_price_cents)}
      </span>
    </span>
  );
}

const availabilityTone = {
  on_sale: "positive",
  sold_out: "neutral",
  not_yet_on_sale: "primary",
  sale_ended: "neutral",
} as const satisfies Record<Availability, BadgeTone>;

function TicketAvailability({ ticket }: { ticket: TicketType }) {
  const t = useTranslations("event");
  const format = useFormat();
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const label =
    ticket.availability === "not_yet_on_sale" && ticket.sales_start
      ? t("salesStart", { date: when(ticket.sales_start) })
      : ticket.availability === "on_sale"
        ? t("availability.on_sale", { remaining: ticket.remaining })
        : t(`availability.${ticket.availability}`);
  return <Badge tone={availabilityTone[ticket.availability]}>{label}</Badge>;
}

/** The event's ticket types: price (with the discount), sale period and availability. */
export function EventTickets({ event }: { event: EventDetail }) {
  const t = useTranslations("event");
  const format = useFormat();
  const closed = event.is_past || event.status === "cancelled";
  return (
    <section aria-labelledby="event-tickets" className="space-y-4">
      <h2 id="event-tickets" className="text-2xl font-bold tracking-tight">
        {t("tickets")}
      </h2>
      {event.ticket_types.length === 0 ? (
        <p className={mutedText}>{t("ticketsEmpty")}</p>
      ) : (
        <ul className={`${cardClass} divide-y divide-neutral-200 dark:divide-neutral-800`}>
          {event.ticket_types.map((ticket) => (
            <li
              key={ticket.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="space-y-1">
                <h3 className="font-semibold">{ticket.name}</h3>
                {!closed && ticket.availability === "on_sale" && (
                  <p className={`text-sm ${mutedText}`}>
                    {ticket.sales_end
                      ? `${t("salesEnd", {
                          date: format.dateTime(new Date(ticket.sales_end), {
                            dateStyle: "medium",
                            timeStyle: "short",
                          }),
                        })} · ${t("maxPerOrder", { count: ticket.max_per_order })}`
                      : t("maxPerOrder", { count: ticket.max_per_order })}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-3 sm:justify-end">
                <TicketPrice ticket={ticket} />
                {!closed && <TicketAvailability ticket={ticket} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

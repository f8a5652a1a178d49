import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../../hooks";
import { useEuro, useFormat } from "../../lib/intl-format";
import { Icon } from "../icon";
import { EmptyState, linkClass, mutedText } from "../page-parts";

/** Why a ticket admits no one: its event was called off, or its order refunded or cancelled. */
export type TicketCancellation = "event_cancelled" | "refunded" | "order_cancelled";

/**
 * A ticket as the account page shows it: a valid one with its QR code (an SVG made on the
 * server), a cancelled one without, since it admits no one.
 */
export type AccountTicket = {
  id: number;
  code: string;
  eventId: number;
  slug: string;
  title: string;
  date: string;
  endDate: string;
  venue: string;
  city: string;
  ticketType: string;
  paidCents: number;
  discountCents: number | null;
  attended: boolean;
} & ({ cancelled: null; qr: string } | { cancelled: TicketCancellation; qr: null });

/** The badge of a cancelled ticket: the event's "called off" is not the order's refund. */
const cancellationBadge = {
  event_cancelled: "cancelled",
  refunded: "refunded",
  order_cancelled: "orderCancelled",
} as const satisfies Record<TicketCancellation, string>;

/**
 * Where a cancelled ticket's QR code would be, the same size so the card does not change shape:
 * a code that cannot be scanned, and text saying why (not an image: there is nothing to show).
 */
function NoQrCode() {
  const t = useTranslations("account");
  return (
    <div className="flex size-33 shrink-0 flex-col items-center justify-center gap-2 self-center rounded-md border-2 border-dashed border-neutral-300 p-2 text-center text-sm font-medium hyphens-auto text-neutral-700 dark:border-neutral-600 dark:text-neutral-300">
      <Icon name="ban" className="size-8 shrink-0" />
      <p>{t("qrCancelled")}</p>
    </div>
  );
}

function TicketCard({ ticket, past }: { ticket: AccountTicket; past: boolean }) {
  const t = useTranslations("account");
  const format = useFormat();
  const { to } = usePaths();
  const euros = useEuro();
  const status = ticket.cancelled
    ? t(cancellationBadge[ticket.cancelled])
    : past
      ? ticket.attended
        ? t("attended")
        : t("notAttended")
      : null;
  return (
    <li className="flex flex-col gap-4 rounded-lg border border-neutral-200 p-4 sm:flex-row dark:border-neutral-700">
      {ticket.cancelled ? (
        <NoQrCode />
      ) : (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticket.qr)}`}
          alt={t("qrAlt", { code: ticket.code })}
          width={132}
          height={132}
          className="size-33 shrink-0 self-center rounded-md bg-white p-1"
        />
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <h4 className="font-semibold">
          <Link className={linkClass} to={to("event", { slug: ticket.slug, id: ticket.eventId })}>
            {ticket.title}
          </Link>
        </h4>
        <p className={`flex items-center gap-2 ${mutedText}`}>
          <Icon name="calendar-days" className="size-4 shrink-0" />
          {/* Dates may come out of the browser's ICU slightly unlike Node's. */}
          <time dateTime={ticket.date} suppressHydrationWarning>
            {format.dateTime(new Date(ticket.date), { dateStyle: "full", timeStyle: "short" })}
          </time>
        </p>
        <p className={`flex items-center gap-2 ${mutedText}`}>
          <Icon name="map-pin" className="size-4 shrink-0" />
          {ticket.venue}, {ticket.city}
        </p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 text-sm">
          <dt className="font-medium">{t("ticketType")}</dt>
          <dd>{ticket.ticketType}</dd>
          <dt className="font-medium">{t("pricePaid")}</dt>
          <dd>
            {euros(ticket.paidCents)}
            {ticket.discountCents !== null && (
              <span className={mutedText}>
                {" "}
                ({t("discount", { amount: euros(ticket.discountCents) })})
              </span>
            )}
          </dd>
          <dt className="font-medium">{t("ticketCode")}</dt>
          <dd className="font-mono break-all">{ticket.code}</dd>
        </dl>
        {status && (
          <p className="inline-block rounded-xs bg-neutral-100 px-2 py-0.5 text-sm font-semibold dark:bg-neutral-800">
            {status}
          </p>
        )}
      </div>
    </li>
  );
}

/** The visitor's tickets, upcoming first, then past ones. */
export function TicketList({
  upcoming,
  past,
}: {
  upcoming: readonly AccountTicket[];
  past: readonly AccountTicket[];
}) {
  const t = useTranslations("account");
  const { to } = usePaths();
  if (upcoming.length === 0 && past.length === 0) {
    return (
      <EmptyState
        icon="ticket"
        headingLevel={3}
        title={t("ticketsEmptyTitle")}
        actions={
          <Link to={to("events")} className="button-secondary">
            {t("ticketsEmptyAction")}
          </Link>
        }
      >
        <p>{t("ticketsEmptyText")}</p>
      </EmptyState>
    );
  }
  const group = (key: "upcoming" | "past", tickets: readonly AccountTicket[]) => (
    <section aria-labelledby={`tickets-${key}`} className="space-y-3">
      <h3 id={`tickets-${key}`} className="text-lg font-semibold">
        {t(`${key}Heading`)} <span className={mutedText}>({tickets.length})</span>
      </h3>
      {tickets.length ? (
        <ul className="grid gap-4 lg:grid-cols-2">
          {tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} past={key === "past"} />
          ))}
        </ul>
      ) : (
        <p className={mutedText}>{t(`${key}Empty`)}</p>
      )}
    </section>
  );
  return (
    <div className="space-y-8">
      {group("upcoming", upcoming)}
      {group("past", past)}
    </div>
  );
}

import type { RefundReason } from "@eventwerk/contract";
import { useEffect } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { usePaths } from "../../hooks";
import type { OrderStatusData } from "../../routes/ticket-buy-status.server";
import { Icon } from "../icon";
import { linkClass, mutedText, PageHeader } from "../page-parts";
import { cardClass } from "../ui/card";
import { Panel } from "../ui/panel";
import { OrderSummary, TestModeNotice } from "./parts";

/** How often a pending payment is asked about again. */
const pollSeconds = 3;

const closedPanels = {
  failed: { icon: "circle-x", title: "failedTitle", text: "failedText" },
  cancelled: { icon: "ban", title: "cancelledTitle", text: "cancelledText" },
  expired: { icon: "clock", title: "expiredTitle", text: "expiredText" },
  refunded: { icon: "receipt-text", title: "refundedTitle", text: "refundedAnyText" },
} as const;

/** What a refund's page says by why the money went back; only a late payment may try again. */
const refunds = {
  sold_out: { text: "refundedText", retry: true },
  voucher_used_up: { text: "refundedVoucherText", retry: true },
  event_cancelled: { text: "refundedCancelledText", retry: false },
  event_over: { text: "refundedOverText", retry: false },
  organiser: { text: "refundedOrganiserText", retry: false },
  payment_provider: { text: "refundedProviderText", retry: false },
  chargeback: { text: "refundedChargebackText", retry: false },
} as const satisfies Record<RefundReason, { text: string; retry: boolean }>;

/** A pending payment: checks again by itself (revalidation with JavaScript, a refresh without). */
function Pending() {
  const t = useTranslations("checkout.status");
  const revalidator = useRevalidator();
  const location = useLocation();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, pollSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  return (
    <Panel tone="neutral" icon="clock" title={t("pendingTitle")} role="status">
      <noscript>
        <meta httpEquiv="refresh" content={String(pollSeconds + 2)} />
      </noscript>
      <p>{t("pendingText")}</p>
      <a href={location.pathname + location.search} className="button-secondary">
        {t("checkAgain")}
      </a>
    </Panel>
  );
}

/** The return page of one order: its tickets when paid, else what happened and what next. */
export function OrderStatus({
  order,
  tickets,
  eventPath,
  retryPath,
  paymentPath,
  files,
  signedIn,
}: OrderStatusData) {
  const t = useTranslations("checkout.status");
  const page = useTranslations("ticketStatus");
  const format = useFormatter();
  const { to } = usePaths();
  const closed = order.status === "pending" || order.status === "paid" ? null : order.status;
  const panel = closed ? closedPanels[closed] : null;
  const refund = closed === "refunded" && order.refund_reason ? refunds[order.refund_reason] : null;
  // A refund by the organiser or at the provider, for a cancelled event, or of a reason not kept
  // (older than migration 0028) offers no new attempt, only the way back to the event.
  const mayRetry = closed !== "refunded" || refund?.retry === true;

  return (
    <main id="main" className="mx-auto max-w-4xl space-y-8 px-4 py-12">
      <PageHeader
        title={page("heading")}
        intro={t("order", { id: order.id, event: order.event.title })}
      />
      {order.test_mode && <TestModeNotice />}
      {order.status === "paid" && (
        <>
          <Panel
            tone="success"
            icon="circle-check"
            title={t(order.total_cents > 0 ? "paidTitle" : "freeTitle")}
            role="status"
          >
            <p>{t("paidText", { email: order.buyer_email })}</p>
            {signedIn && <p>{t("paidAccount")}</p>}
          </Panel>
          <section aria-labelledby="tickets-heading" className="space-y-4">
            <h2 id="tickets-heading" className="text-2xl font-bold tracking-tight">
              {t("ticketsHeading")}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2">
              {tickets.map((ticket) => (
                <li key={ticket.id} className={`${cardClass} flex gap-4 p-4`}>
                  <img
                    src={`data:image/svg+xml;utf8,${encodeURIComponent(ticket.qr)}`}
                    alt={t("qrAlt", { code: ticket.id })}
                    width={132}
                    height={132}
                    className="size-33 shrink-0 rounded-md bg-white p-1"
                  />
                  <div className="min-w-0 space-y-1">
                    <h3 className="font-semibold">{ticket.ticket_type_name}</h3>
                    <p className={mutedText} suppressHydrationWarning>
                      {format.dateTime(new Date(order.event.starts_at), {
                        dateStyle: "medium",
                        timeStyle: "short",
                      })}
                    </p>
                    <p className={mutedText}>{order.event.venue_name}</p>
                    <a href={files.ticket[ticket.id]} download className={linkClass}>
                      {t("ticketPdf", { code: ticket.id })}
                    </a>
                  </div>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-3">
              <a href={files.tickets} download className="button-primary">
                <Icon name="download" className="size-5" />
                {t("ticketsPdf")}
              </a>
              <a href={files.calendar} download className="button-secondary">
                <Icon name="calendar-plus" className="size-5" />
                {t("calendar")}
              </a>
              {signedIn && (
                <Link to={to("account-tickets")} className="button-secondary">
                  <Icon name="ticket" className="size-5" />
                  {t("myTickets")}
                </Link>
              )}
            </div>
          </section>
        </>
      )}
      {order.status === "pending" &&
        (paymentPath ? (
          // Nothing to wait for: the buyer left the provider's page without paying.
          <Panel tone="neutral" icon="credit-card" title={t("unpaidTitle")}>
            <p>{t("unpaidText")}</p>
            <a href={paymentPath} className="button-primary">
              {t("continuePayment")}
            </a>
          </Panel>
        ) : (
          <Pending />
        ))}
      {panel && (
        <Panel tone="danger" icon={panel.icon} title={t(panel.title)} role="alert">
          <p>{t(refund?.text ?? panel.text)}</p>
          {order.refund_failed && <p>{t("refundFailedText")}</p>}
          {!mayRetry ? (
            <Link to={eventPath} className={linkClass}>
              {t("toEvent")}
            </Link>
          ) : retryPath ? (
            <Link to={retryPath} className="button-primary">
              {t("tryAgain")}
            </Link>
          ) : (
            <>
              <p>{t("soldOutNow")}</p>
              <Link to={eventPath} className={linkClass}>
                {t("toEvent")}
              </Link>
            </>
          )}
        </Panel>
      )}
      <OrderSummary order={order} />
    </main>
  );
}

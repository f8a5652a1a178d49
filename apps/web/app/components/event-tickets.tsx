import type { Availability, EventDetail, TicketType } from "@eventwerk/contract";
import { serviceFeeCents } from "@eventwerk/contract/constants";
import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { useEuro, useFormat } from "../lib/intl-format";
import { quantityFieldName } from "../lib/ticket-selection";
import { Icon } from "./icon";
import { mutedText } from "./page-parts";
import { Badge, type BadgeTone } from "./ui/badge";
import { cardClass } from "./ui/card";
import { Panel } from "./ui/panel";

function TicketPrice({ ticket }: { ticket: TicketType }) {
  const t = useTranslations("event");
  const euro = useEuro();
  const price = (cents: number) => (cents === 0 ? t("ticketFree") : euro(cents));
  if (ticket.discount_price_cents === null || ticket.discount_price_cents === ticket.price_cents)
    return <span className="ticket-price">{price(ticket.price_cents)}</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-2">
      <s className={mutedText}>
        <span className="sr-only">{t("originalPrice")}</span>
        {` ${price(ticket.price_cents)}`}
      </s>
      <span className="ticket-price text-accent">
        <span className="sr-only">{t("discountedPrice")}</span>
        {` ${price(ticket.discount_price_cents)}`}
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

/** What the buy form says after a refused post (see `buyTickets`). */
export type BuyFeedback = {
  buyError: "none" | "quantity" | "tampered" | null;
  message: string | null;
} | null;

/** The choice for one type: 0 up to what one order may take and what is left. */
const maxChoice = (ticket: TicketType) =>
  Math.max(0, Math.min(ticket.max_per_order, ticket.remaining));
const salePrice = (ticket: TicketType) =>
  Math.min(ticket.price_cents, ticket.discount_price_cents ?? ticket.price_cents);

/**
 * The event's ticket types: price (with the discount), sale period and availability, and for
 * each type on sale a quantity to choose, with the running total including every fee (the price
 * shown is the price paid). A plain form post: it works without JavaScript too.
 */
export function EventTickets({
  event,
  nonce,
  selection,
  feedback,
  handOver,
}: {
  event: Pick<EventDetail, "is_past" | "status" | "ticket_types" | "service_fee">;
  /** The form's Idempotency-Key seed: a double click holds once. */
  nonce: string;
  /** Quantities chosen before (`?qty_<type>=<n>`, e.g. from an expired hold). */
  selection: Record<number, number>;
  feedback: BuyFeedback;
  /**
   * The embedded shop: post to the event page in a new tab (a plain browser post, so the
   * order's cookie is first-party there) instead of this page.
   */
  handOver?: { action: string; target: "_blank" };
}) {
  const t = useTranslations("event");
  const c = useTranslations("buy");
  const format = useFormat();
  const euro = useEuro();
  const navigation = useNavigation();
  // The page's path without its query: a choice (`?qty_…`) or a re-sent post's mark (`resent`)
  // in the address is not posted again.
  const { pathname } = useLocation();
  const closed = event.is_past || event.status === "cancelled";
  const buyable = closed
    ? []
    : event.ticket_types.filter(
        (ticket) => ticket.availability === "on_sale" && maxChoice(ticket) > 0,
      );
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(
      buyable.map((ticket) => [ticket.id, Math.min(selection[ticket.id] ?? 0, maxChoice(ticket))]),
    ),
  );
  // The selects are uncontrolled: a choice made before hydration stays, and the total is read
  // from the form, once on hydration and at every change.
  const formRef = useRef<HTMLFormElement>(null);
  const readQuantities = (form: HTMLFormElement) => {
    const fields = new FormData(form);
    setQuantities(
      Object.fromEntries(
        buyable.map((ticket) => [
          ticket.id,
          Number(fields.get(quantityFieldName(ticket.id)) ?? 0) || 0,
        ]),
      ),
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    if (formRef.current) readQuantities(formRef.current);
  }, []);
  // A fresh key per page view once scripts run; the server's may be shared by the page cache.
  const [formNonce, setFormNonce] = useState(nonce);
  useEffect(() => setFormNonce(crypto.randomUUID()), []);
  const perTicket = (ticket: TicketType) =>
    salePrice(ticket) + serviceFeeCents(salePrice(ticket), event.service_fee);
  const total = buyable.reduce(
    (sum, ticket) => sum + (quantities[ticket.id] ?? 0) * perTicket(ticket),
    0,
  );
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const errorText = feedback?.buyError ? c(`errors.${feedback.buyError}`) : feedback?.message;

  return (
    <section aria-labelledby="event-tickets" className="space-y-4">
      <h2 id="event-tickets" className="text-2xl font-bold tracking-tight">
        {t("tickets")}
      </h2>
      {event.ticket_types.length === 0 ? (
        <p className={mutedText}>{t("ticketsEmpty")}</p>
      ) : (
        <Form
          method="post"
          action={handOver?.action ?? pathname}
          target={handOver?.target}
          reloadDocument={handOver !== undefined}
          className="space-y-4"
          aria-labelledby="event-tickets"
          ref={formRef}
          onChange={(change) => readQuantities(change.currentTarget)}
        >
          {errorText && (
            <Panel
              tone="danger"
              icon="circle-x"
              title={c("errorTitle")}
              headingLevel={3}
              role="alert"
            >
              <p>{errorText}</p>
            </Panel>
          )}
          <input type="hidden" name="nonce" value={formNonce} />
          <ul className={`${cardClass} divide-y divide-neutral-200 dark:divide-neutral-800`}>
            {event.ticket_types.map((ticket) => {
              const canBuy = buyable.includes(ticket);
              const fee = serviceFeeCents(salePrice(ticket), event.service_fee);
              return (
                <li key={ticket.id} className="split-row p-4">
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
                    {canBuy && fee > 0 && (
                      <p className={`text-sm ${mutedText}`}>
                        {c("pricePer", { price: euro(perTicket(ticket)), fee: euro(fee) })}
                      </p>
                    )}
                  </div>
                  <div className="ticket-choice">
                    <TicketPrice ticket={ticket} />
                    {!closed && <TicketAvailability ticket={ticket} />}
                    {canBuy && (
                      <select
                        name={quantityFieldName(ticket.id)}
                        aria-label={c("quantity", { name: ticket.name })}
                        className="field w-20"
                        defaultValue={quantities[ticket.id] ?? 0}
                      >
                        {[...Array(maxChoice(ticket) + 1).keys()].map((count) => (
                          // The value is the text (a few bytes less per option on every page).
                          <option key={count}>{count}</option>
                        ))}
                      </select>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          {closed ? (
            <p className={mutedText}>
              {event.status === "cancelled" ? c("closedCancelled") : c("closedPast")}
            </p>
          ) : buyable.length === 0 ? (
            <p className={mutedText}>{c("nothingOnSale")}</p>
          ) : (
            <div className="split-row">
              <div>
                <p className="text-lg font-semibold" aria-live="polite">
                  {`${c("total")}: `}
                  <output data-testid="buy-total">{euro(total)}</output>
                </p>
                <p className={`text-sm ${mutedText}`}>{c("totalNote")}</p>
              </div>
              <button type="submit" className="button-primary" disabled={submitting}>
                <Icon name="ticket" className="size-5" />
                {c("submit")}
              </button>
            </div>
          )}
        </Form>
      )}
    </section>
  );
}

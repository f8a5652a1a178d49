import type { Availability, EventDetail, Locale, TicketType } from "@eventwerk/contract";
import { serviceFeeCents } from "@eventwerk/contract/constants";
import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { countText, dateTimeFormat, euroText, useEuro } from "../lib/intl-format";
import { quantityFieldName } from "../lib/ticket-selection";
import { Icon } from "./icon";
import { mutedText } from "./page-parts";
import { Badge, type BadgeTone } from "./ui/badge";
import { cardClass } from "./ui/card";
import { Panel } from "./ui/panel";

/**
 * A ticket type as the form shows it, with the texts it shows written by the server in the
 * page's language: the page then hydrates without building a date or number formatter, whose
 * first one costs a slow phone's browser a long task (docs/decisions/024). The numbers stay
 * where the form counts with them. A text the form does not show is left out, and so are the
 * capacity and the sale's end as an instant: the data travels in the page's HTML.
 */
export type FormTicketType = Omit<TicketType, "capacity" | "sales_end"> & {
  /** None when free. */
  price?: string;
  discount_price?: string;
  /** The price paid per ticket (the sale price and the fee), and the fee: when it has one. */
  per_ticket?: string;
  fee?: string;
  /** `sales_start` before the sale, `sales_end` during it. */
  sale_from?: string;
  sale_until?: string;
  /** `remaining`, only where the language groups its digits ("1.500"). */
  left?: string;
};

/** What the ticket form shows of an event, and where it starts. */
export type FormEvent = Pick<EventDetail, "is_past" | "status" | "service_fee"> & {
  ticket_types: FormTicketType[];
  /**
   * The quantities chosen before (`?qty_<type>=<n>`, e.g. from an expired hold) within what may
   * be bought, none listed as 0.
   */
  chosen: Record<number, number>;
  /** What they cost, as the server wrote it. */
  total: string;
};

const salePrice = (ticket: Pick<TicketType, "price_cents" | "discount_price_cents">) =>
  Math.min(ticket.price_cents, ticket.discount_price_cents ?? ticket.price_cents);

/** The choice for one type: 0 up to what one order may take and what is left. */
const maxChoice = (ticket: Pick<TicketType, "max_per_order" | "remaining">) =>
  Math.max(0, Math.min(ticket.max_per_order, ticket.remaining));

const closedEvent = (event: Pick<EventDetail, "is_past" | "status">) =>
  event.is_past || event.status === "cancelled";

/** The types that can be chosen: on sale, with some left, at an event neither past nor off. */
const buyableOf = <T extends Pick<TicketType, "availability" | "max_per_order" | "remaining">>(
  event: Pick<EventDetail, "is_past" | "status"> & { ticket_types: T[] },
) =>
  closedEvent(event)
    ? []
    : event.ticket_types.filter(
        (ticket) => ticket.availability === "on_sale" && maxChoice(ticket) > 0,
      );

/** What the chosen tickets cost, every fee included (the price shown is the price paid). */
const totalCents = (
  event: Pick<FormEvent, "is_past" | "status" | "service_fee" | "ticket_types">,
  quantities: Record<number, number>,
) =>
  buyableOf(event).reduce((sum, ticket) => {
    const price = salePrice(ticket);
    return sum + (quantities[ticket.id] ?? 0) * (price + serviceFeeCents(price, event.service_fee));
  }, 0);

const saleDateOptions = { dateStyle: "medium", timeStyle: "short" } as const;

/** The event's ticket form (see `FormTicketType`, `FormEvent`). */
export function formEvent(
  locale: Locale,
  event: Pick<EventDetail, "is_past" | "status" | "service_fee" | "ticket_types">,
  selection: Record<number, number> = {},
): FormEvent {
  const euro = (cents: number | null) => (cents ? euroText(locale, cents) : undefined);
  const when = (iso: string | null) =>
    iso === null ? undefined : dateTimeFormat(locale, saleDateOptions).format(new Date(iso));
  const open = !closedEvent(event);
  const shown = {
    is_past: event.is_past,
    status: event.status,
    service_fee: event.service_fee,
    ticket_types: event.ticket_types.map(({ capacity: _, sales_end, ...ticket }) => {
      const onSale = open && ticket.availability === "on_sale";
      const fee = serviceFeeCents(salePrice(ticket), event.service_fee);
      const remaining = countText(locale, ticket.remaining);
      const texts = {
        price: euro(ticket.price_cents),
        discount_price:
          ticket.discount_price_cents === ticket.price_cents
            ? undefined
            : euro(ticket.discount_price_cents),
        ...(onSale && maxChoice(ticket) > 0 && fee > 0
          ? { per_ticket: euro(salePrice(ticket) + fee), fee: euro(fee) }
          : {}),
        sale_from:
          open && ticket.availability === "not_yet_on_sale" ? when(ticket.sales_start) : undefined,
        sale_until: onSale ? when(sales_end) : undefined,
        left: onSale && remaining !== String(ticket.remaining) ? remaining : undefined,
      };
      // Without the texts not shown: an undefined field would still take its place in the data.
      return {
        ...ticket,
        ...(Object.fromEntries(
          Object.entries(texts).filter(([, text]) => text !== undefined),
        ) as Partial<Record<keyof typeof texts, string>>),
      };
    }),
  };
  const chosen = Object.fromEntries(
    buyableOf(shown)
      .map((ticket): [number, number] => [
        ticket.id,
        Math.min(selection[ticket.id] ?? 0, maxChoice(ticket)),
      ])
      .filter(([, quantity]) => quantity > 0),
  );
  return { ...shown, chosen, total: euroText(locale, totalCents(shown, chosen)) };
}

function TicketPrice({ ticket }: { ticket: FormTicketType }) {
  const t = useTranslations("event");
  const price = (text: string | undefined) => text ?? t("ticketFree");
  if (ticket.discount_price_cents === null || ticket.discount_price_cents === ticket.price_cents)
    return <span className="ticket-price">{price(ticket.price)}</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-2">
      <s className={mutedText}>
        <span className="sr-only">{t("originalPrice")}</span>
        {` ${price(ticket.price)}`}
      </s>
      <span className="ticket-price text-accent">
        <span className="sr-only">{t("discountedPrice")}</span>
        {` ${price(ticket.discount_price)}`}
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

/** A type's state of sale, shown while the event is neither past nor off. */
function TicketAvailability({ ticket }: { ticket: FormTicketType }) {
  const t = useTranslations("event");
  const label =
    ticket.availability === "not_yet_on_sale" && ticket.sale_from
      ? t("salesStart", { date: ticket.sale_from })
      : ticket.availability === "on_sale"
        ? t("availability.on_sale", {
            remaining: ticket.remaining,
            left: ticket.left ?? ticket.remaining,
          })
        : t(`availability.${ticket.availability}`);
  return <Badge tone={availabilityTone[ticket.availability]}>{label}</Badge>;
}

/** What the buy form says after a refused post (see `buyTickets`). */
export type BuyFeedback = {
  buyError: "none" | "quantity" | "tampered" | null;
  message: string | null;
} | null;

/**
 * The event's ticket types: price (with the discount), sale period and availability, and for
 * each type on sale a quantity to choose, with the running total including every fee (the price
 * shown is the price paid). A plain form post: it works without JavaScript too.
 */
export function EventTickets({
  event,
  nonce,
  feedback,
  handOver,
}: {
  event: FormEvent;
  /** The form's Idempotency-Key seed: a double click holds once. */
  nonce: string;
  feedback: BuyFeedback;
  /**
   * The embedded shop: post to the event page in a new tab (a plain browser post, so the
   * order's cookie is first-party there) instead of this page.
   */
  handOver?: { action: string; target: "_blank" };
}) {
  const t = useTranslations("event");
  const c = useTranslations("buy");
  const euro = useEuro();
  const navigation = useNavigation();
  // The page's path without its query: a choice (`?qty_…`) or a re-sent post's mark (`resent`)
  // in the address is not posted again.
  const { pathname } = useLocation();
  const closed = closedEvent(event);
  const buyable = buyableOf(event);
  const [quantities, setQuantities] = useState(event.chosen);
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
  const total = totalCents(event, quantities);
  // The server's text while the total is the one it wrote: a formatter is built only for
  // another choice (the visitor's, or one the browser kept in the form before scripts ran).
  const totalText = total === totalCents(event, event.chosen) ? event.total : euro(total);
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
              return (
                <li key={ticket.id} className="split-row p-4">
                  <div className="space-y-1">
                    <h3 className="font-semibold">{ticket.name}</h3>
                    {!closed && ticket.availability === "on_sale" && (
                      <p className={`text-sm ${mutedText}`}>
                        {ticket.sale_until
                          ? `${t("salesEnd", { date: ticket.sale_until })} · ${t("maxPerOrder", { count: ticket.max_per_order })}`
                          : t("maxPerOrder", { count: ticket.max_per_order })}
                      </p>
                    )}
                    {canBuy && ticket.per_ticket && ticket.fee && (
                      <p className={`text-sm ${mutedText}`}>
                        {c("pricePer", { price: ticket.per_ticket, fee: ticket.fee })}
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
                  <output data-testid="buy-total">{totalText}</output>
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

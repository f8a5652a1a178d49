import type { CheckoutOrder, Locale } from "@eventwerk/contract";
import type { Mail, MailAttachment } from "../mailer.ts";
import { t } from "../messages.ts";
import { eventDate, money, vatLines } from "./format.ts";
import type { UnsoldRefundReason } from "./orders.ts";

/**
 * The confirmation after payment (at once for an order that costs nothing), in the buyer's
 * language: the order summary with VAT, the link to the tickets, and the attachments (the
 * tickets' PDF, the event's calendar file).
 */
export function orderConfirmationMail(
  order: CheckoutOrder,
  locale: Locale,
  site: string,
  link: string,
  attachments: MailAttachment[],
): Mail {
  const format = (cents: number) => money(cents, order.currency, locale);
  // Each line at the list price: the discount (sale prices and voucher) follows as a line of its
  // own, so it is taken off once.
  const lines = order.items.map((item) =>
    t(locale, "order_mail_line", {
      quantity: item.quantity,
      type: item.ticket_type_name,
      price: format(item.unit_price_cents),
    }),
  );
  if (order.discount_cents > 0) {
    lines.push(t(locale, "order_mail_discount", { amount: format(order.discount_cents) }));
  }
  if (order.fee_cents > 0) {
    lines.push(t(locale, "order_mail_fee", { amount: format(order.fee_cents) }));
  }
  return {
    to: order.buyer_email,
    subject: t(locale, "order_mail_subject", { event: order.event.title, order: order.id }),
    text: t(locale, "order_mail_text", {
      name: order.buyer_name,
      order: order.id,
      site,
      // An order that cost nothing (free tickets, or a voucher) had no payment to receive.
      received: t(locale, order.total_cents > 0 ? "order_mail_paid" : "order_mail_free"),
      event: order.event.title,
      date: eventDate(order.event.starts_at, locale),
      venue: order.event.venue_name,
      lines: lines.join("\n"),
      total: format(order.total_cents),
      vat: vatLines(order, locale).join("\n"),
      link,
    }),
    attachments,
  };
}

/** What the refund email says happened, by the reason the payment went back without tickets. */
const refundText = {
  sold_out: "refund_mail_text",
  voucher_used_up: "refund_mail_text_voucher",
  event_cancelled: "refund_mail_text_cancelled",
  event_over: "refund_mail_text_over",
  payment_provider: "refund_mail_text_provider",
  chargeback: "refund_mail_text_chargeback",
} as const satisfies Record<UnsoldRefundReason, string>;

/**
 * The money of an order that never had tickets went back: its payment came when the order could
 * no longer be sold (the seats or the voucher gone after the hold ran out, the event cancelled
 * or over), or it was refunded at the provider or taken back by the bank before it was
 * recorded here.
 */
export function orderRefundedMail(
  order: CheckoutOrder,
  reason: UnsoldRefundReason,
  locale: Locale,
  site: string,
): Mail {
  return {
    to: order.buyer_email,
    subject: t(locale, "refund_mail_subject", { order: order.id, site }),
    text: t(locale, refundText[reason], {
      name: order.buyer_name,
      order: order.id,
      event: order.event.title,
      total: money(order.total_cents, order.currency, locale),
      site,
    }),
  };
}

import { data, Form, Link } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { ApiError, apiFor, orNotFound } from "../../api.server";
import { ConfirmedForm, useNoticeFocus } from "../../components/confirmed-form";
import { FormMessage } from "../../components/form-field";
import { useProviderName } from "../../components/panel/figures";
import { Card } from "../../components/ui/card";
import { requestState } from "../../context";
import { confirmed, noticeIn, redirectHere } from "../../lib/forms";
import { useEuro } from "../../lib/intl-format";
import { pathTo } from "../../route-table";
import type { Route } from "./+types/order";

const orderId = (params: { id?: string }) => {
  if (!/^\d{1,9}$/.test(params.id ?? "")) throw data("Page Not Found", { status: 404 });
  return Number(params.id);
};

const intents = ["resend", "refund"] as const;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const api = await apiFor(context);
  const order = (await orNotFound(api.panel.order(orderId(params)))).data;
  return { order, locale: context.get(requestState).locale, notice: noticeIn(url, intents) };
}

/**
 * Resend the confirmation (tickets attached) to the buyer, or cancel and refund: the whole
 * amount goes back through the order's payment provider.
 */
export async function action({ params, request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent") === "resend" ? "resend" : "refund";
  // The money goes back for good: a post without the form's tick refunds nothing.
  if (intent === "refund" && !confirmed(form)) {
    return data({ intent, message: null, unconfirmed: true }, { status: 400 });
  }
  try {
    const api = await apiFor(context);
    if (intent === "resend") await api.panel.resendOrderConfirmation(orderId(params));
    else await api.panel.refundOrder(orderId(params));
  } catch (error) {
    // A refund the provider did not confirm is ordered all the same (503): the page says so.
    const told = error instanceof ApiError && (error.status < 500 || error.status === 503);
    if (!told) throw error;
    return data({ intent, message: error.message, unconfirmed: false }, { status: 400 });
  }
  redirectHere(url, intent);
}

export default function PanelOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("panel");
  const money = useEuro();
  const providerName = useProviderName();
  const format = useFormatter();
  const { order, locale } = loaderData;
  // Decided, not yet confirmed by the provider: nothing more to do here; it completes by itself,
  // or, when another provider took the money, by the operator.
  const owed = order.status === "paid" && order.refund_requested_at !== null;
  const done = actionData ? null : loaderData.notice;
  const notice = done && (done === "resend" ? t("resendDone") : t("refundDone"));
  // A refunded order is paid no more: the refund's form, and its focused button, are gone.
  const noticeRef = useNoticeFocus(notice);
  const when = (iso: string) =>
    format.dateTime(new Date(iso), {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "Europe/Berlin",
    });
  return (
    <main
      id="main"
      className="flex-1 space-y-6 bg-neutral-50 px-4 py-8 sm:px-8 dark:bg-neutral-950"
    >
      <h1 className="text-2xl font-bold tracking-tight">{t("orderHeading", { id: order.id })}</h1>
      <p>
        <Link to={pathTo("panel-orders", locale, { id: order.event_id })} className="underline">
          {t("backToOrders", { event: order.event_title })}
        </Link>
      </p>
      {notice && (
        <FormMessage id="order-done" tone="success" ref={noticeRef} tabIndex={-1}>
          {notice}
        </FormMessage>
      )}
      {actionData?.message && (
        <FormMessage id="order-error" tone="error">
          {actionData.message}
        </FormMessage>
      )}
      <Card className="space-y-2 p-5">
        <dl className="grid gap-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium">{t("table.status")}</dt>
          <dd>
            {owed
              ? order.refund_by_operator
                ? t("refundOwedOperator", { provider: providerName(order.payment_provider) })
                : t("refundOwed")
              : t(`orderStatus.${order.status}`)}
          </dd>
          <dt className="font-medium">{t("orderBuyer")}</dt>
          <dd>
            {order.buyer_name} ({order.buyer_email})
          </dd>
          <dt className="font-medium">{t("orderTotal")}</dt>
          <dd>{money(order.total_cents)}</dd>
          <dt className="font-medium">{t("figures.fees")}</dt>
          <dd>{money(order.fee_cents)}</dd>
          <dt className="font-medium">{t("orderDiscount")}</dt>
          <dd>
            {money(order.discount_cents)}
            {order.voucher_code ? ` (${order.voucher_code})` : ""}
          </dd>
          <dt className="font-medium">{t("orderPayment")}</dt>
          <dd>{providerName(order.payment_provider)}</dd>
          <dt className="font-medium">{t("table.date")}</dt>
          <dd>{when(order.created_at)}</dd>
        </dl>
      </Card>
      <section aria-labelledby="tickets-heading" className="space-y-2">
        <h2 id="tickets-heading" className="text-lg font-semibold">
          {t("orderTicketsHeading")}
        </h2>
        <ul className="space-y-1">
          {order.tickets_issued.map((ticket) => (
            <li key={ticket.id}>
              {t("ticketLine", {
                id: ticket.id,
                type: ticket.ticket_type_name,
                price: money(ticket.price_cents),
              })}
              {" · "}
              {ticket.check_ins.length === 0
                ? t("notCheckedIn")
                : ticket.check_ins
                    .map((scan) => `${t(`scan.${scan.entry_type}`)} ${when(scan.created_at)}`)
                    .join(", ")}
            </li>
          ))}
        </ul>
      </section>
      {order.status === "paid" && !owed && (
        <Card as="section" aria-labelledby="resend-heading" className="space-y-3 p-5">
          <h2 id="resend-heading" className="text-lg font-semibold">
            {t("resendHeading")}
          </h2>
          <p>{t("resendText", { email: order.buyer_email })}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="button-secondary">
              {t("resendSubmit")}
            </button>
          </Form>
        </Card>
      )}
      {order.status === "paid" && !owed && (
        <Card as="section" aria-labelledby="refund-heading" className="space-y-3 p-5">
          <h2 id="refund-heading" className="text-lg font-semibold">
            {t("refundHeading")}
          </h2>
          <p>{t("refundText")}</p>
          <ConfirmedForm
            id="refund-confirm"
            hidden={{ intent: "refund" }}
            confirmLabel={t("refundConfirm")}
            error={actionData?.unconfirmed ? t("confirmRequired.refund") : undefined}
            submit={t("refundSubmit")}
            buttonClassName="button-primary"
            className="space-y-3"
          />
        </Card>
      )}
    </main>
  );
}

import { data } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { ApiError, apiFor } from "../../api.server";
import { Pagination } from "../../components/catalogue-parts";
import { ConfirmedForm, useNoticeFocus } from "../../components/confirmed-form";
import { FormMessage } from "../../components/form-field";
import { mutedText } from "../../components/page-parts";
import { useProviderName } from "../../components/panel/figures";
import { Card } from "../../components/ui/card";
import { usePaths } from "../../hooks";
import { confirmed, noticeIn, redirectHere } from "../../lib/forms";
import type { Route } from "./+types/refunds";

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = (await apiFor(context)).panel;
  // The page as the address has it, for the API to validate: a bad one shows the first.
  const page = url.searchParams.get("page");
  const asked: Record<string, string> = page ? { page } : {};
  let list = await api.refundsElsewhere(asked).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 400) return api.refundsElsewhere();
    throw error;
  });
  // A refund recorded can empty the last page: show the new last one.
  if (list.data.length === 0 && list.meta.pages > 0 && list.meta.page > list.meta.pages) {
    list = await api.refundsElsewhere({ page: list.meta.pages });
  }
  return { list, notice: noticeIn(url, ["recorded"] as const) };
}

/**
 * The operator refunded an order at the provider that took its money, or another way after its
 * refund failed there: recorded here, which completes it (the buyer's email). Takes the form's
 * tick.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const orderId = Number(form.get("order_id"));
  if (!confirmed(form)) return data({ orderId, message: null }, { status: 400 });
  try {
    await (await apiFor(context)).panel.recordRefundElsewhere(orderId);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data({ orderId, message: error.message }, { status: 400 });
  }
  redirectHere(url, "recorded");
}

export default function PanelRefunds({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("panel");
  const format = useFormatter();
  const providerName = useProviderName();
  const { to } = usePaths();
  const { list } = loaderData;
  const refunds = list.data;
  // An order recorded meanwhile (by another operator) has left the list: its answer shows here.
  const unlisted =
    actionData?.message && !refunds.some((refund) => refund.order_id === actionData.orderId)
      ? actionData.message
      : null;
  const notice = !actionData && loaderData.notice ? t("recordDone") : null;
  // A recorded refund leaves the list, and its focused button with it: the focus goes to what
  // the page says about it.
  const noticeRef = useNoticeFocus(notice);
  const unlistedRef = useNoticeFocus(unlisted);
  const amount = (cents: number, currency: string) =>
    format.number(cents / 100, { style: "currency", currency });
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
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("refundsHeading")}</h1>
        <p className={`max-w-3xl ${mutedText}`}>{t("refundsIntro")}</p>
      </header>
      {notice && (
        <FormMessage id="record-done" tone="success" ref={noticeRef} tabIndex={-1}>
          {notice}
        </FormMessage>
      )}
      {unlisted && (
        <FormMessage id="record-error" tone="error" ref={unlistedRef} tabIndex={-1}>
          {unlisted}
        </FormMessage>
      )}
      <p>
        {list.meta.total === 0 ? t("refundsEmpty") : t("refundsCount", { count: list.meta.total })}
      </p>
      <ul className="space-y-4">
        {refunds.map((refund) => {
          const failure = actionData?.orderId === refund.order_id ? actionData : null;
          const total = amount(refund.total_cents, refund.currency);
          return (
            <Card as="li" key={refund.order_id} className="space-y-3 p-5">
              <h2 className="text-lg font-semibold">
                {t("refundItemHeading", { id: refund.order_id, event: refund.event_title })}
              </h2>
              <dl className="grid gap-2 sm:grid-cols-[12rem_1fr]">
                <dt className="font-medium">{t("refundOrganiser")}</dt>
                <dd>{refund.organiser_name}</dd>
                <dt className="font-medium">{t("refundBuyer")}</dt>
                <dd>
                  {refund.buyer_name} ({refund.buyer_email})
                </dd>
                <dt className="font-medium">{t("refundAmount")}</dt>
                <dd>{total}</dd>
                <dt className="font-medium">{t("refundProvider")}</dt>
                <dd>{providerName(refund.payment_provider)}</dd>
                <dt className="font-medium">{t("refundReference")}</dt>
                <dd className="break-all font-mono text-sm">{refund.payment_reference}</dd>
                {refund.refund_reason && (
                  <>
                    <dt className="font-medium">{t("refundReasonLabel")}</dt>
                    <dd>{t(`refundReason.${refund.refund_reason}`)}</dd>
                  </>
                )}
                <dt className="font-medium">{t("refundSince")}</dt>
                <dd>{when(refund.refund_requested_at)}</dd>
                {refund.refund_failed_at && (
                  <>
                    <dt className="font-medium">{t("refundFailedSince")}</dt>
                    <dd>{when(refund.refund_failed_at)}</dd>
                  </>
                )}
              </dl>
              {refund.refund_failed_at && (
                <p>{t("refundFailedText", { provider: providerName(refund.payment_provider) })}</p>
              )}
              {failure?.message && (
                <FormMessage id={`record-${refund.order_id}-failed`} tone="error">
                  {failure.message}
                </FormMessage>
              )}
              <ConfirmedForm
                id={`record-${refund.order_id}`}
                hidden={{ order_id: refund.order_id }}
                confirmLabel={
                  refund.refund_failed_at
                    ? t("recordRepaidConfirm", { amount: total })
                    : t("recordConfirm", {
                        amount: total,
                        provider: providerName(refund.payment_provider),
                      })
                }
                error={
                  failure && !failure.message
                    ? t(refund.refund_failed_at ? "recordRepaidRequired" : "recordRequired")
                    : undefined
                }
                submit={t("recordSubmit")}
                submitLabel={t("recordSubmitLabel", { id: refund.order_id })}
                buttonClassName="button-primary"
              />
            </Card>
          );
        })}
      </ul>
      <Pagination
        page={list.meta.page}
        pages={list.meta.pages}
        hrefFor={(page) => (page > 1 ? `${to("panel-refunds")}?page=${page}` : to("panel-refunds"))}
      />
    </main>
  );
}

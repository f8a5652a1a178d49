import type { PanelVoucher } from "@eventwerk/contract";
import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { useEuro } from "../../lib/intl-format";
import { ConfirmedForm } from "../confirmed-form";
import { FormMessage, SelectField, TextField } from "../form-field";
import type { PanelFormResult } from "./ticket-types";

/** The event's voucher codes with their uses; deactivate one (ticked first), or create one. */
export function Vouchers({
  vouchers,
  result,
}: {
  vouchers: PanelVoucher[];
  result: PanelFormResult | undefined;
}) {
  const t = useTranslations("panel");
  const money = useEuro();
  const failure = result?.intent === "addVoucher" && !result.ok ? result : null;
  /** A refused deactivation of one voucher: the API's message, or the missing tick. */
  const deactivated = (id: number) =>
    result?.intent === "deactivateVoucher" && result.target === id && !result.ok ? result : null;
  return (
    <section aria-labelledby="vouchers-heading" className="space-y-4">
      <h2 id="vouchers-heading" className="text-lg font-semibold">
        {t("vouchersHeading")}
      </h2>
      {vouchers.length === 0 ? (
        <p>{t("vouchersEmpty")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("vouchersHeading")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("voucherCode")}</th>
              <th scope="col">{t("voucherValue")}</th>
              <th scope="col">{t("voucherUses")}</th>
              <th scope="col">{t("table.status")}</th>
              <th scope="col">
                <span className="sr-only">{t("table.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {vouchers.map((voucher) => (
              <tr key={voucher.id}>
                <th scope="row" className="font-mono">
                  {voucher.code}
                </th>
                <td>{voucher.kind === "percent" ? `${voucher.value} %` : money(voucher.value)}</td>
                <td>
                  {voucher.max_uses === null
                    ? voucher.uses
                    : t("voucherUsesOf", { uses: voucher.uses, max: voucher.max_uses })}
                </td>
                <td>{voucher.active ? t("voucherActive") : t("voucherInactive")}</td>
                <td className="py-2">
                  {deactivated(voucher.id)?.message && (
                    <FormMessage id={`voucher-${voucher.id}-error`} tone="error">
                      {deactivated(voucher.id)?.message}
                    </FormMessage>
                  )}
                  {voucher.active && (
                    <ConfirmedForm
                      id={`voucher-${voucher.id}-confirm-deactivate`}
                      hidden={{ intent: "deactivateVoucher", target: voucher.id }}
                      confirmLabel={t("voucherDeactivateConfirm", { code: voucher.code })}
                      error={
                        deactivated(voucher.id)?.fields?.confirm
                          ? t("confirmRequired.deactivateVoucher")
                          : undefined
                      }
                      submit={t("voucherDeactivate", { code: voucher.code })}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Form
        // Emptied once its voucher is made (the newest voucher's id, after the page's redirect),
        // so that a second click makes no twin; a refused one keeps what was typed.
        key={Math.max(0, ...vouchers.map((voucher) => voucher.id))}
        method="post"
        preventScrollReset
        className="space-y-4 rounded-lg border border-dashed border-neutral-300 p-4 dark:border-neutral-700"
      >
        <h3 className="font-semibold">{t("voucherNew")}</h3>
        {failure && (
          <FormMessage id="voucher-error" tone="error">
            {failure.message}
          </FormMessage>
        )}
        <input type="hidden" name="intent" value="addVoucher" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <TextField
            id="voucher-code"
            name="code"
            label={t("voucherCode")}
            defaultValue={failure?.values?.code}
            error={failure?.fields?.code}
          />
          <SelectField
            id="voucher-kind"
            name="kind"
            label={t("voucherKind")}
            options={[
              { value: "percent", label: t("voucherPercent") },
              { value: "fixed", label: t("voucherFixed") },
            ]}
            defaultValue={failure?.values?.kind}
            error={failure?.fields?.kind}
          />
          <TextField
            id="voucher-value"
            name="value"
            label={t("voucherValue")}
            hint={t("voucherValueHint")}
            defaultValue={failure?.values?.value}
            error={failure?.fields?.value}
          />
          <TextField
            id="voucher-max"
            name="max_uses"
            type="number"
            required={false}
            label={t("voucherMax")}
            defaultValue={failure?.values?.max_uses}
            error={failure?.fields?.max_uses}
          />
          <TextField
            id="voucher-until"
            name="valid_until"
            type="datetime-local"
            required={false}
            label={t("voucherUntil")}
            defaultValue={failure?.values?.valid_until}
            error={failure?.fields?.valid_until}
          />
        </div>
        <button type="submit" className="button-primary">
          {t("voucherCreate")}
        </button>
      </Form>
    </section>
  );
}

import type { PanelTicketType, PanelVoucher } from "@eventwerk/contract";
import { vatPercent } from "@eventwerk/contract/constants";
import { useState } from "react";
import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { useEuro, useFormat } from "../../lib/intl-format";
import { eurosOf } from "../../lib/panel-values";
import { ConfirmedForm } from "../confirmed-form";
import { FormMessage, TextField } from "../form-field";

export type PanelFormResult = {
  intent: string;
  target: number | null;
  ok: boolean;
  message?: string | null;
  fields?: Record<string, string | undefined>;
  values?: Record<string, string | undefined>;
};

const resultFor = (result: PanelFormResult | undefined, intent: string, target?: number) =>
  result && result.intent === intent && (target === undefined || result.target === target)
    ? result
    : null;

/**
 * The event's ticket types: quota and price per type, close or delete (ticked first; its own
 * voucher codes are named, as they go with it), a new one.
 */
export function TicketTypes({
  types,
  vouchers,
  result,
  locale,
}: {
  types: PanelTicketType[];
  vouchers: Pick<PanelVoucher, "code" | "ticket_type_id">[];
  result: PanelFormResult | undefined;
  locale: "de" | "en";
}) {
  const t = useTranslations("panel");
  const money = useEuro();
  const format = useFormat();
  // As the organiser types it back: 7, 19, 8,1 (de) / 8.1 (en), no grouping.
  const percent = (value: number) =>
    format.number(value, { maximumFractionDigits: 1, useGrouping: false });
  const added = resultFor(result, "addType");
  const addFailure = added && !added.ok ? added : null;
  // The highest id seen: it grows with each type made and stays when one is deleted.
  const highest = Math.max(0, ...types.map((type) => type.id));
  const [newestType, setNewestType] = useState(highest);
  if (highest > newestType) setNewestType(highest);
  return (
    <section aria-labelledby="types-heading" className="space-y-4">
      <h2 id="types-heading" className="text-lg font-semibold">
        {t("typesHeading")}
      </h2>
      {types.length === 0 && <p>{t("typesEmpty")}</p>}
      <ul className="space-y-4">
        {types.map((type) => {
          const update = resultFor(result, "updateType", type.id);
          const failure = update && !update.ok ? update : null;
          const closed = resultFor(result, "closeType", type.id);
          const deleted = resultFor(result, "deleteType", type.id);
          // The API's answer; a post without the tick is named at its checkbox.
          const refusal = [failure, closed, deleted].find((entry) => entry && !entry.ok)?.message;
          const name = locale === "en" ? type.name_en : type.name_de;
          const codes = vouchers
            .filter((voucher) => voucher.ticket_type_id === type.id)
            .map((voucher) => voucher.code);
          return (
            <li
              key={type.id}
              className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
            >
              <h3 className="font-semibold">
                {name} · {money(type.price_cents)}{" "}
                {type.closed && <span className="text-sm font-normal">({t("typeClosed")})</span>}
              </h3>
              <p className="text-sm">
                {t("typeSold", { sold: type.sold, capacity: type.capacity })} ·{" "}
                <span data-testid={`type-${type.id}-vat`}>
                  {t("typeVat", { percent: percent(type.vat_percent) })}
                </span>
              </p>
              {refusal && (
                <FormMessage id={`type-${type.id}-error`} tone="error">
                  {refusal}
                </FormMessage>
              )}
              <Form
                method="post"
                preventScrollReset
                className="mt-3 grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5"
              >
                <input type="hidden" name="intent" value="updateType" />
                <input type="hidden" name="target" value={type.id} />
                <TextField
                  id={`type-${type.id}-capacity`}
                  name="capacity"
                  type="number"
                  min={0}
                  label={t("typeCapacity", { name })}
                  defaultValue={failure?.values?.capacity ?? String(type.capacity)}
                  error={failure?.fields?.capacity}
                />
                <TextField
                  id={`type-${type.id}-price`}
                  name="price"
                  label={t("typePrice", { name })}
                  defaultValue={failure?.values?.price ?? eurosOf(type.price_cents, locale)}
                  error={failure?.fields?.price}
                />
                <TextField
                  id={`type-${type.id}-vat-percent`}
                  name="vat_percent"
                  label={t("typeVatPercent", { name })}
                  defaultValue={failure?.values?.vat_percent ?? percent(type.vat_percent)}
                  error={failure?.fields?.vat_percent}
                />
                <TextField
                  id={`type-${type.id}-max`}
                  name="max_per_order"
                  type="number"
                  min={1}
                  label={t("typeMax", { name })}
                  defaultValue={failure?.values?.max_per_order ?? String(type.max_per_order)}
                  error={failure?.fields?.max_per_order}
                />
                <button type="submit" className="button-secondary">
                  {t("typeSave", { name })}
                </button>
              </Form>
              <div className="mt-3 flex flex-wrap items-start gap-6">
                {!type.closed && (
                  <ConfirmedForm
                    id={`type-${type.id}-confirm-close`}
                    hidden={{ intent: "closeType", target: type.id }}
                    confirmLabel={t("typeCloseConfirm", { name })}
                    error={closed?.fields?.confirm ? t("confirmRequired.closeType") : undefined}
                    submit={t("typeClose", { name })}
                  />
                )}
                {type.sold === 0 && (
                  <ConfirmedForm
                    id={`type-${type.id}-confirm-delete`}
                    hidden={{ intent: "deleteType", target: type.id }}
                    confirmLabel={
                      codes.length > 0
                        ? t("typeDeleteWithVouchersConfirm", {
                            name,
                            codes: codes.join(", "),
                            count: codes.length,
                          })
                        : t("typeDeleteConfirm", { name })
                    }
                    error={deleted?.fields?.confirm ? t("confirmRequired.deleteType") : undefined}
                    submit={t("typeDelete", { name })}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Form
        // Emptied once its type is made (a new highest id, after the page's redirect), so that
        // a second click makes no twin; a refused one, or a type deleted, keeps what was typed.
        key={newestType}
        method="post"
        preventScrollReset
        className="space-y-4 rounded-lg border border-dashed border-neutral-300 p-4 dark:border-neutral-700"
      >
        <h3 className="font-semibold">{t("typeNew")}</h3>
        {addFailure && (
          <FormMessage id="type-new-error" tone="error">
            {addFailure.message}
          </FormMessage>
        )}
        <input type="hidden" name="intent" value="addType" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {(
            [
              ["name_de", t("typeNameDe"), "text", true],
              ["name_en", t("typeNameEn"), "text", true],
              ["price", t("typeNewPrice"), "text", true],
              ["vat_percent", t("typeNewVatPercent"), "text", true],
              ["capacity", t("typeNewCapacity"), "number", true],
              ["max_per_order", t("typeNewMax"), "number", false],
              ["sort_order", t("typeSort"), "number", false],
              ["sales_start", t("typeSalesStart"), "datetime-local", false],
              ["sales_end", t("typeSalesEnd"), "datetime-local", false],
            ] as const
          ).map(([name, label, type, required]) => (
            <TextField
              key={name}
              id={`type-new-${name}`}
              name={name}
              type={type}
              label={label}
              required={required}
              defaultValue={
                addFailure?.values?.[name] ??
                (name === "vat_percent" ? percent(vatPercent) : undefined)
              }
              error={addFailure?.fields?.[name]}
            />
          ))}
        </div>
        <button type="submit" className="button-primary">
          {t("typeAdd")}
        </button>
      </Form>
    </section>
  );
}

import type { CheckoutOrder } from "@eventwerk/contract";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { useEuro, useFormat } from "../../lib/intl-format";
import { Icon } from "../icon";
import { mutedText } from "../page-parts";
import { cardClass } from "../ui/card";

/** Every page of a purchase with the test provider says that nothing is charged. */
export function TestModeNotice() {
  const t = useTranslations("checkout");
  return (
    <p
      data-testid="test-mode"
      className="flex items-center gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 font-semibold text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <Icon name="circle-exclamation-point" className="size-5 shrink-0" />
      {t("testMode")}
    </p>
  );
}

/** The order's lines and amounts: per type, quantity, unit price, discount, fee, VAT, total. */
export function OrderSummary({ order }: { order: CheckoutOrder }) {
  const t = useTranslations("checkout.page");
  const euro = useEuro();
  const format = useFormat();
  return (
    <section aria-labelledby="order-summary" className={`${cardClass} space-y-4 p-5`}>
      <h2 id="order-summary" className="text-xl font-semibold">
        {t("summary")}
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-neutral-200 dark:border-neutral-700">
              <th scope="col" className="py-2 pr-3">
                {t("ticketType")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {t("quantity")}
              </th>
              {/* On a phone the unit price and discount go under the amount, which stays in view. */}
              <th scope="col" className="hidden py-2 pr-3 text-right sm:table-cell">
                {t("unitPrice")}
              </th>
              <th scope="col" className="hidden py-2 pr-3 text-right sm:table-cell">
                {t("discount")}
              </th>
              <th scope="col" className="py-2 text-right">
                {t("lineTotal")}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr
                key={item.ticket_type_id}
                className="border-b border-neutral-200 dark:border-neutral-800"
              >
                <th scope="row" className="py-2 pr-3 font-medium">
                  {item.ticket_type_name}
                </th>
                <td className="py-2 pr-3 text-right">{item.quantity}</td>
                <td className="hidden py-2 pr-3 text-right sm:table-cell">
                  {euro(item.unit_price_cents)}
                </td>
                <td className="hidden py-2 pr-3 text-right sm:table-cell">
                  {item.discount_cents > 0 ? `−${euro(item.discount_cents)}` : "–"}
                </td>
                <td className="py-2 text-right">
                  {euro(item.price_cents * item.quantity)}
                  {/* In the amount's cell, not the row's name, which a screen reader repeats. */}
                  <span className={`block text-xs sm:hidden ${mutedText}`}>
                    {t("unitPrice")}: {euro(item.unit_price_cents)}
                    {item.discount_cents > 0 &&
                      ` · ${t("discount")}: −${euro(item.discount_cents)}`}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>{t("subtotal")}</dt>
        <dd className="text-right">{euro(order.subtotal_cents)}</dd>
        {order.discount_cents > 0 && (
          <>
            <dt className={mutedText}>{t("discountTotal")}</dt>
            <dd className={`text-right ${mutedText}`}>−{euro(order.discount_cents)}</dd>
          </>
        )}
        <dt>{t("fees")}</dt>
        <dd className="text-right">{euro(order.fee_cents)}</dd>
        <dt className="text-lg font-bold">{t("total")}</dt>
        <dd className="text-right text-lg font-bold" data-testid="order-total">
          {euro(order.total_cents)}
        </dd>
      </dl>
      <div className={`text-sm ${mutedText}`} data-testid="order-vat">
        {order.vat.map((share) => (
          <p key={share.percent}>
            {t("vatIncluded", {
              percent: format.number(share.percent, { maximumFractionDigits: 1 }),
              amount: euro(share.vat_cents),
            })}
          </p>
        ))}
        {order.vat.length > 1 && (
          <p>
            {t("vatTotal", {
              amount: euro(order.vat.reduce((sum, share) => sum + share.vat_cents, 0)),
            })}
          </p>
        )}
      </div>
    </section>
  );
}

const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/**
 * The time left on the hold: rendered by the server as of the request, then counting down in
 * the browser; `onExpired` runs once when it reaches zero.
 */
export function HoldCountdown({
  expiresAt,
  serverNow,
  onExpired,
}: {
  expiresAt: string;
  serverNow: number;
  onExpired: () => void;
}) {
  const t = useTranslations("checkout.page");
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= end) {
        window.clearInterval(timer);
        onExpired();
      }
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [end, onExpired]);
  return (
    <p className="flex items-center gap-2 font-medium">
      <Icon name="clock" className="size-5 shrink-0" />
      <span>
        {t.rich("holdLeft", {
          time: clock(end - now),
          clock: (chunks) => (
            <time
              role="timer"
              aria-label={t("holdLabel")}
              dateTime={`PT${Math.max(0, Math.ceil((end - now) / 1000))}S`}
              className="font-mono"
            >
              {chunks}
            </time>
          ),
        })}
      </span>
    </p>
  );
}

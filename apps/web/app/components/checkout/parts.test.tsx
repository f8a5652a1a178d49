import type { CheckoutOrder } from "@eventwerk/contract";
import { vatShares } from "@eventwerk/contract/constants";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "use-intl";
import { describe, expect, it } from "vitest";
import { allCatalogues } from "../../i18n/messages.server";
import { timeZone } from "../../lib/intl-format";
import { OrderSummary } from "./parts";

const item = (name: string, price: number, quantity: number, vat: number) => ({
  ticket_type_id: price,
  ticket_type_name: name,
  quantity,
  unit_price_cents: price,
  discount_cents: 0,
  price_cents: price,
  vat_percent: vat,
});

/** A pending order with these items and no fee; its VAT as the API computes it. */
function order(items: ReturnType<typeof item>[]): CheckoutOrder {
  const subtotal = items.reduce((sum, line) => sum + line.price_cents * line.quantity, 0);
  return {
    id: 1,
    status: "pending",
    event: { id: 1, title: "Hofkonzert", slug: "hofkonzert", starts_at: "", venue_name: "Hof" },
    items,
    subtotal_cents: subtotal,
    discount_cents: 0,
    fee_cents: 0,
    total_cents: subtotal,
    vat: vatShares(items, 0),
    currency: "EUR",
    voucher_code: null,
    buyer_name: "",
    buyer_email: "",
    billing_address: null,
    hold_expires_at: null,
    payment_provider: null,
    payment_url: null,
    test_mode: true,
    tickets: [],
    created_at: "",
    paid_at: null,
    refund_reason: null,
    refund_failed: false,
  };
}

/** The summary's VAT lines as text (no-break spaces as spaces). */
function vatText(value: CheckoutOrder, locale: "de" | "en") {
  const html = renderToString(
    <IntlProvider locale={locale} messages={allCatalogues[locale]} timeZone={timeZone}>
      <OrderSummary order={value} />
    </IntlProvider>,
  );
  const block = /data-testid="order-vat"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
  return [...block.matchAll(/<p>([^<]*)<\/p>/g)].map((match) =>
    match[1]!.replace(/\u00a0|&nbsp;|&#xa0;/g, " "),
  );
}

describe("the checkout summary's VAT", () => {
  const mixed = order([item("Stehplatz", 2500, 2, 19), item("Ermäßigt", 1200, 1, 7)]);

  it("names each rate of an order that mixes rates, and their sum", () => {
    expect(vatText(mixed, "de")).toEqual([
      "inkl. 19 % MwSt.: 7,98 €",
      "inkl. 7 % MwSt.: 0,79 €",
      "MwSt. gesamt: 8,77 €",
    ]);
    expect(vatText(mixed, "en")).toEqual([
      "incl. 19% VAT: €7.98",
      "incl. 7% VAT: €0.79",
      "VAT in total: €8.77",
    ]);
  });

  it("has one line for one rate, with its decimal in the page's language", () => {
    expect(vatText(order([item("Eintritt", 10_810, 1, 8.1)]), "de")).toEqual([
      "inkl. 8,1 % MwSt.: 8,10 €",
    ]);
    expect(vatText(order([item("Entry", 10_810, 1, 8.1)]), "en")).toEqual([
      "incl. 8.1% VAT: €8.10",
    ]);
  });
});

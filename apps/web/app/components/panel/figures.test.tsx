import { renderToString } from "react-dom/server";
import { IntlProvider } from "use-intl";
import { describe, expect, it } from "vitest";
import { allCatalogues } from "../../i18n/messages.server";
import { timeZone } from "../../lib/intl-format";
import { SalesChart, useProviderName } from "./figures";

const sales = [
  { day: "2026-11-03", tickets: 4, gross_cents: 10_000 },
  { day: "2026-11-27", tickets: 1, gross_cents: 2_500 },
];

const chart = (locale: "de" | "en") =>
  renderToString(
    <IntlProvider locale={locale} messages={allCatalogues[locale]} timeZone={timeZone}>
      <SalesChart sales={sales} />
    </IntlProvider>,
  );

describe("the panel's sales chart", () => {
  it("names each sales day in the page's language, not as an ISO date", () => {
    const de = chart("de");
    expect(de).toContain("3.11.");
    expect(de).toContain("27.11.2026");
    const en = chart("en");
    expect(en).toContain("11/3");
    expect(en).toContain("Nov 27, 2026");
    for (const html of [de, en]) {
      expect(html).not.toMatch(/>\s*(2026-)?11-27\s*</);
      // The table keeps the machine-readable day.
      expect(html).toContain('dateTime="2026-11-27"');
    }
  });
});

function ProviderNames({ ids }: { ids: (string | null)[] }) {
  const providerName = useProviderName();
  return <>{ids.map((id) => `[${providerName(id)}]`).join("")}</>;
}

describe("the panel's payment provider names", () => {
  it("names a known provider in the page's language, an unknown one by its id, none as a dash", () => {
    const names = (locale: "de" | "en") =>
      renderToString(
        <IntlProvider locale={locale} messages={allCatalogues[locale]} timeZone={timeZone}>
          <ProviderNames ids={["stripe", "test", "free", "paypal", null]} />
        </IntlProvider>,
      );
    expect(names("de")).toBe("[Stripe][Testzahlung][Kostenlos][paypal][—]");
    expect(names("en")).toBe("[Stripe][Test payment][Free][paypal][—]");
  });
});

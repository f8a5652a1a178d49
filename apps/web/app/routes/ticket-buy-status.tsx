import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { OrderStatus } from "../components/checkout/order-status";
import { Icon } from "../components/icon";
import { EmptyState, mutedText, PageHeader } from "../components/page-parts";
import { usePaths } from "../hooks";
import { privatePageCache } from "../lib/page-cache";
import { pageMeta } from "../seo";
import type { Route } from "./+types/ticket-buy-status";
import { statusOf } from "./ticket-buy-status.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
// The guest's token may be in the address: never stored, never passed on as a referrer.
export const headers = () => ({
  "Cache-Control": privatePageCache,
  "Referrer-Policy": "no-referrer",
});

/**
 * `/ticket-buy-status?order=…&token=…`: where payment returns to. The order of its buyer (signed
 * in, the token of the return address, or the guest's order cookie); anything else shows the
 * general explanation.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  return statusOf(request, url, context);
}

export default function TicketBuyStatus({ loaderData }: Route.ComponentProps) {
  return loaderData ? <OrderStatus {...loaderData} /> : <NoOrder />;
}

const statuses = [
  { key: "paid", icon: "circle-check" },
  { key: "pending", icon: "clock" },
  { key: "failed", icon: "circle-x" },
] as const;

/** Without an order to show: what the statuses mean, and where orders and tickets are. */
function NoOrder() {
  const t = useTranslations("ticketStatus");
  const { to } = usePaths();
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <section aria-labelledby="status-kinds">
        <h2 id="status-kinds" className="text-xl font-semibold">
          {t("statusesHeading")}
        </h2>
        <ul className="mt-4 space-y-3">
          {statuses.map(({ key, icon }) => (
            <li key={key} className="flex gap-3">
              <Icon name={icon} className="mt-0.5 size-5 shrink-0 text-accent" />
              <span>
                <span className="block font-medium">{t(`statuses.${key}.title`)}</span>
                <span className={mutedText}>{t(`statuses.${key}.text`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <EmptyState
        icon="receipt-text"
        title={t("emptyTitle")}
        actions={
          <>
            <Link to={to("account")} className="button-primary">
              <Icon name="credit-card" className="size-4" />
              {t("emptyAccount")}
            </Link>
            <Link to={to("events")} className="button-secondary">
              {t("emptyEvents")}
            </Link>
          </>
        }
      >
        <p>{t("emptyText")}</p>
      </EmptyState>
    </main>
  );
}

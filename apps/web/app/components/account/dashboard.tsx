import { useTranslations } from "use-intl";
import { type DashboardSummary, upcomingWindowDays } from "../../lib/dashboard-summary";
import { useFormat } from "../../lib/intl-format";

/** The account dashboard's seven figures. */
export function Dashboard({ summary }: { summary: DashboardSummary }) {
  const t = useTranslations("account");
  const format = useFormat();
  const figures = [
    { key: "eventsAttended", value: format.number(summary.eventsAttended) },
    { key: "upcomingEvents", value: format.number(summary.upcomingEvents) },
    { key: "ticketsPurchased", value: format.number(summary.ticketsPurchased) },
    {
      key: "expenditure",
      value: format.number(summary.expenditure, {
        style: "currency",
        currency: "EUR",
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    },
    { key: "mostVisitedCity", value: summary.mostVisitedCity?.name ?? t("none") },
    { key: "mostVisitedCategory", value: summary.mostVisitedCategory?.name ?? t("none") },
    {
      key: "lastActivity",
      value:
        summary.lastActivityDaysAgo === null
          ? t("none")
          : t("lastActivity", { days: summary.lastActivityDaysAgo }),
    },
  ] as const;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {figures.map(({ key, value }) => (
        <div
          key={key}
          data-figure={key}
          className="flex flex-col-reverse gap-1 rounded-lg border border-neutral-200 p-4 dark:border-neutral-700"
        >
          <dt className="text-sm text-muted">
            {t(`figures.${key}`, { days: upcomingWindowDays })}
          </dt>
          <dd className="text-2xl font-bold tracking-tight">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

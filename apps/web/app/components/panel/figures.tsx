import type { EventFigures, PanelEventSummary } from "@eventwerk/contract";
import { Link } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { usePaths } from "../../hooks";
import { useEuro, useFormat } from "../../lib/intl-format";
import { Badge, type BadgeTone } from "../ui/badge";

const statusTone: Record<string, BadgeTone> = {
  draft: "neutral",
  published: "positive",
  cancelled: "solidDanger",
};

/**
 * A payment provider by its name in the catalogue; an id the catalogue does not know (a provider
 * an earlier deployment used) as it is stored, and none as a dash.
 */
export function useProviderName() {
  const t = useTranslations("panel");
  return (provider: string | null) => {
    if (!provider) return "—";
    const key = `provider.${provider as "stripe"}` as const;
    return t.has(key) ? t(key) : provider;
  };
}

/** An event's status as a badge. */
export function EventStatusBadge({ status }: { status: string }) {
  const t = useTranslations("panel");
  return (
    <Badge tone={statusTone[status] ?? "neutral"} size="sm">
      {t(`status.${status as "draft"}`)}
    </Badge>
  );
}

/** The five figures as a definition list of cards. */
export function FigureCards({ figures }: { figures: EventFigures }) {
  const t = useTranslations("panel");
  const money = useEuro();
  const items = [
    [t("figures.sold"), t("figures.soldOf", { sold: figures.sold, capacity: figures.capacity })],
    [t("figures.gross"), money(figures.gross_cents)],
    [t("figures.fees"), money(figures.fee_cents)],
    [t("figures.net"), money(figures.net_cents)],
    [t("figures.checkIns"), String(figures.check_ins)],
  ] as const;
  return (
    <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map(([label, value]) => (
        <div
          key={label}
          className="rounded-lg border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="mt-1 text-xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Events with their figures as a table; titles open the event in the panel. */
export function EventTable({ events, caption }: { events: PanelEventSummary[]; caption: string }) {
  const t = useTranslations("panel");
  const money = useEuro();
  const format = useFormatter();
  const { to } = usePaths();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="mb-2 text-left text-lg font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-neutral-300 dark:border-neutral-700">
            <th scope="col" className="py-2 pr-3">
              {t("table.event")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("table.date")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("table.status")}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t("figures.sold")}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t("figures.gross")}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t("figures.fees")}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t("figures.net")}
            </th>
            <th scope="col" className="py-2 text-right">
              {t("figures.checkIns")}
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id} className="border-b border-neutral-200 dark:border-neutral-800">
              <th scope="row" className="py-2 pr-3 font-medium">
                <Link to={to("panel-event", { id: event.id })} className="underline">
                  {event.title}
                </Link>
              </th>
              <td className="py-2 pr-3">
                {format.dateTime(new Date(event.starts_at), {
                  dateStyle: "medium",
                  timeStyle: "short",
                  timeZone: "Europe/Berlin",
                })}
              </td>
              <td className="py-2 pr-3">
                <EventStatusBadge status={event.status} />
              </td>
              <td className="py-2 pr-3 text-right">
                {t("figures.soldOf", {
                  sold: event.figures.sold,
                  capacity: event.figures.capacity,
                })}
              </td>
              <td className="py-2 pr-3 text-right">{money(event.figures.gross_cents)}</td>
              <td className="py-2 pr-3 text-right">{money(event.figures.fee_cents)}</td>
              <td className="py-2 pr-3 text-right">{money(event.figures.net_cents)}</td>
              <td className="py-2 text-right">{event.figures.check_ins}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Tickets sold per day as bars drawn on the server (SVG, no script), with the same numbers as a
 * table for screen readers and without styles.
 */
export function SalesChart({
  sales,
}: {
  sales: { day: string; tickets: number; gross_cents: number }[];
}) {
  const t = useTranslations("panel");
  const money = useEuro();
  const format = useFormat();
  // A sales day is a Berlin calendar day: its noon in UTC is that day in Berlin too.
  const day = (entry: { day: string }, options: Intl.DateTimeFormatOptions) =>
    format.dateTime(new Date(`${entry.day}T12:00:00Z`), options);
  if (sales.length === 0) return <p>{t("chart.empty")}</p>;
  const max = Math.max(...sales.map((entry) => entry.tickets), 1);
  const barWidth = 24;
  const height = 120;
  return (
    <figure className="space-y-3">
      <svg
        role="img"
        aria-labelledby="sales-chart-title"
        viewBox={`0 0 ${sales.length * (barWidth + 8)} ${height + 20}`}
        className="h-40 max-w-full"
      >
        <title id="sales-chart-title">{t("chart.title")}</title>
        {sales.map((entry, index) => {
          const barHeight = Math.max(2, Math.round((entry.tickets / max) * height));
          return (
            <g key={entry.day}>
              <rect
                x={index * (barWidth + 8)}
                y={height - barHeight}
                width={barWidth}
                height={barHeight}
                className="fill-primary-700"
              />
              <text
                x={index * (barWidth + 8) + barWidth / 2}
                y={height + 14}
                textAnchor="middle"
                className="fill-current text-[9px]"
              >
                {day(entry, { day: "numeric", month: "numeric" })}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <table className="text-left text-sm">
          <caption className="sr-only">{t("chart.title")}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-4">
                {t("chart.day")}
              </th>
              <th scope="col" className="pr-4 text-right">
                {t("chart.tickets")}
              </th>
              <th scope="col" className="text-right">
                {t("chart.revenue")}
              </th>
            </tr>
          </thead>
          <tbody>
            {sales.map((entry) => (
              <tr key={entry.day}>
                <td className="pr-4">
                  <time dateTime={entry.day}>{day(entry, { dateStyle: "medium" })}</time>
                </td>
                <td className="pr-4 text-right">{entry.tickets}</td>
                <td className="text-right">{money(entry.gross_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}

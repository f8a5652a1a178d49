import { Link } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { apiFor } from "../api.server";
import { Icon } from "../components/icon";
import { EmptyState, mutedText, PageHeader } from "../components/page-parts";
import { Card } from "../components/ui/card";
import { requestState } from "../context";
import { usePaths } from "../hooks";
import { withPageCache } from "../lib/cache.server";
import { pageHeaders } from "../lib/page-cache";
import type { Route } from "./+types/qr";
import { allTickets, ticketsByTime } from "./account/tickets.server";

/** A signed-in ticket holder's upcoming tickets with their codes; nothing for guests. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.get(requestState).user) return withPageCache(context, { tickets: null });
  const { upcoming } = await ticketsByTime(await allTickets(await apiFor(context)), new Date());
  return withPageCache(context, { tickets: upcoming.filter((ticket) => !ticket.cancelled) });
}

export const headers = pageHeaders;

type HolderTicket = NonNullable<Route.ComponentProps["loaderData"]["tickets"]>[number];

/** Each upcoming ticket's code as large as the screen allows, black on white, for the door. */
function HolderTickets({ tickets }: { tickets: HolderTicket[] }) {
  const t = useTranslations("qr");
  const format = useFormatter();
  const { to } = usePaths();
  if (tickets.length === 0) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState
          icon="qr-code"
          title={t("holderEmptyTitle")}
          actions={
            <Link to={to("events")} className="button-primary">
              {t("emptyEvents")}
            </Link>
          }
        >
          <p>{t("holderEmptyText")}</p>
        </EmptyState>
      </main>
    );
  }
  return (
    <main id="main" className="snap-y snap-mandatory bg-white text-neutral-950">
      <h1 className="sr-only">{t("holderHeading")}</h1>
      {tickets.map((ticket, index) => (
        <section
          key={ticket.id}
          aria-label={t("holderTicket", { number: index + 1, count: tickets.length })}
          className="flex min-h-[100svh] snap-start flex-col items-center justify-center gap-4 px-4 py-6 text-center"
        >
          <div
            role="img"
            aria-label={t("holderQr", { event: ticket.title })}
            className="w-[min(92vw,70svh)] [&_svg]:h-auto [&_svg]:w-full"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG from the qrcode library
            dangerouslySetInnerHTML={{ __html: ticket.qr }}
          />
          <h2 className="text-2xl font-bold">{ticket.title}</h2>
          <p className="text-lg">
            {format.dateTime(new Date(ticket.date), { dateStyle: "full", timeStyle: "short" })}
            {" · "}
            {ticket.venue}
          </p>
          <p className="text-lg font-semibold">{ticket.ticketType}</p>
        </section>
      ))}
    </main>
  );
}

const points = [
  { key: "phone", icon: "smartphone" },
  { key: "scan", icon: "scan-line" },
  { key: "safe", icon: "shield-check" },
] as const;

/** What QR tickets are and how they are used at the door; a ticket holder's codes instead. */
export default function Qr({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("qr");
  const { to } = usePaths();
  if (loaderData.tickets) return <HolderTickets tickets={loaderData.tickets} />;
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <section aria-labelledby="qr-how">
        <h2 id="qr-how" className="text-xl font-semibold">
          {t("howHeading")}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {points.map(({ key, icon }) => (
            <Card as="li" key={key} className="p-5">
              <Icon name={icon} className="size-6 text-accent" />
              <h3 className="mt-3 font-semibold">{t(`points.${key}.title`)}</h3>
              <p className={`mt-1 ${mutedText}`}>{t(`points.${key}.text`)}</p>
            </Card>
          ))}
        </ul>
      </section>
      <EmptyState
        icon="qr-code"
        title={t("emptyTitle")}
        actions={
          <>
            <Link to={to("account")} className="button-primary">
              <Icon name="ticket" className="size-4" />
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

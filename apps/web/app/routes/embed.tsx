import { data } from "react-router";
import { useTranslations } from "use-intl";
import { ApiError, apiFor } from "../api.server";
import { EventTickets, formEvent } from "../components/event-tickets";
import { mutedText } from "../components/page-parts";
import { requestState } from "../context";
import { withPageCache } from "../lib/cache.server";
import { eventDates } from "../lib/intl-format";
import { pageHeaders } from "../lib/page-cache";
import { pathTo } from "../route-table";
import { pageMeta } from "../seo";
import type { Route } from "./+types/embed";
import { pageNonce } from "./checkout.server";

export const headers = pageHeaders;

/**
 * `/einbetten/:id`, `/en/embed/:id`: a published event's ticket selection for organisers' own
 * sites (any site may frame it). Buying continues on the event page in a new tab, where the
 * order's cookie is first-party, and from there into the checkout.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw data("Page Not Found", { status: 404 });
  const { locale } = context.get(requestState);
  const api = await apiFor(context);
  const event = await api.event(Number(params.id)).then(
    (response) => response.data,
    (error: unknown) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400))
        throw data("Page Not Found", { status: 404 });
      throw error;
    },
  );
  // What the frame shows, its texts written here (docs/decisions/024): its data travels in
  // its HTML.
  return withPageCache(context, {
    event: {
      ...formEvent(locale, event),
      title: event.title,
      starts_at: event.starts_at,
      dates: eventDates(locale, event, "medium"),
      venue: { name: event.venue.name, city_name: event.venue.city_name },
    },
    eventPath: pathTo("event", locale, { slug: event.slugs[locale], id: event.id }),
    nonce: pageNonce(),
  });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function EmbedPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("event");
  const { event, eventPath, nonce } = loaderData;
  return (
    <main id="main" className="space-y-4 p-4">
      <header className="space-y-1">
        <h1 className="text-xl font-bold tracking-tight">
          <a href={eventPath} target="_blank" rel="noopener" className="hover:underline">
            {event.title}
          </a>
        </h1>
        <p className={mutedText}>
          <time dateTime={event.starts_at}>{event.dates}</time> · {event.venue.name},{" "}
          {event.venue.city_name}
        </p>
      </header>
      <EventTickets
        event={event}
        nonce={nonce}
        feedback={null}
        handOver={{ action: eventPath, target: "_blank" }}
      />
      <p className={`text-sm ${mutedText}`}>{t("embedNewTab")}</p>
    </main>
  );
}

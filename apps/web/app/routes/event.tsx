import { apiPaths, type EventDetail, fillPath, type Locale } from "@eventwerk/contract";
import { data, redirect } from "react-router";
import { useTranslations } from "use-intl";
import { ApiError, apiFor } from "../api.server";
import { AppLink } from "../components/app-link";
import { cardEvent, EventGrid } from "../components/event-card";
import { EventTickets, formEvent } from "../components/event-tickets";
import { Icon } from "../components/icon";
import { LazyImage } from "../components/lazy-image";
import { linkClass, mutedText } from "../components/page-parts";
import { ShareLinks } from "../components/share-links";
import { Card } from "../components/ui/card";
import { Panel } from "../components/ui/panel";
import { requestState } from "../context";
import { usePaths, useRootData } from "../hooks";
import { withPageCache } from "../lib/cache.server";
import { eventJsonLd, largestImageUrl } from "../lib/event-json-ld";
import { eventDates } from "../lib/intl-format";
import { pageHeaders } from "../lib/page-cache";
import { firstParagraphText, markdownHtml } from "../lib/sanitize.server";
import { selectionFromQuery } from "../lib/ticket-selection";
import type { RootData } from "../root";
import { eventParams, pathTo } from "../route-table";
import { pageMeta } from "../seo";
import type { Route } from "./+types/event";
import { buyTickets, pageNonce } from "./checkout.server";

export const headers = pageHeaders;

/** One row of the three-column grid (two on mid-sized screens, fillRows): what reads as a hint. */
const relatedShown = 3;

/**
 * The event as the page shows it, since its data travels in the page's HTML: the description
 * once (as HTML, in the loader's data), the related events as their cards show them, and not the
 * API's fields for other pages (both slugs, the venue's and category's ids, tickets sold, the
 * listing's price and availability). Its dates, and the ticket types' prices and dates, come as
 * text written here in the page's language (docs/decisions/024).
 */
const pageEvent = (event: EventDetail, locale: Locale, selection: Record<number, number>) => ({
  ...formEvent(locale, event, selection),
  title: event.title,
  starts_at: event.starts_at,
  ends_at: event.ends_at,
  dates: {
    full: eventDates(locale, event, "full"),
    medium: eventDates(locale, event, "medium"),
  },
  cover: event.cover,
  category: { slug: event.category.slug, name: event.category.name },
  venue: {
    name: event.venue.name,
    address_line: event.venue.address_line,
    postal_code: event.venue.postal_code,
    city_name: event.venue.city_name,
    country_code: event.venue.country_code,
    latitude: event.venue.latitude,
    longitude: event.venue.longitude,
  },
  organiser: event.organiser,
  age_limit: event.age_limit,
  related: event.related.slice(0, relatedShown).map(cardEvent(locale)),
});

const notFound = (pathname: string) => data(`Page not found: ${pathname}`, { status: 404 });

/**
 * `/:slug-evx-:id` (React Router's `:slug_id`): the event by id. Any other path that reaches this route, and an id the API
 * does not know, is a 404; a slug that is not the event's slug in the page's language is a 301
 * to the canonical path (query kept).
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const wanted = eventParams(params);
  if (!wanted) throw notFound(url.pathname);
  const { locale } = context.get(requestState);
  const api = await apiFor(context);
  const event = await api.event(wanted.id).then(
    (response) => response.data,
    (error: unknown) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400))
        throw notFound(url.pathname);
      throw error;
    },
  );
  const canonical = pathTo("event", locale, { slug: event.slugs[locale], id: event.id });
  if (wanted.slug !== event.slugs[locale]) throw redirect(canonical + url.search, 301);
  const descriptionHtml = markdownHtml(event.description);
  return withPageCache(context, {
    event: pageEvent(event, locale, selectionFromQuery(url.searchParams)),
    /** The organiser's Markdown as sanitised HTML, and its first paragraph as plain text. */
    descriptionHtml,
    summary: firstParagraphText(descriptionHtml, 160) ?? event.title,
    locale,
    /** The event in each language, with that language's slug (language switch, hreflang). */
    counterparts: {
      de: pathTo("event", "de", { slug: event.slugs.de, id: event.id }),
      en: pathTo("event", "en", { slug: event.slugs.en, id: event.id }),
    },
    calendarPath: `${fillPath(apiPaths.eventCalendar, { id: event.id })}?locale=${locale}`,
    nonce: pageNonce(),
  });
}

/** The ticket form: holds the chosen tickets and goes on to the checkout page. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const wanted = eventParams(params);
  if (!wanted) throw notFound(url.pathname);
  return buyTickets(request, url, context, wanted.id);
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded) return pageMeta(args);
  const { event, counterparts, locale, summary } = loaded;
  const origin = (args.matches[0]?.loaderData as RootData | undefined)?.origin ?? "";
  const url = origin + counterparts[locale];
  // Built from the event's data here rather than sent beside it: the page's HTML carries the
  // schema.org object once (in the head), not a second time in the loader data.
  const shareImage = largestImageUrl(origin, event.cover);
  return [
    ...pageMeta(args, { title: event.title, description: summary }).map((tag) =>
      "property" in tag && tag.property === "og:image"
        ? { property: "og:image", content: shareImage }
        : tag,
    ),
    { property: "og:url", content: url },
    { "script:ld+json": eventJsonLd(event, summary, url, origin) },
  ];
};

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("event");
  const { origin } = useRootData();
  const { to } = usePaths();
  const { event, counterparts, locale, calendarPath } = loaderData;
  const canonicalUrl = origin + counterparts[locale];
  const venue = event.venue;
  const mapUrl = `https://www.openstreetmap.org/?mlat=${venue.latitude}&mlon=${venue.longitude}#map=17/${venue.latitude}/${venue.longitude}`;

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-10 px-4 py-12">
      <header className="space-y-6">
        <LazyImage
          src={event.cover.src}
          srcSet={event.cover.srcset}
          sizes="(min-width: 1152px) 72rem, 100vw"
          width={event.cover.width}
          height={event.cover.height}
          relativeToApi
          lazy={false}
          priority
          alt=""
          className={`aspect-[21/9] w-full rounded-2xl object-cover${event.is_past || event.status === "cancelled" ? " grayscale" : ""}`}
        />
        <div className="space-y-3">
          <p>
            <AppLink
              to={`${to("events")}?category=${encodeURIComponent(event.category.slug)}`}
              className="eyebrow hover:underline"
            >
              {event.category.name}
            </AppLink>
          </p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{event.title}</h1>
          <p className={`flex items-center gap-2 text-lg ${mutedText}`}>
            <Icon name="clock" className="size-5 shrink-0" />
            <time dateTime={event.starts_at}>{event.dates.full}</time>
          </p>
          <p className={`flex items-center gap-2 text-lg ${mutedText}`}>
            <Icon name="map-pin" className="size-5 shrink-0" />
            {`${venue.name}, ${venue.city_name}`}
          </p>
        </div>
        {event.status === "cancelled" ? (
          <Panel icon="ban" tone="danger" title={t("cancelledTitle")}>
            <p>{t("cancelledText")}</p>
          </Panel>
        ) : event.is_past ? (
          <Panel icon="calendar-check" tone="neutral" title={t("pastTitle")}>
            <p>{t("pastText")}</p>
          </Panel>
        ) : null}
      </header>

      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-10">
          <section aria-labelledby="event-about" className="space-y-4">
            <h2 id="event-about" className="text-2xl font-bold tracking-tight">
              {t("about")}
            </h2>
            <div
              className="prose-cms"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: only the tags and link schemes sanitize.server.ts allows
              dangerouslySetInnerHTML={{ __html: loaderData.descriptionHtml }}
            />
          </section>
          <EventTickets event={event} nonce={loaderData.nonce} feedback={actionData ?? null} />
        </div>

        <div className="space-y-8">
          <Card as="section" aria-labelledby="event-details" className="space-y-4 p-5">
            <h2 id="event-details" className="text-lg font-semibold">
              {t("details")}
            </h2>
            <dl className="space-y-4">
              <div>
                <dt className="detail-term">
                  <Icon name="clock" className="size-4" />
                  {t("date")}
                </dt>
                <dd className={mutedText}>{event.dates.medium}</dd>
              </div>
              <div>
                <dt className="detail-term">
                  <Icon name="map-pin" className="size-4" />
                  {t("venue")}
                </dt>
                <dd className={mutedText}>
                  <address className="not-italic">
                    {venue.name}
                    <br />
                    {venue.address_line}
                    <br />
                    {`${venue.postal_code} ${venue.city_name}`}
                  </address>
                  <a
                    href={mapUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`mt-1 inline-block text-sm ${linkClass}`}
                  >
                    {t("showOnMap")}
                    <span className="sr-only">{` ${t("opensInNewTab")}`}</span>
                  </a>
                </dd>
              </div>
              <div>
                <dt className="detail-term">
                  <Icon name="user-round" className="size-4" />
                  {t("organiser")}
                </dt>
                <dd className={mutedText}>{event.organiser.name}</dd>
              </div>
              <div>
                <dt className="detail-term">
                  <Icon name="tag" className="size-4" />
                  {t("category")}
                </dt>
                <dd className={mutedText}>{event.category.name}</dd>
              </div>
              {event.age_limit !== null && (
                <div>
                  <dt className="font-medium">{t("ageLimit")}</dt>
                  <dd className={mutedText}>{t("ageLimitValue", { age: event.age_limit })}</dd>
                </div>
              )}
            </dl>
            {event.status !== "cancelled" && !event.is_past && (
              <a href={calendarPath} download className="button-secondary w-full">
                <Icon name="calendar-plus" className="size-5" />
                {t("addToCalendar")}
              </a>
            )}
          </Card>
          <ShareLinks title={event.title} url={canonicalUrl} />
        </div>
      </div>

      {event.related.length > 0 && (
        <section aria-labelledby="event-related" className="space-y-6">
          <h2 id="event-related" className="text-2xl font-bold tracking-tight">
            {t("related")}
          </h2>
          <EventGrid events={event.related} fillRows />
        </section>
      )}

      <p>
        <AppLink to={to("events")} className={linkClass}>
          {t("allEvents")}
        </AppLink>
      </p>
    </main>
  );
}

import { apiPaths, type EventDetail, fillPath, type TicketType } from "@eventwerk/contract";
import { data, redirect } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { ApiError, apiFor } from "../api.server";
import { AppLink } from "../components/app-link";
import { EventGrid } from "../components/event-card";
import { Icon, type IconName } from "../components/icon";
import { LazyImage } from "../components/lazy-image";
import { publicOrigin } from "../config.server";
import { requestState } from "../context";
import { usePaths, useRootData } from "../hooks";
import { withPageCache } from "../lib/cache.server";
import { useEuro } from "../lib/catalogue-parts";
import { eventJsonLd, imageUrls } from "../lib/event-json-ld.server";
import { pageHeaders } from "../lib/page-cache";
import { linkClass, mutedText } from "../lib/page-parts";
import type { RootData } from "../root";
import { eventParams, pathTo } from "../route-table";
import { pageMeta } from "../seo";
import type { Route } from "./+types/event";

export const headers = pageHeaders;

const notFound = (pathname: string) => data(`Page not found: ${pathname}`, { status: 404 });

/**
 * `/:slug-evx-:id` (React Router's `:slug_id`): the event by id. Any other path that reaches this route, and an id the API
 * does not know, is a 404; a slug that is not the event's slug in the page's language is a 301
 * to the canonical path (query kept).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
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
  const origin = publicOrigin(request);
  return withPageCache(context, {
    event,
    locale,
    /** The event in each language, with that language's slug (language switch, hreflang). */
    counterparts: {
      de: pathTo("event", "de", { slug: event.slugs.de, id: event.id }),
      en: pathTo("event", "en", { slug: event.slugs.en, id: event.id }),
    },
    calendarPath: `${fillPath(apiPaths.eventCalendar, { id: event.id })}?locale=${locale}`,
    // Built here, so that the browser bundle does without the schema.org mapping.
    jsonLd: eventJsonLd(event, origin + canonical, origin),
    shareImage: imageUrls(origin, event.cover)[0],
  });
}

/** The first sentences of the description, for search results and shares. */
function summary(text: string, max = 160) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded) return pageMeta(args);
  const { event, counterparts, locale, jsonLd, shareImage } = loaded;
  const origin = (args.matches[0]?.loaderData as RootData | undefined)?.origin ?? "";
  return [
    ...pageMeta(args, { title: event.title, description: summary(event.description) }).map((tag) =>
      "property" in tag && tag.property === "og:image"
        ? { property: "og:image", content: shareImage }
        : "name" in tag && tag.name === "twitter:image"
          ? { name: "twitter:image", content: shareImage }
          : tag,
    ),
    { property: "og:url", content: origin + counterparts[locale] },
    { "script:ld+json": jsonLd },
  ];
};

function TicketPrice({ ticket }: { ticket: TicketType }) {
  const t = useTranslations("event");
  const euro = useEuro();
  const price = (cents: number) => (cents === 0 ? t("ticketFree") : euro(cents));
  if (ticket.discount_price_cents === null || ticket.discount_price_cents === ticket.price_cents)
    return <span className="text-lg font-semibold">{price(ticket.price_cents)}</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-2">
      <s className={mutedText}>
        <span className="sr-only">{t("originalPrice")}</span> {price(ticket.price_cents)}
      </s>
      <span className="text-lg font-semibold text-primary-800 dark:text-primary-300">
        <span className="sr-only">{t("discountedPrice")}</span> {price(ticket.discount_price_cents)}
      </span>
    </span>
  );
}

const availabilityClass = {
  on_sale: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  sold_out: "bg-neutral-200 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100",
  not_yet_on_sale: "bg-primary-100 text-primary-900 dark:bg-primary-950 dark:text-primary-100",
  sale_ended: "bg-neutral-200 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100",
} as const;

function TicketAvailability({ ticket }: { ticket: TicketType }) {
  const t = useTranslations("event");
  const format = useFormatter();
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const label =
    ticket.availability === "not_yet_on_sale" && ticket.sales_start
      ? t("salesStart", { date: when(ticket.sales_start) })
      : ticket.availability === "on_sale"
        ? t("availability.on_sale", { remaining: ticket.remaining })
        : t(`availability.${ticket.availability}`);
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-sm font-medium ${availabilityClass[ticket.availability]}`}
    >
      {label}
    </span>
  );
}

function Tickets({ event }: { event: EventDetail }) {
  const t = useTranslations("event");
  const format = useFormatter();
  const closed = event.is_past || event.status === "cancelled";
  return (
    <section aria-labelledby="event-tickets" className="space-y-4">
      <h2 id="event-tickets" className="text-2xl font-bold tracking-tight">
        {t("tickets")}
      </h2>
      {event.ticket_types.length === 0 ? (
        <p className={mutedText}>{t("ticketsEmpty")}</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900">
          {event.ticket_types.map((ticket) => (
            <li
              key={ticket.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="space-y-1">
                <h3 className="font-semibold">{ticket.name}</h3>
                {!closed && ticket.availability === "on_sale" && (
                  <p className={`text-sm ${mutedText}`}>
                    {ticket.sales_end
                      ? `${t("salesEnd", {
                          date: format.dateTime(new Date(ticket.sales_end), {
                            dateStyle: "medium",
                            timeStyle: "short",
                          }),
                        })} · ${t("maxPerOrder", { count: ticket.max_per_order })}`
                      : t("maxPerOrder", { count: ticket.max_per_order })}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-3 sm:justify-end">
                <TicketPrice ticket={ticket} />
                {!closed && <TicketAvailability ticket={ticket} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Share links built from the canonical URL: plain links, no scripts of the networks. */
function ShareLinks({ title, url }: { title: string; url: string }) {
  const t = useTranslations("event");
  const text = t("shareText", { title, url });
  const q = encodeURIComponent;
  const links = [
    { key: "shareEmail", href: `mailto:?subject=${q(title)}&body=${q(text)}`, icon: "mail" },
    { key: "shareWhatsApp", href: `https://wa.me/?text=${q(text)}`, icon: "share-2" },
    {
      key: "shareX",
      href: `https://twitter.com/intent/tweet?url=${q(url)}&text=${q(title)}`,
      icon: "share-2",
    },
    {
      key: "shareFacebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`,
      icon: "share-2",
    },
  ] as const;
  return (
    <section aria-labelledby="event-share" className="space-y-3">
      <h2 id="event-share" className="text-lg font-semibold">
        {t("share")}
      </h2>
      <ul className="space-y-2">
        {links.map(({ key, href, icon }) => {
          const external = href.startsWith("https:");
          return (
            <li key={key}>
              <a
                href={href}
                {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className={`inline-flex items-center gap-2 ${linkClass}`}
              >
                <Icon name={icon} className="size-4" />
                {t(key)}
                {external && <span className="sr-only"> {t("opensInNewTab")}</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Notice({
  icon,
  title,
  text,
  tone,
}: {
  icon: IconName;
  title: string;
  text: string;
  tone: "danger" | "info";
}) {
  return (
    <div
      className={`flex gap-3 rounded-xl border p-5 ${
        tone === "danger"
          ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          : "border-neutral-300 bg-neutral-100 text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
      }`}
    >
      <Icon name={icon} className="mt-0.5 size-6 shrink-0" />
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p>{text}</p>
      </div>
    </div>
  );
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("event");
  const format = useFormatter();
  const { origin } = useRootData();
  const { to } = usePaths();
  const { event, counterparts, locale, calendarPath } = loaderData;
  const canonicalUrl = origin + counterparts[locale];
  const venue = event.venue;
  const start = new Date(event.starts_at);
  const end = new Date(event.ends_at);
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
          alt=""
          className={`aspect-[21/9] w-full rounded-2xl object-cover ${event.is_past || event.status === "cancelled" ? "grayscale" : ""}`}
        />
        <div className="space-y-3">
          <p>
            <AppLink
              to={`${to("events")}?category=${encodeURIComponent(event.category.slug)}`}
              className="text-sm font-semibold text-primary-800 hover:underline dark:text-primary-300"
            >
              {event.category.name}
            </AppLink>
          </p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{event.title}</h1>
          <p className={`flex items-center gap-2 text-lg ${mutedText}`}>
            <Icon name="clock" className="size-5 shrink-0" />
            {/* Browsers' ICU spaces dates unlike Node's (thin spaces around the range's dash):
                the server's text stays instead of React rendering the whole page again. */}
            <time dateTime={event.starts_at} suppressHydrationWarning>
              {format.dateTimeRange(start, end, { dateStyle: "full", timeStyle: "short" })}
            </time>
          </p>
          <p className={`flex items-center gap-2 text-lg ${mutedText}`}>
            <Icon name="map-pin" className="size-5 shrink-0" />
            {venue.name}, {venue.city_name}
          </p>
        </div>
        {event.status === "cancelled" ? (
          <Notice icon="ban" tone="danger" title={t("cancelledTitle")} text={t("cancelledText")} />
        ) : event.is_past ? (
          <Notice icon="calendar-check" tone="info" title={t("pastTitle")} text={t("pastText")} />
        ) : null}
      </header>

      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-10">
          <section aria-labelledby="event-about" className="space-y-4">
            <h2 id="event-about" className="text-2xl font-bold tracking-tight">
              {t("about")}
            </h2>
            <div className="space-y-4 leading-relaxed">
              {event.description
                .split(/\n\s*\n/)
                .filter((paragraph) => paragraph.trim())
                .map((paragraph, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text
                  <p key={index}>{paragraph}</p>
                ))}
            </div>
          </section>
          <Tickets event={event} />
        </div>

        <div className="space-y-8">
          <section
            aria-labelledby="event-details"
            className="space-y-4 rounded-xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <h2 id="event-details" className="text-lg font-semibold">
              {t("details")}
            </h2>
            <dl className="space-y-4">
              <div>
                <dt className="flex items-center gap-2 font-medium">
                  <Icon name="clock" className="size-4" />
                  {t("date")}
                </dt>
                <dd className={mutedText} suppressHydrationWarning>
                  {format.dateTimeRange(start, end, { dateStyle: "medium", timeStyle: "short" })}
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-2 font-medium">
                  <Icon name="map-pin" className="size-4" />
                  {t("venue")}
                </dt>
                <dd className={mutedText}>
                  <address className="not-italic">
                    {venue.name}
                    <br />
                    {venue.address_line}
                    <br />
                    {venue.postal_code} {venue.city_name}
                  </address>
                  <a
                    href={mapUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`mt-1 inline-block text-sm ${linkClass}`}
                  >
                    {t("showOnMap")}
                    <span className="sr-only"> {t("opensInNewTab")}</span>
                  </a>
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-2 font-medium">
                  <Icon name="user-round" className="size-4" />
                  {t("organiser")}
                </dt>
                <dd className={mutedText}>{event.organiser.name}</dd>
              </div>
              <div>
                <dt className="flex items-center gap-2 font-medium">
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
          </section>
          <ShareLinks title={event.title} url={canonicalUrl} />
        </div>
      </div>

      {event.related.length > 0 && (
        <section aria-labelledby="event-related" className="space-y-6">
          <h2 id="event-related" className="text-2xl font-bold tracking-tight">
            {t("related")}
          </h2>
          <EventGrid events={event.related} />
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

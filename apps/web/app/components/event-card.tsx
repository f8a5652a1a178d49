import type { EventSummary, Locale } from "@eventwerk/contract";
import { useTranslations } from "use-intl";
import { usePaths } from "../hooks";
import { dateTimeFormat, euroText } from "../lib/intl-format";
import { AppLink } from "./app-link";
import { Highlight } from "./catalogue-parts";
import { LazyImage } from "./lazy-image";
import { mutedText } from "./page-parts";
import { Badge, type BadgeTone } from "./ui/badge";
import { hoverCardClass } from "./ui/card";

/** A card's date and start time: "Sat, Jan 2, 2027, 2:00 PM" as the event page writes the time. */
const eventDateOptions: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/**
 * What a card shows of an event: pages send their cards no more than this in their data. Its
 * date and price come as text, written by the server in the page's language: the browser then
 * builds no date or number formatter to hydrate a list, whose first one costs it 30-100 ms of
 * ICU set-up on a slow machine, and every browser shows Node's text (see docs/decisions/023).
 */
export type CardEvent = Pick<
  EventSummary,
  "id" | "slug" | "title" | "starts_at" | "status" | "is_past" | "cover" | "availability"
> & {
  category: Pick<EventSummary["category"], "name">;
  venue: Pick<EventSummary["venue"], "name" | "city_name">;
  /** The start as text (`eventDateOptions`, Berlin time). */
  starts: string;
  /** The lowest price as text; a free event has none. */
  price_from: string | null;
};

export const cardEvent =
  (locale: Locale) =>
  (event: EventSummary): CardEvent => ({
    id: event.id,
    slug: event.slug,
    title: event.title,
    starts_at: event.starts_at,
    starts: dateTimeFormat(locale, eventDateOptions).format(new Date(event.starts_at)),
    status: event.status,
    is_past: event.is_past,
    cover: event.cover,
    category: { name: event.category.name },
    venue: { name: event.venue.name, city_name: event.venue.city_name },
    price_from: event.is_free ? null : euroText(locale, event.price_from_cents),
    availability: event.availability,
  });

/** What the card says about the sale: cancelled and past win over sold out. */
function badgeOf(event: CardEvent) {
  if (event.status === "cancelled") return "cancelled" as const;
  if (event.is_past) return "past" as const;
  if (event.availability === "sold_out") return "soldOut" as const;
  if (event.availability === "not_yet_on_sale") return "notYetOnSale" as const;
  return null;
}

const badgeTone = {
  cancelled: "solidDanger",
  past: "solidMuted",
  soldOut: "solidStrong",
  notYetOnSale: "solidPrimary",
} as const satisfies Record<NonNullable<ReturnType<typeof badgeOf>>, BadgeTone>;

/**
 * One event of a list: cover, category, title (the link to the event page), date and time,
 * venue and city, lowest price, and a badge when it is cancelled, past or sold out. The whole
 * card is clickable through the title's link.
 */
export function EventCard({
  event,
  eager = false,
  priority = false,
  headingLevel = 3,
  terms,
}: {
  event: CardEvent;
  /** Above the fold: load the cover at once. */
  eager?: boolean;
  /** The first card above the fold: its cover is the page's main image (`LazyImage`). */
  priority?: boolean;
  headingLevel?: 2 | 3 | 4;
  /** Search terms to mark in the title. */
  terms?: readonly string[];
}) {
  const t = useTranslations("catalogue");
  const { to } = usePaths();
  const Heading = `h${headingLevel}` as const;
  const badge = badgeOf(event);
  return (
    <article className={`${hoverCardClass} card-linked group flex h-full flex-col`}>
      <div className="relative">
        <LazyImage
          src={event.cover.src}
          srcSet={event.cover.srcset}
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
          width={event.cover.width}
          height={event.cover.height}
          relativeToApi
          lazy={!eager}
          priority={priority}
          alt=""
          className={`aspect-video w-full object-cover${event.is_past || event.status === "cancelled" ? " grayscale" : ""}`}
        />
        {badge && (
          <Badge tone={badgeTone[badge]} size="sm" className="absolute top-3 left-3 shadow">
            {t(`badges.${badge}`)}
          </Badge>
        )}
      </div>
      <div className="card-body">
        <p className="eyebrow">{event.category.name}</p>
        <Heading className="card-title">
          <AppLink to={to("event", { slug: event.slug, id: event.id })} className="card-link">
            {terms ? <Highlight text={event.title} terms={terms} /> : event.title}
          </AppLink>
        </Heading>
        <p className={`text-sm ${mutedText}`}>
          <time dateTime={event.starts_at}>{event.starts}</time>
        </p>
        <p className={`text-sm ${mutedText}`}>
          {t("venueInCity", { venue: event.venue.name, city: event.venue.city_name })}
        </p>
        <p className="card-price">
          {event.price_from === null ? t("free") : t("priceFrom", { price: event.price_from })}
        </p>
      </div>
    </article>
  );
}

/** Hides a card beyond the last full row of the two-column (sm) or three-column (lg) grid. */
export function rowFillClass(index: number, count: number): string | undefined {
  const beyondSm = count >= 2 && index >= Math.floor(count / 2) * 2;
  const beyondLg = count >= 3 && index >= Math.floor(count / 3) * 3;
  if (beyondSm && beyondLg) return "sm:hidden";
  if (beyondSm) return "sm:hidden lg:block";
  if (beyondLg) return "lg:hidden";
  return undefined;
}

/**
 * Cards in a responsive grid; the first `eagerCount` covers are above the fold, and the first
 * of them is the page's main image.
 */
export function EventGrid({
  events,
  eagerCount = 0,
  headingLevel = 3,
  terms,
  fillRows = false,
}: {
  events: readonly CardEvent[];
  eagerCount?: number;
  headingLevel?: 2 | 3 | 4;
  terms?: readonly string[];
  /** Leave out the cards that would stand alone in a last, unfilled row (at each width). */
  fillRows?: boolean;
}) {
  const n = events.length;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event, index) => (
        <li key={event.id} className={fillRows ? rowFillClass(index, n) : undefined}>
          <EventCard
            event={event}
            eager={index < eagerCount}
            priority={index === 0 && eagerCount > 0}
            headingLevel={headingLevel}
            terms={terms}
          />
        </li>
      ))}
    </ul>
  );
}

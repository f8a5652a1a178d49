import type { Availability, EventDetail, TicketType, Venue } from "@eventwerk/contract";
import { storageUrl } from "../components/lazy-image";

const schemaAvailability: Record<Availability, string> = {
  on_sale: "https://schema.org/InStock",
  sold_out: "https://schema.org/SoldOut",
  not_yet_on_sale: "https://schema.org/PreOrder",
  sale_ended: "https://schema.org/Discontinued",
};

/**
 * The absolute URL of an image's largest size (its widest `srcset` candidate, else `src`). Search
 * engines and link previews want one high-resolution image; listing the same picture's smaller
 * sizes as well told them nothing more and cost every event page ~130 bytes.
 */
export function largestImageUrl(origin: string, image: { src: string; srcset: string }): string {
  let largest = { path: image.src, width: 0 };
  for (const candidate of image.srcset.split(",")) {
    const [path, descriptor] = candidate.trim().split(/\s+/);
    const width = /^\d+w$/.test(descriptor ?? "") ? Number.parseInt(descriptor!, 10) : 0;
    if (path && width > largest.width) largest = { path, width };
  }
  return origin + storageUrl(largest.path);
}

/** Cents as a decimal amount of euros, e.g. 1290 → "12.90". */
const euroDecimal = (cents: number) => (cents / 100).toFixed(2);

/**
 * The schema.org Event of an event page (https://schema.org/Event), described as its meta
 * description is: the page's data carries the description once, as HTML.
 */
export function eventJsonLd(
  event: Pick<
    EventDetail,
    "title" | "starts_at" | "ends_at" | "status" | "cover" | "organiser" | "age_limit"
  > & {
    venue: Omit<Venue, "id" | "city_id">;
    ticket_types: Pick<
      TicketType,
      "name" | "price_cents" | "discount_price_cents" | "availability" | "sales_start"
    >[];
  },
  description: string,
  url: string,
  origin: string,
) {
  const venue = event.venue;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description,
    url,
    startDate: event.starts_at,
    endDate: event.ends_at,
    eventStatus:
      event.status === "cancelled"
        ? "https://schema.org/EventCancelled"
        : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    image: largestImageUrl(origin, event.cover),
    location: {
      "@type": "Place",
      name: venue.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: venue.address_line,
        postalCode: venue.postal_code,
        addressLocality: venue.city_name,
        addressCountry: venue.country_code,
      },
      geo: {
        "@type": "GeoCoordinates",
        latitude: venue.latitude,
        longitude: venue.longitude,
      },
    },
    offers: event.ticket_types.map((ticket) => ({
      "@type": "Offer",
      name: ticket.name,
      price: euroDecimal(ticket.discount_price_cents ?? ticket.price_cents),
      priceCurrency: "EUR",
      availability: schemaAvailability[ticket.availability],
      url,
      ...(ticket.sales_start ? { validFrom: ticket.sales_start } : {}),
    })),
    organizer: { "@type": "Organization", name: event.organiser.name },
    ...(event.age_limit ? { typicalAgeRange: `${event.age_limit}-` } : {}),
  };
}

import type { ApiClient, Locale } from "@eventwerk/contract";
import {
  berlinIso,
  berlinIsoKeeping,
  centsOf,
  decimal,
  numberOrNull,
} from "../../lib/panel-values";

/** The fields of the event form, named as the API names them. */
export const eventFields = [
  "title_de",
  "title_en",
  "description_de",
  "description_en",
  "category_id",
  "venue_id",
  "starts_at",
  "ends_at",
  "age_limit",
] as const;
export type EventField = (typeof eventFields)[number];

/**
 * What the event form typed, as the API's event input; the API validates every field. `stored`:
 * the times the edit form was filled from (its hidden fields), kept while they are unchanged.
 */
export const eventPayload = (
  values: Record<EventField, string>,
  stored: { starts_at?: string; ends_at?: string } = {},
) => ({
  title_de: values.title_de,
  title_en: values.title_en,
  description_de: values.description_de,
  description_en: values.description_en,
  // Nothing chosen: left out, so the API says a new event's field is required (the edit form's
  // selects always hold a choice).
  category_id: numberOrNull(values.category_id) ?? undefined,
  venue_id: numberOrNull(values.venue_id) ?? undefined,
  starts_at: berlinIsoKeeping(values.starts_at, stored.starts_at) ?? "",
  ends_at: berlinIsoKeeping(values.ends_at, stored.ends_at) ?? "",
  age_limit: numberOrNull(values.age_limit),
});

export const ticketTypeFields = [
  "name_de",
  "name_en",
  "price",
  "vat_percent",
  "capacity",
  "sales_start",
  "sales_end",
  "max_per_order",
  "sort_order",
] as const;
export type TicketTypeField = (typeof ticketTypeFields)[number];

export const ticketTypePayload = (values: Record<TicketTypeField, string>) => ({
  name_de: values.name_de,
  name_en: values.name_en,
  price_cents: centsOf(values.price),
  vat_percent: decimal(values.vat_percent),
  capacity: numberOrNull(values.capacity) ?? Number.NaN,
  sales_start: berlinIso(values.sales_start),
  sales_end: berlinIso(values.sales_end),
  max_per_order: numberOrNull(values.max_per_order) ?? 10,
  sort_order: numberOrNull(values.sort_order) ?? 0,
});

/** The API names the price `price_cents`; the form's field is `price` (in euros). */
export const ticketTypeErrorNames = { price_cents: "price" } as const;

export const voucherFields = ["code", "kind", "value", "max_uses", "valid_until"] as const;
export type VoucherField = (typeof voucherFields)[number];

export const voucherPayload = (values: Record<VoucherField, string>) => ({
  code: values.code,
  kind: values.kind === "fixed" ? ("fixed" as const) : ("percent" as const),
  value:
    values.kind === "fixed" ? centsOf(values.value) : (numberOrNull(values.value) ?? Number.NaN),
  max_uses: numberOrNull(values.max_uses),
  valid_until: berlinIso(values.valid_until),
});

export const venueFields = [
  "venue_name",
  "venue_address_line",
  "venue_postal_code",
  "venue_city_id",
  "venue_latitude",
  "venue_longitude",
] as const;
export type VenueField = (typeof venueFields)[number];

export const venuePayload = (values: Record<VenueField, string>) => ({
  name: values.venue_name,
  address_line: values.venue_address_line,
  postal_code: values.venue_postal_code,
  // None chosen: left out, so that the API says the field is required (not "a number").
  city_id: numberOrNull(values.venue_city_id) ?? undefined,
  latitude: decimal(values.venue_latitude),
  longitude: decimal(values.venue_longitude),
});

/** Choices of the event form: categories, the venues the organiser may use, and cities. */
export async function eventChoices(api: ApiClient, locale: Locale) {
  const [categories, venues, countries] = await Promise.all([
    api.eventCategories(),
    api.panel.venues(),
    api.countries(),
  ]);
  const home = countries.data.find((country) => country.code === "DE") ?? countries.data[0];
  const cities = home ? (await api.cities(home.id)).data : [];
  return {
    categories: categories.data.map((category) => ({ value: category.id, label: category.name })),
    venues: venues.data.map((venue) => ({
      value: venue.id,
      label: `${venue.name} (${venue.city_name})`,
    })),
    cities: cities.map((city) => ({ value: city.id, label: city.name })),
    locale,
  };
}

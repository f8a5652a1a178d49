import type { Locale } from "@eventwerk/contract";
import { and, eq } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import { cities, countries, districts } from "../db/schema.ts";
import { fieldError } from "./http-error.ts";

/** Picks the column of a translated field for the request's language. */
export const pick = <T extends { nameDe: string; nameEn: string }>(row: T, locale: Locale) =>
  locale === "en" ? row.nameEn : row.nameDe;

/** Checks that the city lies in the country and the district in the city; 400 on the field if not. */
export async function checkPlace(
  db: Database | Transaction,
  place: { country_id: number; city_id: number; district_id?: number | null },
  prefix = "",
): Promise<void> {
  const [country] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, place.country_id));
  if (!country) throw fieldError(`${prefix}country_id`, "unknown_country");
  const [city] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, place.city_id), eq(cities.countryId, place.country_id)));
  if (!city) throw fieldError(`${prefix}city_id`, "unknown_city");
  if (place.district_id != null) {
    const [district] = await db
      .select({ id: districts.id })
      .from(districts)
      .where(and(eq(districts.id, place.district_id), eq(districts.cityId, place.city_id)));
    if (!district) throw fieldError(`${prefix}district_id`, "unknown_district");
  }
}

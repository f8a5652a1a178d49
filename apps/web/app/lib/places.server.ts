import type { ApiClient } from "@eventwerk/contract";
import type { PlaceValues } from "../components/place-fields";
import { optionalId } from "./forms";

/**
 * The lists the place selects start with: all countries, and the cities and districts of the
 * chosen country and city (so a form shown again after an error, or without JavaScript, has them).
 */
export async function placeLists(api: ApiClient, values: PlaceValues) {
  const countryId = optionalId(values.country_id);
  const cityId = optionalId(values.city_id);
  const [countries, cities, districts] = await Promise.all([
    api.countries(),
    countryId ? api.cities(countryId).catch(() => ({ data: [] })) : { data: [] },
    cityId ? api.districts(cityId).catch(() => ({ data: [] })) : { data: [] },
  ]);
  return { countries: countries.data, cities: cities.data, districts: districts.data };
}

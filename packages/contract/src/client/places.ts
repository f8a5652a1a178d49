import { z } from "zod";
import { dataOf } from "../common.ts";
import { citySchema, countrySchema, districtSchema } from "../geo.ts";
import { apiPaths } from "../paths.ts";
import type { Transport } from "./transport.ts";

/** Countries, their cities and the cities' districts. */
export const placeCalls = ({ get }: Transport) => ({
  countries: () => get(apiPaths.countries, dataOf(z.array(countrySchema))),
  cities: (countryId: number) =>
    get(apiPaths.cities, dataOf(z.array(citySchema)), { country_id: countryId }),
  districts: (cityId: number) =>
    get(apiPaths.districts, dataOf(z.array(districtSchema)), { city_id: cityId }),
  country: (id: number) => get(apiPaths.countrySingle, dataOf(countrySchema), { id }),
  city: (id: number) => get(apiPaths.citySingle, dataOf(citySchema), { id }),
  district: (id: number) => get(apiPaths.districtSingle, dataOf(districtSchema), { id }),
});

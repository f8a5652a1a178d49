import { cityQuerySchema, districtQuerySchema } from "@eventwerk/contract";
import { apiFor } from "../api.server";
import type { Route } from "./+types/places";

/**
 * `/places.json?country_id=` answers the cities of a country, `?city_id=` the districts of a
 * city, in the page's language (`lang`): what the cascading place selects load on a change.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = Object.fromEntries(url.searchParams);
  const locale = query.lang === "en" ? "en" : "de";
  const api = await apiFor(context, { locale });
  const headers = { "Cache-Control": "public, max-age=300" };
  const country = cityQuerySchema.safeParse(query);
  if (country.success)
    return Response.json(
      { options: (await api.cities(country.data.country_id)).data },
      { headers },
    );
  const city = districtQuerySchema.safeParse(query);
  if (city.success)
    return Response.json({ options: (await api.districts(city.data.city_id)).data }, { headers });
  return Response.json(
    { error: { code: "validation_failed", message: "country_id or city_id is required" } },
    { status: 400 },
  );
}

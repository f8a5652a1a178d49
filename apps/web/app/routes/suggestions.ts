import { publicCacheControl } from "@eventwerk/contract/constants";
import { ApiError, apiFor } from "../api.server";
import type { Route } from "./+types/suggestions";

/**
 * `/suggestions.json?q=&lang=` answers the search field's suggestions in the page's language
 * (`lang`), from the API's cached public read; the API's 400 (too short, too long, control
 * characters) is passed on as it is.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = url.searchParams;
  const locale = query.get("lang") === "en" ? "en" : "de";
  const api = await apiFor(context, { locale });
  try {
    const { data } = await api.searchSuggestions(query.get("q") ?? "");
    return Response.json(data, { headers: { "Cache-Control": publicCacheControl } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return Response.json(error.body, { status: 400 });
    throw error;
  }
}

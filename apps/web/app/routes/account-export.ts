import { apiFor } from "../api.server";
import { requestState } from "../context";
import { privatePageCache } from "../lib/page-cache";
import type { Route } from "./+types/account-export";

/**
 * `/account-data.json?lang=`: the signed-in visitor's data export from the API, as a download,
 * with its translated names (events, places, categories) in the page's language (`lang`: the
 * address has no language of its own).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const state = context.get(requestState);
  const headers = { "Cache-Control": privatePageCache };
  if (!state.user) {
    return Response.json(
      { error: { code: "unauthorized", message: "Please log in." } },
      { status: 401, headers },
    );
  }
  const locale = url.searchParams.get("lang") === "en" ? "en" : "de";
  const { data } = await (await apiFor(context, { locale })).exportAccount();
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="account-data-${data.exported_at.slice(0, 10)}.json"`,
    },
  });
}

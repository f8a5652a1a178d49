import { apiFor } from "../api.server";
import { requestState } from "../context";
import { privatePageCache } from "../lib/page-cache";
import type { Route } from "./+types/account-export";

/** `/account-data.json`: the signed-in visitor's data export from the API, as a download. */
export async function loader({ context }: Route.LoaderArgs) {
  const state = context.get(requestState);
  const headers = { "Cache-Control": privatePageCache };
  if (!state.user) {
    return Response.json(
      { error: { code: "unauthorized", message: "Please log in." } },
      { status: 401, headers },
    );
  }
  const { data } = await (await apiFor(context)).exportAccount();
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="account-data-${data.exported_at.slice(0, 10)}.json"`,
    },
  });
}

import { toLocale } from "@eventwerk/contract";
import { data } from "react-router";
import { ApiError, apiFor } from "../../api.server";
import { requestState } from "../../context";
import type { Route } from "./+types/orders-csv";

/**
 * The orders CSV of one event, through the organiser's session (the API wants their token):
 * UTF-8 with a byte order mark, so German Excel reads the umlauts; in the language `?locale=`
 * names (the panel's page links it with its own).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const state = context.get(requestState);
  if (!state.user) throw data("Unauthorized", { status: 401 });
  const eventId = url.searchParams.get("event") ?? "";
  if (!/^\d{1,9}$/.test(eventId)) throw data("Page Not Found", { status: 404 });
  const query: Record<string, string> = {};
  for (const name of ["q", "status", "ticket_type_id", "from", "to"]) {
    const value = url.searchParams.get(name);
    if (value) query[name] = value;
  }
  try {
    const locale = toLocale(url.searchParams.get("locale"));
    const csv = await (await apiFor(context, { locale })).panel.ordersCsv(Number(eventId), query);
    // fetch's text() drops the BOM: it goes back on here.
    const body = csv.startsWith("\uFEFF") ? csv : `\uFEFF${csv}`;
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="orders-${eventId}.csv"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      throw data(error.message, { status: error.status === 403 ? 404 : error.status });
    }
    throw error;
  }
}

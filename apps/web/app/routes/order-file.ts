import { fillPath, type Locale, toLocale } from "@eventwerk/contract";
import { data } from "react-router";
import { ApiError, apiFor } from "../api.server";
import { privatePageCache } from "../lib/page-cache";
import { resources } from "../route-table";
import type { Route } from "./+types/order-file";
import { orderIdOf, orderTokenFromCookie } from "./checkout.server";

const ticketFile = /^ticket-(\d{1,10})\.pdf$/;

/** The return page's link to a file of a paid order (`file`: all tickets, one ticket, calendar). */
export const orderFilePath = (
  orderId: number,
  file: "tickets.pdf" | "calendar.ics" | `ticket-${number}.pdf`,
  locale: Locale,
) => `${fillPath(resources.orderFile.path, { id: orderId, file })}?locale=${locale}`;

/**
 * `/order-files/:id/:file`: a paid order's tickets (PDF, all or one) and its event (.ics), fetched
 * from the API with the buyer's login or the guest's order cookie, so neither token ever reaches
 * the browser or a link. Someone else's order answers 404, as in the API.
 */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const orderId = orderIdOf(params.id);
  const ticket = ticketFile.exec(params.file);
  const ticketId = ticket ? orderIdOf(ticket[1]) : null;
  if (
    orderId === null ||
    !(params.file === "tickets.pdf" || params.file === "calendar.ics" || ticketId !== null)
  ) {
    throw data("Page Not Found", { status: 404 });
  }
  const locale = toLocale(url.searchParams.get("locale"));
  const token = orderTokenFromCookie(request, orderId);
  const { checkout } = await apiFor(context, { locale });
  try {
    const file =
      params.file === "calendar.ics"
        ? await checkout.orderCalendar(orderId, token)
        : await checkout.ticketsPdf(orderId, { token, ticketId: ticketId ?? undefined });
    // A copy on its own ArrayBuffer, as a Response body must be.
    return new Response(new Uint8Array(file.body), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename ?? params.file}"`,
        "Cache-Control": privatePageCache,
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // Not paid yet (409) is the buyer's own order: they may read it; anything else is nobody's.
      throw data(error.message, { status: error.status === 409 ? 409 : 404 });
    }
    throw error;
  }
}

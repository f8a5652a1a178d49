import { ApiError, type Locale, scanSchema, syncSchema, toLocale } from "@eventwerk/contract";
import { z } from "zod";
import doorDe from "../../i18n/messages/de/door.json";
import errorsDe from "../../i18n/messages/de/errors.json";
import doorEn from "../../i18n/messages/en/door.json";
import errorsEn from "../../i18n/messages/en/errors.json";
import { privatePageCache } from "../../lib/page-cache";
import type { Route } from "./+types/scanner-data";
import { doorClient, doorToken, linkRefused, refusedDoorCookie } from "./door.server";

const headers = { "Cache-Control": privatePageCache };

/** The scanner page's language (`?locale=`): ticket types, names and verdicts in it. */
const pageLocale = (url: URL) => toLocale(url.searchParams.get("locale"));

/** The API's answer to a failed call, passed on as it is (the one error shape). */
function failure(error: unknown): Response {
  if (!(error instanceof ApiError)) throw error;
  const refused = linkRefused(error);
  return Response.json(error.body, {
    status: error.status,
    headers: refused ? { ...headers, "Set-Cookie": refusedDoorCookie() } : headers,
  });
}

/** The refusals this route makes itself, in the page's language as the API's are. */
const refusals = {
  de: { noLink: doorDe.noLinkText, malformed: errorsDe.badRequestMessage },
  en: { noLink: doorEn.noLinkText, malformed: errorsEn.badRequestMessage },
} satisfies Record<Locale, Record<string, string>>;

const unauthorized = (locale: Locale) =>
  Response.json(
    { error: { code: "unauthorized", message: refusals[locale].noLink } },
    { status: 401, headers },
  );

/**
 * `GET /door-scanner.json?locale=`: what the scanner keeps for offline scanning (the session with its
 * counters, the event's tickets, the public keys), with the door link's cookie.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const token = doorToken(request);
  if (!token) return unauthorized(pageLocale(url));
  const api = doorClient(context, token, pageLocale(url));
  try {
    const [session, tickets, keys] = await Promise.all([
      api.door.session(),
      api.door.tickets(),
      api.checkout.ticketKeys(),
    ]);
    return Response.json(
      { session: session.data, tickets: tickets.data, keys: keys.data },
      { headers },
    );
  } catch (error) {
    return failure(error);
  }
}

const bodySchema = z.union([z.object({ scan: scanSchema }), syncSchema]);

/**
 * `POST /door-scanner.json`: one scan (`{ scan }`) or the offline queue (`{ scans }`) as JSON in
 * the form field `body` (the site takes form posts only), passed to the API. The cookie is
 * SameSite=Lax and the site checks every post's Origin, so no other site can post here.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const locale = pageLocale(url);
  const token = doorToken(request);
  if (!token) return unauthorized(locale);
  const field = (await request.formData()).get("body");
  let json: unknown = null;
  try {
    json = typeof field === "string" ? JSON.parse(field) : null;
  } catch {
    json = null;
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) {
    return Response.json(
      { error: { code: "validation_failed", message: refusals[locale].malformed } },
      { status: 400, headers },
    );
  }
  const api = doorClient(context, token, locale);
  try {
    const answer =
      "scan" in parsed.data
        ? await api.door.scan(parsed.data.scan)
        : await api.door.sync(parsed.data);
    return Response.json(answer.data, { headers });
  } catch (error) {
    return failure(error);
  }
}

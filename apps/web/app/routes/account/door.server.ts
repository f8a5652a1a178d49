import {
  type ApiClient,
  ApiError,
  type DoorLink,
  doorLinkRefusal,
  isActiveOrganiser,
} from "@eventwerk/contract";
import { data, type RouterContextProvider } from "react-router";
import { requestState } from "../../context";
import { optionalId } from "../../lib/forms";
import { decimal } from "../../lib/panel-values";
import { qrSvg } from "../../lib/qr-code.server";
import { pathTo } from "../../route-table";
import { signedInUser } from "./account.server";

/**
 * The door screen is an approved organiser's; for anyone else it does not exist. A suspended
 * organiser's links keep scanning, but they make and revoke none and the API shows them none:
 * their panel says why.
 */
export function requireOrganiser(context: Readonly<RouterContextProvider>) {
  const user = signedInUser(context);
  if (!isActiveOrganiser(user.organiser)) throw data(null, { status: 404 });
  return user;
}

export const doorFieldNames = ["gate", "mode", "expires_in_hours"] as const;
export type DoorField = (typeof doorFieldNames)[number];

/** What the create form sent, as the API takes it (the API validates and names bad fields). */
export function linkInput(values: Record<DoorField, string>) {
  const hours = values.expires_in_hours.trim();
  return {
    ...(values.gate.trim() ? { gate: values.gate } : {}),
    mode: values.mode === "entry_exit" ? ("entry_exit" as const) : ("entry" as const),
    // As typed ("-5", "1,5"), so that the API names the range or "a whole number".
    ...(hours ? { expires_in_hours: decimal(hours) } : {}),
  };
}

/** The scanner's address for a new link, and its QR code for a phone to open it. */
export async function linkToShare(
  request: Request,
  context: Readonly<RouterContextProvider>,
  link: DoorLink,
) {
  const { locale } = context.get(requestState);
  const url = new URL(pathTo("door-scanner", locale), request.url);
  url.searchParams.set("link", link.token ?? "");
  return {
    url: url.toString(),
    qr: await qrSvg(url.toString()),
  };
}

/** Past events per page of the door screen's list. */
const pastPerPage = 10;

/**
 * The chosen event (`?event=`), the first upcoming one otherwise, with its links and scan log;
 * and a page (`?past_page=`) of the events whose doors have closed, whose logs stay reachable.
 * Any other event of the organiser is chosen by id (a past or a cancelled one: the panel links
 * to it too); its log names it.
 */
export async function doorScreen(api: ApiClient, url: URL) {
  const pastPage = optionalId(url.searchParams.get("past_page") ?? undefined) ?? 1;
  const [upcoming, past] = await Promise.all([
    api.door.events({ per_page: 100 }),
    api.door.events({ when: "past", page: pastPage, per_page: pastPerPage }),
  ]);
  const events = upcoming.data;
  const chosen = optionalId(url.searchParams.get("event") ?? undefined);
  const pastList = { events: past.data, page: past.meta.page, pages: past.meta.pages };
  const upcomingEvent = events.find((entry) => entry.id === chosen) ?? null;
  const pastLog = !upcomingEvent && chosen ? await logOf(api, chosen) : null;
  const event = upcomingEvent ?? pastLog?.event ?? events[0] ?? null;
  if (!event) return { events, past: pastList, event: null, refusal: null, links: [], log: [] };
  const [links, log] = await Promise.all([
    api.door.links(event.id),
    pastLog ?? api.door.log(event.id),
  ]);
  return {
    events,
    past: pastList,
    event,
    // Why no new links, as the API would refuse them: a draft, a cancelled event, closed doors.
    refusal: doorLinkRefusal(
      {
        status: event.status,
        endsAt: new Date(event.ends_at),
        hasSoldTickets: event.has_sold_tickets,
      },
      new Date(),
    ),
    links: links.data,
    log: log.data.slice(0, 100),
  };
}

/** An event's log, or null when the organiser has no such event (the screen shows its first). */
async function logOf(api: ApiClient, eventId: number) {
  try {
    return await api.door.log(eventId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

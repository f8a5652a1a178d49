import type { ApiClient, DoorLink } from "@eventwerk/contract";
import QRCode from "qrcode";
import { data, type RouterContextProvider } from "react-router";
import { requestState } from "../../context";
import { optionalId } from "../../lib/forms";
import { pathTo } from "../../route-table";
import { signedInUser } from "./account.server";

/** The door screen is an approved organiser's; for anyone else it does not exist. */
export function requireOrganiser(context: Readonly<RouterContextProvider>) {
  const user = signedInUser(context);
  if (user.organiser?.approval_status !== "approved") throw data(null, { status: 404 });
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
    ...(hours ? { expires_in_hours: /^\d+$/.test(hours) ? Number(hours) : Number.NaN } : {}),
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
    qr: await QRCode.toString(url.toString(), { type: "svg", margin: 1 }),
  };
}

/** The chosen event (`?event=`), the first one otherwise, with its links and scan log. */
export async function doorScreen(api: ApiClient, url: URL) {
  const events = (await api.door.events()).data;
  const chosen = optionalId(url.searchParams.get("event") ?? undefined);
  const event = events.find((entry) => entry.id === chosen) ?? events[0] ?? null;
  if (!event) return { events, event: null, links: [], log: [] };
  const [links, log] = await Promise.all([api.door.links(event.id), api.door.log(event.id)]);
  return { events, event, links: links.data, log: log.data.slice(0, 100) };
}

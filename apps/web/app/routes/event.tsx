import { data } from "react-router";
import { matchPage } from "../route-table";
import type { Route } from "./+types/event";

/** `/:slug-evx-:id`: any other single-segment path that reaches this route is a 404. */
export function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const match = matchPage(pathname);
  if (match?.page.key !== "event" || !/^\d+$/.test(match.params.id ?? "")) {
    throw data(`Page not found: ${pathname}`, { status: 404 });
  }
  return { id: Number(match.params.id), slug: match.params.slug! };
}

export default function Page() {
  return <main id="main" />;
}

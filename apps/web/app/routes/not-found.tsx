import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Every path no page matches: a real 404 with the message 'Page not found: {path}'. */
export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}

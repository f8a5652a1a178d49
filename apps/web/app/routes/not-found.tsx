import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Every path no page matches: a real 404 with the message 'Page not found: {path}'. */
export function loader({ url }: Route.LoaderArgs) {
  throw data(`Page not found: ${url.pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}

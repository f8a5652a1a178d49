import type { Route } from "./+types/not-found";

/** Every path no other route matches answers 404; the root ErrorBoundary renders it. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  throw new Response(`Page not found: ${pathname}`, {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

export default function NotFound() {
  return null;
}

import { publicOrigin } from "../config.server";
import { pathTo, resources } from "../route-table";
import type { Route } from "./+types/robots";

/** `/robots.txt`: everything may be crawled except the account and the organiser panel. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const disallowed = (["account", "panel"] as const).flatMap((key) => [
    pathTo(key, "de"),
    pathTo(key, "en"),
  ]);
  const body = [
    "User-agent: *",
    "Allow: /",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}${resources.sitemap.path}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

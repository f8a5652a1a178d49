import { layout, type RouteConfig, route } from "@react-router/dev/routes";
import { type layouts, pages, redirects, resources, routerPath } from "./route-table";

/** Both languages of every page of the route table, each under its layout. */
const pageRoutes = (layoutName: (typeof layouts)[number]) =>
  pages
    .filter((entry) => entry.layout === layoutName)
    .flatMap((entry) => [
      route(routerPath(entry.de), entry.module, { id: `${entry.key}.de` }),
      route(routerPath(entry.en), entry.module, { id: `${entry.key}.en` }),
    ]);

export default [
  layout("layouts/default.tsx", [
    ...pageRoutes("default"),
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  layout("layouts/panel-iframe.tsx", pageRoutes("panel-iframe")),
  ...redirects.map((entry) =>
    route(entry.from, "routes/redirect.ts", { id: `redirect${entry.from}` }),
  ),
  route(resources.logout.de, resources.logout.module, { id: "logout.de" }),
  route(resources.logout.en, resources.logout.module, { id: "logout.en" }),
  route(resources.buildManifest.path, resources.buildManifest.module, { id: "build-manifest" }),
  route(resources.sitemap.path, resources.sitemap.module, { id: "sitemap" }),
  route(resources.robots.path, resources.robots.module, { id: "robots" }),
  route(resources.places.path, resources.places.module, { id: "places" }),
  route(resources.accountExport.path, resources.accountExport.module, { id: "account-export" }),
] satisfies RouteConfig;

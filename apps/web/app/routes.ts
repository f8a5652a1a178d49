import { layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import {
  type AreaName,
  areaNames,
  areas,
  pages,
  redirects,
  resources,
  routerPath,
} from "./route-table";

/** Routes an area holds besides its pages: the site answers unknown paths with its 404 page. */
const extras: Partial<Record<AreaName, RouteConfigEntry[]>> = {
  site: [route("*", "routes/not-found.tsx", { id: "not-found" })],
};

/**
 * An area's pages (both languages of each) and its child areas, inside the area's layout; an area
 * without a layout of its own puts its routes straight into its parent's (or, without a parent,
 * under the root).
 */
function areaRoutes(name: AreaName): RouteConfigEntry[] {
  const children = [
    ...pages
      .filter((entry) => entry.area === name)
      .flatMap((entry) => [
        route(routerPath(entry.de), entry.module, { id: `${entry.key}.de` }),
        route(routerPath(entry.en), entry.module, { id: `${entry.key}.en` }),
      ]),
    ...areaNames.filter((child) => areas[child].parent === name).flatMap(areaRoutes),
    ...(extras[name] ?? []),
  ];
  const module = areas[name].layout;
  return module ? [layout(module, children)] : children;
}

export default [
  ...areaNames.filter((name) => areas[name].parent === null).flatMap(areaRoutes),
  ...redirects.map((entry) =>
    route(entry.from, "routes/redirect.ts", { id: `redirect${entry.from}` }),
  ),
  route(resources.logout.de, resources.logout.module, { id: "logout.de" }),
  route(resources.logout.en, resources.logout.module, { id: "logout.en" }),
  route(resources.buildManifest.path, resources.buildManifest.module, { id: "build-manifest" }),
  route(resources.sitemap.path, resources.sitemap.module, { id: "sitemap" }),
  route(resources.robots.path, resources.robots.module, { id: "robots" }),
  route(resources.places.path, resources.places.module, { id: "places" }),
  route(resources.suggestions.path, resources.suggestions.module, { id: "suggestions" }),
  route(resources.panelOrdersCsv.path, resources.panelOrdersCsv.module, { id: "panel-orders-csv" }),
  route(resources.accountExport.path, resources.accountExport.module, { id: "account-export" }),
  route(resources.orderFile.path, resources.orderFile.module, { id: "order-file" }),
  route(resources.doorData.path, resources.doorData.module, { id: "door-data" }),
  route(resources.routeManifest.path, resources.routeManifest.module, { id: "route-manifest" }),
  route(resources.pageMessages.path, resources.pageMessages.module, { id: "page-messages" }),
  route(resources.embedScript.path, resources.embedScript.module, { id: "embed-script" }),
] satisfies RouteConfig;

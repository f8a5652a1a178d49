import { ApiError } from "@eventwerk/contract";
import { data } from "react-router";
import { apiFor } from "../api.server";
import { CmsArticle, cmsMeta } from "../components/cms-article";
import { cmsPageData } from "../lib/sanitize.server";
import { matchPage } from "../route-table";
import { pageMeta } from "../seo";
import type { Route } from "./+types/cms-page";

const notFound = (pathname: string) => data(`Page not found: ${pathname}`, { status: 404 });

/** A page of the route table with a `cms` key: its text is the CMS page with that key. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { pathname } = url;
  const entry = matchPage(pathname)?.page;
  const key = entry && "cms" in entry ? entry.cms : undefined;
  if (!key) throw notFound(pathname);
  const api = await apiFor(context);
  const menus = (await api.menus()).data;
  const summary = [...menus.header, ...menus.footer].find((item) => item.key === key);
  if (!summary) throw notFound(pathname);
  try {
    return cmsPageData((await api.page(summary.id)).data);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(pathname);
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, cmsMeta(args.loaderData));

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  return <CmsArticle page={loaderData} />;
}

import { ApiError } from "@eventwerk/contract";
import { data } from "react-router";
import { apiFor } from "../api.server";
import { CmsArticle, cmsMeta } from "../components/cms-article";
import { cmsPageData } from "../lib/sanitize.server";
import { pageMeta } from "../seo";
import type { Route } from "./+types/content-page";

/** Ids are PostgreSQL integers; anything else names no page. */
const maxId = 2_147_483_647;

/** `/pages/:id`: any CMS page by its numeric id. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { pathname } = url;
  const notFound = () => data(`Page not found: ${pathname}`, { status: 404 });
  if (!/^\d{1,10}$/.test(params.id)) throw notFound();
  const id = Number(params.id);
  if (id < 1 || id > maxId) throw notFound();
  try {
    return cmsPageData((await (await apiFor(context)).page(id)).data);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw notFound();
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, cmsMeta(args.loaderData));

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <CmsArticle page={loaderData} />;
}

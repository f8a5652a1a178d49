import { localeSchema } from "@eventwerk/contract";
import { data } from "react-router";
import { z } from "zod";
import { messagesOfPage } from "../i18n/messages.server";
import { type PageKey, pages } from "../route-table";
import type { Route } from "./+types/page-messages";

/** A page's key, or "none" for a path without a page (`messagesPath`). */
const paramsSchema = z.object({
  build: z.string(),
  locale: localeSchema,
  page: z.enum(["none", ...pages.map((page) => page.key)]),
});

/**
 * `/i18n/:build/:locale/:page`: the messages a page renders (`messagesOfPage`), as JSON. The
 * build's id in the path lets browsers keep them for good; a page of an older build gets the
 * current messages, kept only until the next visit.
 */
export function loader({ params }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw data("Not found", { status: 404 });
  const { build, locale, page } = parsed.data;
  const messages = messagesOfPage(locale, page === "none" ? null : (page as PageKey));
  return Response.json(messages, {
    headers: {
      "Cache-Control": build === __BUILD_ID__ ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}

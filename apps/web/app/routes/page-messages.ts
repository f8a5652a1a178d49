import { data } from "react-router";
import { messagesOfPage } from "../i18n/messages.server";
import { type PageKey, pages } from "../route-table";
import type { Route } from "./+types/page-messages";

const pageKeys = new Set<string>(pages.map((page) => page.key));

/**
 * `/i18n/:build/:locale/:page`: the messages a page renders (`messagesOfPage`), as JSON. The
 * build's id in the path lets browsers keep them for good; a page of an older build gets the
 * current messages, kept only until the next visit.
 */
export function loader({ params }: Route.LoaderArgs) {
  const { build, locale, page } = params;
  if ((locale !== "de" && locale !== "en") || (page !== "none" && !pageKeys.has(page))) {
    throw data("Not found", { status: 404 });
  }
  const messages = messagesOfPage(locale, page === "none" ? null : (page as PageKey));
  return Response.json(messages, {
    headers: {
      "Cache-Control": build === __BUILD_ID__ ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}

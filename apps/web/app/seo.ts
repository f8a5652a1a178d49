import type { MetaDescriptor } from "react-router";
import { createTranslator } from "use-intl";
import { messagesAt } from "./i18n/page-messages";
import type { Messages } from "./i18n/types";
import type { RootData } from "./root";
import { matchPage } from "./route-table";

type MetaKey = keyof Messages["meta"];

type Match = { id: string; loaderData?: unknown } | undefined;

/**
 * Title, description, Open Graph and Twitter tags of a page. The title and description come
 * from the `meta` catalogue by the page the URL matches in the route table, unless the page
 * passes its own; both carry the site's name.
 */
export function pageMeta(
  {
    matches,
    location,
    error,
  }: { matches: readonly Match[]; location: { pathname: string }; error?: unknown },
  own: { title?: string; description?: string } = {},
): MetaDescriptor[] {
  const root = matches[0]?.loaderData as RootData | undefined;
  if (!root) return [];
  const routeKey = (error ? null : matchPage(location.pathname)?.page.key) ?? "not-found";
  const messages = messagesAt(root.messagesPath);
  const key = routeKey in messages.meta ? (routeKey as MetaKey) : null;
  const t = createTranslator({ locale: root.locale, messages, namespace: "meta" });
  const common = createTranslator({ locale: root.locale, messages, namespace: "common" });
  const site = root.siteName;
  const title =
    own.title !== undefined
      ? `${own.title} – ${site}`
      : key
        ? `${t(`${key}.title`)} – ${site}`
        : `${site} – ${common("siteTagline")}`;
  // The description carries the product name, as the title does.
  const described = own.description ?? (key ? t(`${key}.description`) : null);
  const description = described ? `${described} – ${site}` : common("siteDescription", { site });
  const image = `${root.origin}/share-image.png`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: site },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: root.locale === "en" ? "en_GB" : "de_DE" },
    { property: "og:image", content: image },
    // X (Twitter) reads the title, description and image from the Open Graph tags above.
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

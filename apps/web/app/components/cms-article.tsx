import { useTranslations } from "use-intl";
import { useFormat } from "../lib/intl-format";

export type CmsPageData = {
  title: string;
  /** Sanitised on the server (lib/sanitize.server.ts). */
  html: string;
  description?: string;
  updatedAt: string;
};

/** The page's own title and description for `pageMeta`. */
export const cmsMeta = (page: CmsPageData | undefined) =>
  page ? { title: page.title, description: page.description } : {};

/** A CMS page: its title, the sanitised HTML and when it was last changed. */
export function CmsArticle({ page }: { page: CmsPageData }) {
  const t = useTranslations("cms");
  const format = useFormat();
  const updated = new Date(page.updatedAt);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <article>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.title}</h1>
        {!Number.isNaN(updated.getTime()) && (
          // Dates may come out of the browser's ICU slightly unlike Node's.
          <p className="mt-2 text-sm text-muted" suppressHydrationWarning>
            {t("updated", { date: format.dateTime(updated, { dateStyle: "long" }) })}
          </p>
        )}
        <div
          className="prose-cms mt-8 text-neutral-800 dark:text-neutral-200"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: only the tags and link schemes sanitize.server.ts allows
          dangerouslySetInnerHTML={{ __html: page.html }}
        />
      </article>
    </main>
  );
}

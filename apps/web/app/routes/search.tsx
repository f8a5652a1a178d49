import { Search as SearchIcon, SearchX } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../hooks";
import { EmptyState, PageHeader } from "../lib/page-parts";

export default function Search() {
  const t = useTranslations("search");
  const { to } = usePaths();
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <Form
        method="get"
        action={to("search")}
        role="search"
        className="flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex-1 space-y-1">
          <label htmlFor="search-q" className="block font-medium">
            {t("label")}
          </label>
          <input
            key={q}
            id="search-q"
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t("placeholder")}
            className="field"
          />
        </div>
        <button type="submit" className="button-primary">
          <SearchIcon aria-hidden="true" className="size-5" />
          {t("submit")}
        </button>
      </Form>
      <section aria-labelledby="search-results">
        <h2 id="search-results" className="sr-only">
          {t("resultsHeading")}
        </h2>
        {q ? (
          <EmptyState
            icon={SearchX}
            headingLevel={3}
            title={t("noResultsTitle", { q })}
            actions={
              <>
                <Link to={to("events")} className="button-secondary">
                  {t("allEvents")}
                </Link>
                <Link to={to("event-categories")} className="button-secondary">
                  {t("categories")}
                </Link>
              </>
            }
          >
            <p>{t("noResultsText")}</p>
          </EmptyState>
        ) : (
          <EmptyState
            icon={SearchIcon}
            headingLevel={3}
            title={t("promptTitle")}
            actions={
              <Link to={to("events")} className="button-secondary">
                {t("allEvents")}
              </Link>
            }
          >
            <p>{t("promptText")}</p>
          </EmptyState>
        )}
      </section>
    </main>
  );
}

import { useTranslations } from "use-intl";
import { apiFor } from "../api.server";
import { AppLink } from "../components/app-link";
import { UpcomingCount, withUpcoming } from "../components/catalogue-parts";
import { LazyImage } from "../components/lazy-image";
import { EmptyState, mutedText, PageHeader } from "../components/page-parts";
import { hoverCardClass } from "../components/ui/card";
import { requestState } from "../context";
import { usePaths } from "../hooks";
import { withPageCache } from "../lib/cache.server";
import { pageHeaders } from "../lib/page-cache";
import type { Route } from "./+types/event-categories";

export const headers = pageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const api = await apiFor(context);
  const categories = await api.eventCategories();
  const { locale } = context.get(requestState);
  return withPageCache(context, {
    categories: categories.data.map(withUpcoming(locale)),
  });
}

export default function EventCategories({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("categories");
  const { to } = usePaths();
  const { categories } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      {categories.length === 0 ? (
        <EmptyState
          icon="tags"
          title={t("emptyTitle")}
          actions={
            <>
              <AppLink to={to("events")} className="button-secondary">
                {t("emptyEvents")}
              </AppLink>
              <AppLink to={to("cities")} className="button-secondary">
                {t("emptyCities")}
              </AppLink>
            </>
          }
        >
          <p>{t("emptyText")}</p>
        </EmptyState>
      ) : (
        <section aria-labelledby="categories-list">
          <h2 id="categories-list" className="sr-only">
            {t("listHeading")}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((category, index) => (
              <li key={category.id}>
                <article className={`${hoverCardClass} card-linked group h-full`}>
                  <LazyImage
                    src={category.image.src}
                    srcSet={category.image.srcset}
                    sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
                    width={category.image.width}
                    height={category.image.height}
                    relativeToApi
                    lazy={index >= 3}
                    alt=""
                    className="aspect-video w-full object-cover"
                  />
                  <div className="space-y-1 p-4">
                    <h3 className="text-lg font-semibold">
                      <AppLink
                        to={`${to("events")}?category=${encodeURIComponent(category.slug)}`}
                        aria-label={t("showEvents", { name: category.name })}
                        className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-primary-800 dark:group-hover:text-primary-300"
                      >
                        {category.name}
                      </AppLink>
                    </h3>
                    <p className={`text-sm ${mutedText}`}>
                      <UpcomingCount of={category} />
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

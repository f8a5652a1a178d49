import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { AppLink } from "../components/app-link";
import { Highlight, UpcomingCount } from "../components/catalogue-parts";
import { EventGrid } from "../components/event-card";
import { TextField } from "../components/form-field";
import { Icon } from "../components/icon";
import { EmptyState, linkClass, mutedText, PageHeader } from "../components/page-parts";
import { linkCardClass } from "../components/ui/card";
import { usePaths } from "../hooks";
import { withPageCache } from "../lib/cache.server";
import { pageHeaders } from "../lib/page-cache";
import type { Route } from "./+types/search";
import { searchResults } from "./search.server";

export const headers = pageHeaders;

export async function loader({ url, context }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").trim();
  return withPageCache(context, await searchResults(context, q));
}

type ShownResult = NonNullable<Awaited<ReturnType<typeof searchResults>>["result"]>;

const isEmpty = (result: ShownResult) =>
  result.events.length + result.venues.length + result.categories.length + result.cities.length ===
  0;

function ResultGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h3 id={id} className="text-xl font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

const chipClass = `${linkCardClass} flex h-full items-center justify-between gap-3 px-4 py-3`;

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("search");
  const { to } = usePaths();
  const { q, result, invalid } = loaderData;
  const events = to("events");
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <Form
        method="get"
        action={to("search")}
        role="search"
        className="flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          key={q}
          id="search-q"
          name="q"
          type="search"
          label={t("label")}
          placeholder={t("placeholder")}
          defaultValue={q}
          required={false}
          error={invalid ?? undefined}
          className="flex-1"
        />
        <button type="submit" className="button-primary sm:mt-7">
          <Icon name="search" className="size-5" />
          {t("submit")}
        </button>
      </Form>
      <section aria-labelledby="search-results" className="space-y-10">
        <h2
          id="search-results"
          className={result && !isEmpty(result) ? "text-2xl font-bold tracking-tight" : "sr-only"}
        >
          {q && !invalid ? t("resultsFor", { q }) : t("resultsHeading")}
        </h2>
        {invalid ? (
          <EmptyState icon="circle-exclamation-point" headingLevel={3} title={t("invalidTitle")}>
            <p>{invalid}</p>
          </EmptyState>
        ) : result && !isEmpty(result) ? (
          <>
            {result.events.length > 0 && (
              <ResultGroup id="search-events" title={t("eventsHeading")}>
                <EventGrid
                  events={result.events}
                  eagerCount={3}
                  headingLevel={4}
                  terms={result.terms}
                />
                <p>
                  <AppLink to={`${events}?q=${encodeURIComponent(q)}`} className={linkClass}>
                    {t("moreEvents")}
                  </AppLink>
                </p>
              </ResultGroup>
            )}
            {result.venues.length > 0 && (
              <ResultGroup id="search-venues" title={t("venuesHeading")}>
                <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {result.venues.map((venue) => (
                    <li key={venue.id}>
                      <AppLink to={`${events}?city=${venue.city_id}`} className={chipClass}>
                        <span className="flex items-center gap-2">
                          <Icon name="building-complex" className="size-4 shrink-0 text-accent" />
                          <span>
                            <span className="block font-semibold">
                              <Highlight text={venue.name} terms={result.terms} />
                            </span>
                            <span className={`block text-sm ${mutedText}`}>
                              <Highlight text={venue.city_name} terms={result.terms} />
                            </span>
                          </span>
                        </span>
                        <span className={`text-sm ${mutedText}`}>
                          <UpcomingCount of={venue} />
                        </span>
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </ResultGroup>
            )}
            {result.categories.length > 0 && (
              <ResultGroup id="search-categories" title={t("categoriesHeading")}>
                <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {result.categories.map((category) => (
                    <li key={category.id}>
                      <AppLink
                        to={`${events}?category=${encodeURIComponent(category.slug)}`}
                        className={chipClass}
                      >
                        <span className="flex items-center gap-2 font-semibold">
                          <Icon name="tags" className="size-4 shrink-0 text-accent" />
                          <Highlight text={category.name} terms={result.terms} />
                        </span>
                        <span className={`text-sm ${mutedText}`}>
                          <UpcomingCount of={category} />
                        </span>
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </ResultGroup>
            )}
            {result.cities.length > 0 && (
              <ResultGroup id="search-cities" title={t("citiesHeading")}>
                <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {result.cities.map((city) => (
                    <li key={city.id}>
                      <AppLink to={`${events}?city=${city.id}`} className={chipClass}>
                        <span className="flex items-center gap-2 font-semibold">
                          <Icon name="map-pin" className="size-4 shrink-0 text-accent" />
                          <Highlight text={city.name} terms={result.terms} />
                        </span>
                        <span className={`text-sm ${mutedText}`}>
                          <UpcomingCount of={city} />
                        </span>
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </ResultGroup>
            )}
          </>
        ) : q ? (
          <EmptyState
            icon="search-x"
            headingLevel={3}
            title={t("noResultsTitle", { q })}
            actions={
              <>
                <AppLink to={events} className="button-secondary">
                  {t("allEvents")}
                </AppLink>
                <AppLink to={to("event-categories")} className="button-secondary">
                  {t("categories")}
                </AppLink>
              </>
            }
          >
            <p>{t("noResultsText")}</p>
          </EmptyState>
        ) : (
          <EmptyState
            icon="search"
            headingLevel={3}
            title={t("promptTitle")}
            actions={
              <AppLink to={events} className="button-secondary">
                {t("allEvents")}
              </AppLink>
            }
          >
            <p>{t("promptText")}</p>
          </EmptyState>
        )}
      </section>
    </main>
  );
}

import { Form, Link } from "react-router";
import { useTranslations } from "use-intl";
import { AppLink } from "../components/app-link";
import { EventGrid } from "../components/event-card";
import { Icon } from "../components/icon";
import { EmptyState, linkClass, mutedText } from "../components/page-parts";
import { SearchCombobox } from "../components/search-combobox";
import { Card, linkCardClass } from "../components/ui/card";
import { usePaths, useRootData } from "../hooks";
import { withPageCache } from "../lib/cache.server";
import { pageHeaders } from "../lib/page-cache";
import type { Route } from "./+types/home";
import { homeData } from "./home.server";

export const headers = pageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  return withPageCache(context, await homeData(context));
}

const visitorSteps = [
  { key: "discover", icon: "calendar-search" },
  { key: "buy", icon: "ticket" },
  { key: "enter", icon: "qr-code" },
] as const;

const organiserSteps = [
  { key: "register", icon: "user-plus" },
  { key: "publish", icon: "megaphone" },
  { key: "checkIn", icon: "scan-line" },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("home");
  const { highlights, weekend, weekendTotal, categories, cities } = loaderData;
  const { siteName } = useRootData();
  const { to } = usePaths();

  const explore = [
    { key: "events", icon: "calendar-days", href: to("events") },
    { key: "categories", icon: "tags", href: to("event-categories") },
    { key: "cities", icon: "map-pin", href: to("cities") },
  ] as const;

  return (
    <main id="main">
      <section className="border-b border-neutral-200 bg-gradient-to-b from-primary-50 to-white dark:border-neutral-800 dark:from-neutral-900 dark:to-neutral-950">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <p className="font-semibold text-accent">{t("eyebrow")}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
            {t("heroTitle", { site: siteName })}
          </h1>
          <p className={`mt-4 max-w-2xl text-lg ${mutedText}`}>{t("heroText")}</p>
          <Form
            method="get"
            action={to("search")}
            role="search"
            className="mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-end"
          >
            <div className="flex-1 space-y-1">
              <label htmlFor="home-search" className="block font-medium">
                {t("searchLabel")}
              </label>
              <SearchCombobox
                id="home-search"
                placeholder={t("searchPlaceholder")}
                inputClassName="field"
              />
            </div>
            <button type="submit" className="button-primary">
              <Icon name="search" className="size-5" />
              {t("searchSubmit")}
            </button>
          </Form>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-20 px-4 py-16">
        <section aria-labelledby="home-explore">
          <h2 id="home-explore" className="text-2xl font-bold tracking-tight">
            {t("exploreHeading")}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {explore.map(({ key, icon, href }) => (
              <li key={key}>
                <Link
                  to={href}
                  prefetch="intent"
                  className={`${linkCardClass} flex h-full items-start gap-4 p-5`}
                >
                  <Icon name={icon} className="mt-0.5 size-6 shrink-0 text-accent" />
                  <span>
                    <span className="block font-semibold">{t(`explore.${key}.title`)}</span>
                    <span className={`mt-1 block text-sm ${mutedText}`}>
                      {t(`explore.${key}.text`)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="home-highlights" className="space-y-6">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="home-highlights" className="text-2xl font-bold tracking-tight">
              {t("highlightsHeading")}
            </h2>
            {highlights.length > 0 && (
              <AppLink to={`${to("events")}?sort=popularity`} className={linkClass}>
                {t("highlightsAll")}
              </AppLink>
            )}
          </div>
          {highlights.length > 0 ? (
            <EventGrid events={highlights} />
          ) : (
            <EmptyState
              icon="calendar-days"
              headingLevel={3}
              title={t("highlightsEmptyTitle")}
              actions={
                <Link to={to("events")} className="button-secondary">
                  {t("highlightsEmptyAction")}
                </Link>
              }
            >
              <p>{t("highlightsEmptyText")}</p>
            </EmptyState>
          )}
        </section>

        {highlights.length > 0 && (
          <section aria-labelledby="home-weekend" className="space-y-6">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="home-weekend" className="text-2xl font-bold tracking-tight">
                {t("weekendHeading")}
              </h2>
              {weekendTotal > weekend.length && (
                <AppLink to={`${to("events")}?date=weekend`} className={linkClass}>
                  {t("weekendAll")}
                </AppLink>
              )}
            </div>
            {weekend.length > 0 ? (
              <EventGrid events={weekend} />
            ) : (
              <p className={mutedText}>
                <AppLink to={to("events")} className={linkClass}>
                  {t("weekendEmpty")}
                </AppLink>
              </p>
            )}
          </section>
        )}

        {categories.length > 0 && (
          <section aria-labelledby="home-categories" className="space-y-6">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="home-categories" className="text-2xl font-bold tracking-tight">
                {t("categoriesHeading")}
              </h2>
              <AppLink to={to("event-categories")} className={linkClass}>
                {t("categoriesAll")}
              </AppLink>
            </div>
            <ul className="flex flex-wrap gap-3">
              {categories.map((category) => (
                <li key={category.id}>
                  <AppLink
                    to={`${to("events")}?category=${encodeURIComponent(category.slug)}`}
                    className="chip"
                  >
                    <Icon name="tags" className="size-4" />
                    {category.name}
                    <span className="chip-count">{category.upcoming}</span>
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        )}

        {cities.length > 0 && (
          <section aria-labelledby="home-cities" className="space-y-6">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="home-cities" className="text-2xl font-bold tracking-tight">
                {t("citiesHeading")}
              </h2>
              <AppLink to={to("cities")} className={linkClass}>
                {t("citiesAll")}
              </AppLink>
            </div>
            <ul className="flex flex-wrap gap-3">
              {cities.map((city) => (
                <li key={city.id}>
                  <AppLink to={`${to("events")}?city=${city.id}`} className="chip">
                    <Icon name="map-pin" className="size-4" />
                    {city.name}
                    <span className="chip-count">{city.upcoming}</span>
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="home-how">
          <h2 id="home-how" className="text-2xl font-bold tracking-tight">
            {t("howHeading")}
          </h2>
          <p className={`mt-2 max-w-2xl ${mutedText}`}>{t("howIntro")}</p>
          <ol className="mt-6 grid gap-6 md:grid-cols-3">
            {visitorSteps.map(({ key, icon }, index) => (
              <Card as="li" key={key} className="p-6">
                <div className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-full bg-primary-700 text-white">
                    <Icon name={icon} className="size-5" />
                  </span>
                  <span className="eyebrow">{t("stepNumber", { number: index + 1 })}</span>
                </div>
                <h3 className="mt-4 text-lg font-semibold">{t(`visitorSteps.${key}.title`)}</h3>
                <p className={`mt-2 ${mutedText}`}>{t(`visitorSteps.${key}.text`)}</p>
              </Card>
            ))}
          </ol>
        </section>

        <section
          aria-labelledby="home-organisers"
          className="rounded-2xl bg-neutral-900 px-6 py-10 text-white sm:px-10 dark:bg-neutral-800"
        >
          <div className="flex items-center gap-3">
            <Icon name="building-complex" className="size-7 text-primary-300" />
            <h2 id="home-organisers" className="text-2xl font-bold tracking-tight">
              {t("organisersHeading")}
            </h2>
          </div>
          <p className="mt-3 max-w-2xl text-neutral-200">
            {t("organisersIntro", { site: siteName })}
          </p>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {organiserSteps.map(({ key, icon }, index) => (
              <li key={key} className="space-y-2">
                <div className="flex items-center gap-3">
                  <Icon name={icon} className="size-5 text-primary-300" />
                  <span className="text-sm font-semibold text-primary-200">
                    {t("stepNumber", { number: index + 1 })}
                  </span>
                </div>
                <h3 className="text-lg font-semibold">{t(`organiserSteps.${key}.title`)}</h3>
                <p className="text-neutral-200">{t(`organiserSteps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={to("organiser-register")} className="button-primary">
              {t("organisersRegister")}
            </Link>
            <Link
              to={to("event-solutions")}
              className="inline-flex items-center justify-center rounded-md border border-neutral-500 px-5 py-3 font-semibold text-white transition hover:bg-neutral-800 focus-visible:ring-2 focus-visible:ring-primary-300 focus-visible:outline-none dark:hover:bg-neutral-700"
            >
              {t("organisersSolutions")}
            </Link>
          </div>
        </section>

        <p className={mutedText}>
          {t.rich("questions", {
            link: (chunks) => (
              <Link className={linkClass} to={to("faq")}>
                {chunks}
              </Link>
            ),
            contact: (chunks) => (
              <Link className={linkClass} to={to("contact")}>
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
    </main>
  );
}

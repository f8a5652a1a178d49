import type { EventCity } from "@eventwerk/contract";
import { useTranslations } from "use-intl";
import { apiFor } from "../api.server";
import { AppLink } from "../components/app-link";
import { UpcomingCount, withUpcoming } from "../components/catalogue-parts";
import { Icon } from "../components/icon";
import { EmptyState, mutedText, PageHeader } from "../components/page-parts";
import { linkCardClass } from "../components/ui/card";
import { requestState } from "../context";
import { usePaths } from "../hooks";
import { withPageCache } from "../lib/cache.server";
import { displayNames } from "../lib/intl-format";
import { pageHeaders } from "../lib/page-cache";
import type { Route } from "./+types/cities";

export const headers = pageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const api = await apiFor(context);
  const cities = await api.eventCities();
  const { locale } = context.get(requestState);
  return withPageCache(context, { cities: cities.data.map(withUpcoming(locale)) });
}

/** Cities by country, the countries in the order of their first city (DE, AT, CH …). */
function byCountry<City extends EventCity>(cities: readonly City[]) {
  const order = ["DE", "AT", "CH"];
  const groups = new Map<string, City[]>();
  for (const city of cities)
    groups.set(city.country_code, [...(groups.get(city.country_code) ?? []), city]);
  return [...groups.entries()].sort(([a], [b]) => {
    const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
}

export default function Cities({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("cities");
  const { to, locale } = usePaths();
  const countryName = (code: string) => displayNames(locale, { type: "region" }).of(code) ?? code;
  const groups = byCountry(loaderData.cities);
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      {groups.length === 0 ? (
        <EmptyState
          icon="map-pin"
          title={t("emptyTitle")}
          actions={
            <>
              <AppLink to={to("events")} className="button-secondary">
                {t("emptyEvents")}
              </AppLink>
              <AppLink to={to("event-categories")} className="button-secondary">
                {t("emptyCategories")}
              </AppLink>
            </>
          }
        >
          <p>{t("emptyText")}</p>
        </EmptyState>
      ) : (
        <div className="space-y-10">
          {groups.map(([code, cities]) => (
            <section key={code} aria-labelledby={`country-${code}`} className="space-y-4">
              <h2 id={`country-${code}`} className="text-2xl font-bold tracking-tight">
                {countryName(code)}
              </h2>
              <ul
                aria-label={t("citiesIn", { country: countryName(code) })}
                className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
              >
                {cities.map((city) => (
                  <li key={city.id}>
                    <AppLink
                      to={`${to("events")}?city=${city.id}`}
                      className={`${linkCardClass} flex items-center justify-between gap-3 px-4 py-3`}
                    >
                      <span className="flex items-center gap-2 font-semibold">
                        <Icon name="map-pin" className="size-4 text-accent" />
                        {city.name}
                      </span>
                      <span className={`text-sm ${mutedText}`}>
                        <UpcomingCount of={city} />
                      </span>
                    </AppLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </main>
  );
}

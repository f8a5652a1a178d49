import { datePresets, eventSorts } from "@eventwerk/contract/constants";
import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { AppLink } from "../components/app-link";
import { Pagination } from "../components/catalogue-parts";
import { EventGrid } from "../components/event-card";
import { CheckboxField, RadioGroupField, SelectField, TextField } from "../components/form-field";
import { Icon } from "../components/icon";
import { EmptyState, PageHeader } from "../components/page-parts";
import { Card } from "../components/ui/card";
import { Panel } from "../components/ui/panel";
import { usePaths } from "../hooks";
import { withPageCache } from "../lib/cache.server";
import { pageHeaders } from "../lib/page-cache";
import type { Route } from "./+types/events";
import { eventListing, type Filters } from "./events.server";

export const headers = pageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return withPageCache(context, await eventListing(context, new URL(request.url).searchParams));
}

/** The listing's URL with other params kept, empty ones dropped, and `page` set (1 = none). */
function pageHref(path: string, filters: Filters, page: number) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (name !== "page" && value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const dateLabelKey = {
  "": "dateAny",
  today: "dateToday",
  tomorrow: "dateTomorrow",
  weekend: "dateWeekend",
  month: "dateMonth",
} as const satisfies Record<"" | (typeof datePresets)[number], string>;

const sortLabelKey = {
  date: "sortDate",
  popularity: "sortPopularity",
  price: "sortPrice",
} as const satisfies Record<(typeof eventSorts)[number], string>;

export default function Events({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("events");
  const { to } = usePaths();
  const { filters, categories, cities, result, invalid } = loaderData;
  const listPath = to("events");
  const hasFilters = Object.keys(filters).some((name) => name !== "page" && name !== "sort");

  /** The API's message about one filter, shown next to its field. */
  const fieldError = (name: string) => invalid?.fields[name];

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />

      <Card as="section" aria-labelledby="events-filters" className="p-5">
        <h2 id="events-filters" className="flex items-center gap-2 text-lg font-semibold">
          <Icon name="sliders-horizontal" className="size-5" />
          {t("filtersHeading")}
        </h2>
        <Form
          key={JSON.stringify(filters)}
          method="get"
          action={listPath}
          className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-4"
        >
          <TextField
            id="filter-q"
            name="q"
            type="search"
            label={t("q")}
            placeholder={t("qPlaceholder")}
            defaultValue={filters.q}
            required={false}
            error={fieldError("q")}
            className="sm:col-span-2"
          />
          <SelectField
            id="filter-category"
            name="category"
            label={t("category")}
            placeholder={t("allCategories")}
            options={categories.map((category) => ({ value: category.slug, label: category.name }))}
            defaultValue={filters.category ?? ""}
            required={false}
            error={fieldError("category")}
          />
          <SelectField
            id="filter-city"
            name="city"
            label={t("city")}
            placeholder={t("allCities")}
            options={cities.map((city) => ({ value: String(city.id), label: city.name }))}
            defaultValue={filters.city ?? ""}
            required={false}
            error={fieldError("city")}
          />
          <RadioGroupField
            id="filter-date"
            name="date"
            legend={t("date")}
            options={(["", ...datePresets] as const).map((preset) => ({
              value: preset,
              label: t(dateLabelKey[preset]),
            }))}
            defaultValue={filters.date ?? ""}
            error={fieldError("date")}
            className="sm:col-span-2"
          />
          <TextField
            id="filter-from"
            name="from"
            type="date"
            label={t("from")}
            defaultValue={filters.from}
            required={false}
            error={fieldError("from")}
          />
          <TextField
            id="filter-to"
            name="to"
            type="date"
            label={t("to")}
            defaultValue={filters.to}
            required={false}
            error={fieldError("to")}
          />
          <TextField
            id="filter-price-min"
            name="price_min"
            type="number"
            min={0}
            label={t("priceMin")}
            defaultValue={filters.price_min}
            required={false}
            error={fieldError("price_min")}
          />
          <TextField
            id="filter-price-max"
            name="price_max"
            type="number"
            min={0}
            label={t("priceMax")}
            defaultValue={filters.price_max}
            required={false}
            error={fieldError("price_max")}
          />
          <CheckboxField
            id="filter-free"
            name="free"
            value="true"
            label={t("free")}
            defaultChecked={filters.free === "true" || filters.free === "on"}
            error={fieldError("free")}
            className="self-end pb-3 font-medium"
          />
          <SelectField
            id="filter-sort"
            name="sort"
            label={t("sort")}
            options={eventSorts.map((sort) => ({ value: sort, label: t(sortLabelKey[sort]) }))}
            defaultValue={filters.sort ?? "date"}
            required={false}
            error={fieldError("sort")}
          />

          <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
            <button type="submit" className="button-primary">
              {t("apply")}
            </button>
            {hasFilters && (
              <AppLink to={listPath} className="button-secondary">
                {t("clear")}
              </AppLink>
            )}
          </div>
        </Form>
      </Card>

      <section aria-labelledby="events-results" className="space-y-6">
        <h2 id="events-results" className="sr-only">
          {t("resultsHeading")}
        </h2>
        {invalid ? (
          <Panel
            role="alert"
            tone="danger"
            icon="circle-exclamation-point"
            headingLevel={3}
            title={t("invalidTitle")}
          >
            <p>{invalid.message}</p>
            {Object.keys(invalid.fields).length > 0 && (
              <ul className="list-disc pl-5">
                {Object.entries(invalid.fields).map(([name, message]) => (
                  <li key={name}>
                    <span className="font-mono text-sm">{name}</span>: {message}
                  </li>
                ))}
              </ul>
            )}
            <p>
              <AppLink to={listPath} className="font-semibold underline underline-offset-4">
                {t("clear")}
              </AppLink>
            </p>
          </Panel>
        ) : result && result.data.length > 0 ? (
          <>
            <p role="status" className="font-semibold">
              {t("count", { count: result.meta.total })}
            </p>
            <EventGrid events={result.data} eagerCount={3} />
            <Pagination
              page={result.meta.page}
              pages={result.meta.pages}
              hrefFor={(page) => pageHref(listPath, filters, page)}
            />
          </>
        ) : hasFilters || (result?.meta.total ?? 0) > 0 ? (
          <>
            <p role="status" className="font-semibold">
              {t("count", { count: result?.meta.total ?? 0 })}
            </p>
            <EmptyState
              icon="calendar-x-2"
              headingLevel={3}
              title={t("noMatchTitle")}
              actions={
                <AppLink to={listPath} className="button-primary">
                  {t("noMatchClear")}
                </AppLink>
              }
            >
              <p>{t("noMatchText")}</p>
            </EmptyState>
          </>
        ) : (
          <EmptyState
            icon="calendar-x-2"
            headingLevel={3}
            title={t("emptyTitle")}
            actions={
              <>
                <AppLink to={to("home")} className="button-secondary">
                  {t("emptyHome")}
                </AppLink>
                <AppLink to={to("organiser-register")} className="button-primary">
                  {t("emptyOrganiser")}
                </AppLink>
              </>
            }
          >
            <p>{t("emptyText")}</p>
          </EmptyState>
        )}
      </section>
    </main>
  );
}

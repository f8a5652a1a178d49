import type { EventCategory, EventCity, EventList } from "@eventwerk/contract";
import { datePresets, eventSorts } from "@eventwerk/contract/constants";
import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { ApiError, apiFor } from "../api.server";
import { AppLink } from "../components/app-link";
import { Pagination } from "../components/catalogue-parts";
import { EventGrid } from "../components/event-card";
import { Icon } from "../components/icon";
import { EmptyState, PageHeader } from "../components/page-parts";
import { usePaths } from "../hooks";
import { withPageCache } from "../lib/cache.server";
import { pageHeaders } from "../lib/page-cache";
import type { Route } from "./+types/events";

export const headers = pageHeaders;

/** The listing's filters: each one a query parameter, so a filtered listing can be shared. */
const filterNames = [
  "q",
  "category",
  "city",
  "date",
  "from",
  "to",
  "price_min",
  "price_max",
  "free",
  "sort",
  "page",
] as const;
type FilterName = (typeof filterNames)[number];
type Filters = Partial<Record<FilterName, string>>;

/** The filters of a URL, without empty values (a GET form sends every field). */
function readFilters(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const name of filterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/** Euros as the visitor types them ("12", "12,50") to cents; anything else goes as it is. */
function euroToCents(value: string): string | number {
  const amount = Number(value.replace(",", "."));
  return Number.isFinite(amount) ? Math.round(amount * 100) : value;
}

/** The API's query: prices in cents, the free checkbox as `true`. */
function apiQuery(filters: Filters): Record<string, string | number> {
  const { price_min, price_max, free, ...rest } = filters;
  return {
    ...rest,
    ...(price_min !== undefined ? { price_min: euroToCents(price_min) } : {}),
    ...(price_max !== undefined ? { price_max: euroToCents(price_max) } : {}),
    ...(free === "true" || free === "on" ? { free: "true" } : {}),
  };
}

type Invalid = { message: string; fields: Record<string, string> };

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = readFilters(new URL(request.url).searchParams);
  const api = await apiFor(context);
  const [categories, cities, listing] = await Promise.all([
    api.eventCategories(),
    api.eventCities(),
    api.events(apiQuery(filters)).then(
      (result): { result: EventList; invalid: null } => ({ result, invalid: null }),
      (error: unknown): { result: null; invalid: Invalid } => {
        // Invalid filters from the URL: the API's messages are shown next to the fields.
        if (error instanceof ApiError && error.status === 400)
          return {
            result: null,
            invalid: { message: error.message, fields: error.body?.error.fields ?? {} },
          };
        throw error;
      },
    ),
  ]);
  return withPageCache(context, {
    filters,
    categories: categories.data,
    cities: cities.data,
    ...listing,
  });
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

const labelClass = "block font-medium";
/** The API's message about one field, tied to it by `aria-describedby`. */
function ErrorText({ name, fields }: { name: string; fields?: Record<string, string> }) {
  const message = fields?.[name];
  if (!message) return null;
  return (
    <p id={`filter-${name}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("events");
  const { to } = usePaths();
  const { filters, categories, cities, result, invalid } = loaderData;
  const listPath = to("events");
  const hasFilters = Object.keys(filters).some((name) => name !== "page" && name !== "sort");

  const fieldError = (name: string) => invalid?.fields[name];
  /** Props that tie a field to the API's message about it. */
  const errorProps = (name: string) =>
    fieldError(name)
      ? { "aria-invalid": true as const, "aria-describedby": `filter-${name}-error` }
      : {};

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />

      <section
        aria-labelledby="events-filters"
        className="rounded-xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
      >
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
          <div className="space-y-1 sm:col-span-2">
            <label htmlFor="filter-q" className={labelClass}>
              {t("q")}
            </label>
            <input
              id="filter-q"
              type="search"
              name="q"
              defaultValue={filters.q}
              placeholder={t("qPlaceholder")}
              className="field"
              {...errorProps("q")}
            />
            <ErrorText name="q" fields={invalid?.fields} />
          </div>
          <div className="space-y-1">
            <label htmlFor="filter-category" className={labelClass}>
              {t("category")}
            </label>
            <select
              id="filter-category"
              name="category"
              defaultValue={filters.category ?? ""}
              className="field"
              {...errorProps("category")}
            >
              <option value="">{t("allCategories")}</option>
              {categories.map((category: EventCategory) => (
                <option key={category.id} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </select>
            <ErrorText name="category" fields={invalid?.fields} />
          </div>
          <div className="space-y-1">
            <label htmlFor="filter-city" className={labelClass}>
              {t("city")}
            </label>
            <select
              id="filter-city"
              name="city"
              defaultValue={filters.city ?? ""}
              className="field"
              {...errorProps("city")}
            >
              <option value="">{t("allCities")}</option>
              {cities.map((city: EventCity) => (
                <option key={city.id} value={String(city.id)}>
                  {city.name}
                </option>
              ))}
            </select>
            <ErrorText name="city" fields={invalid?.fields} />
          </div>

          <fieldset
            className="space-y-2 sm:col-span-2"
            aria-describedby={fieldError("date") ? "filter-date-error" : undefined}
          >
            <legend className={labelClass}>{t("date")}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {(["", ...datePresets] as const).map((preset) => (
                <label key={preset || "any"} className="inline-flex items-center gap-2">
                  <input
                    type="radio"
                    name="date"
                    value={preset}
                    defaultChecked={(filters.date ?? "") === preset}
                    className="size-4 accent-primary-700"
                  />
                  {t(
                    preset === ""
                      ? "dateAny"
                      : preset === "today"
                        ? "dateToday"
                        : preset === "tomorrow"
                          ? "dateTomorrow"
                          : preset === "weekend"
                            ? "dateWeekend"
                            : "dateMonth",
                  )}
                </label>
              ))}
            </div>
            <ErrorText name="date" fields={invalid?.fields} />
          </fieldset>
          <div className="space-y-1">
            <label htmlFor="filter-from" className={labelClass}>
              {t("from")}
            </label>
            <input
              id="filter-from"
              type="date"
              name="from"
              defaultValue={filters.from}
              className="field"
              {...errorProps("from")}
            />
            <ErrorText name="from" fields={invalid?.fields} />
          </div>
          <div className="space-y-1">
            <label htmlFor="filter-to" className={labelClass}>
              {t("to")}
            </label>
            <input
              id="filter-to"
              type="date"
              name="to"
              defaultValue={filters.to}
              className="field"
              {...errorProps("to")}
            />
            <ErrorText name="to" fields={invalid?.fields} />
          </div>

          <div className="space-y-1">
            <label htmlFor="filter-price-min" className={labelClass}>
              {t("priceMin")}
            </label>
            <input
              id="filter-price-min"
              type="number"
              name="price_min"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={filters.price_min}
              className="field"
              {...errorProps("price_min")}
            />
            <ErrorText name="price_min" fields={invalid?.fields} />
          </div>
          <div className="space-y-1">
            <label htmlFor="filter-price-max" className={labelClass}>
              {t("priceMax")}
            </label>
            <input
              id="filter-price-max"
              type="number"
              name="price_max"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={filters.price_max}
              className="field"
              {...errorProps("price_max")}
            />
            <ErrorText name="price_max" fields={invalid?.fields} />
          </div>
          <div className="flex items-end pb-3">
            <label className="inline-flex items-center gap-2 font-medium">
              <input
                type="checkbox"
                name="free"
                value="true"
                defaultChecked={filters.free === "true" || filters.free === "on"}
                className="size-4 accent-primary-700"
                {...errorProps("free")}
              />
              {t("free")}
            </label>
            <ErrorText name="free" fields={invalid?.fields} />
          </div>
          <div className="space-y-1">
            <label htmlFor="filter-sort" className={labelClass}>
              {t("sort")}
            </label>
            <select
              id="filter-sort"
              name="sort"
              defaultValue={filters.sort ?? "date"}
              className="field"
              {...errorProps("sort")}
            >
              {eventSorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t(
                    sort === "date"
                      ? "sortDate"
                      : sort === "popularity"
                        ? "sortPopularity"
                        : "sortPrice",
                  )}
                </option>
              ))}
            </select>
            <ErrorText name="sort" fields={invalid?.fields} />
          </div>

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
      </section>

      <section aria-labelledby="events-results" className="space-y-6">
        <h2 id="events-results" className="sr-only">
          {t("resultsHeading")}
        </h2>
        {invalid ? (
          <div
            role="alert"
            className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <Icon name="circle-exclamation-point" className="mt-0.5 size-5 shrink-0" />
            <div className="space-y-2">
              <h3 className="font-semibold">{t("invalidTitle")}</h3>
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
            </div>
          </div>
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

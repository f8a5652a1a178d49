import { datePresets, eventSorts } from "@eventwerk/contract/constants";
import { Form, redirect } from "react-router";
import { useTranslations } from "use-intl";
import { AppLink } from "../components/app-link";
import { Pagination } from "../components/catalogue-parts";
import { EventGrid } from "../components/event-card";
import { CheckboxField, SelectField, TextField } from "../components/form-field";
import { Icon } from "../components/icon";
import { EmptyState, PageHeader } from "../components/page-parts";
import { Panel } from "../components/ui/panel";
import { usePaths } from "../hooks";
import { withPageCache } from "../lib/cache.server";
import { pageHeaders } from "../lib/page-cache";
import type { Route } from "./+types/events";
import { eventListing, type Filters } from "./events.server";

export const headers = pageHeaders;

export async function loader({ url, context }: Route.LoaderArgs) {
  const listing = await eventListing(context, url.searchParams);
  // A page past the last (an old link to a listing that has shrunk) is the last page, not an
  // empty one beside a count of events.
  const meta = listing.result?.meta;
  if (meta && meta.pages > 0 && meta.page > meta.pages)
    throw redirect(pageHref(url.pathname, listing.filters, meta.pages));
  return withPageCache(context, listing);
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

/** The filters behind "More filters" on small screens. */
const moreFilterNames = ["from", "to", "price_min", "price_max", "sort", "free"] as const;

const compactField =
  "w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm dark:border-neutral-700 dark:bg-neutral-800";

function CompactSelect({
  id,
  name,
  label,
  placeholder,
  options,
  value,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  value?: string;
}) {
  return (
    <div className="min-w-0 flex-[1_1_9rem]">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={compactField}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The number of results and the filters in use, each removable, and a way to clear them all. */
function ResultsLine({
  total,
  found,
  chips,
}: {
  total: number;
  /** The total as the server wrote it. */
  found: string;
  chips: { name: string; label: string; href: string }[];
}) {
  const t = useTranslations("events");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p role="status" className="mr-2 font-semibold">
        {t("count", { count: total, found })}
      </p>
      {chips.length > 0 && (
        <ul aria-label={t("activeFilters")} className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.name}>
              <AppLink
                to={chip.href}
                aria-label={t("removeFilter", { filter: chip.label })}
                className="inline-flex items-center gap-1 rounded-full bg-primary-50 px-3 py-1 text-sm text-primary-900 hover:bg-primary-100 dark:bg-primary-950 dark:text-primary-100"
              >
                {chip.label}
                <Icon name="x" className="size-3.5" />
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("events");
  const { to } = usePaths();
  const { filters, categories, cities, result, invalid } = loaderData;
  const listPath = to("events");
  const hasFilters = Object.keys(filters).some((name) => name !== "page" && name !== "sort");

  /** Each filter by its field's label, as the list of the API's messages names it. */
  const filterLabels: Record<keyof Filters, string> = {
    q: t("q"),
    category: t("category"),
    city: t("city"),
    date: t("date"),
    from: t("from"),
    to: t("to"),
    price_min: t("priceMin"),
    price_max: t("priceMax"),
    free: t("free"),
    sort: t("sort"),
    page: t("page"),
  };
  /** The API's message about one filter, shown next to its field. */
  const fieldError = (name: string) => invalid?.fields[name];
  const moreActive = moreFilterNames.some((name) => filters[name] || fieldError(name));

  /** Each filter in use, as a chip whose link is the listing without it. */
  const chipLabel: Partial<Record<keyof Filters, string | undefined>> = {
    q: filters.q && `„${filters.q}“`,
    category: categories.find((category) => category.slug === filters.category)?.name,
    city: cities.find((city) => String(city.id) === filters.city)?.name,
    date:
      filters.date && t(dateLabelKey[filters.date as (typeof datePresets)[number]] ?? "dateAny"),
    from: filters.from && `${t("from")}: ${filters.from}`,
    to: filters.to && `${t("to")}: ${filters.to}`,
    price_min: filters.price_min && `${t("priceMin")}: ${filters.price_min}`,
    price_max: filters.price_max && `${t("priceMax")}: ${filters.price_max}`,
    free: filters.free && filters.free !== "false" ? t("free") : undefined,
  };
  const chips = Object.entries(chipLabel)
    .filter((entry): entry is [keyof Filters, string] => Boolean(entry[1]))
    .map(([name, label]) => ({
      name,
      label,
      href: pageHref(listPath, { ...filters, [name]: undefined }, 1),
    }));

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-5 px-4 py-6 sm:py-8">
      <PageHeader title={t("heading")} />

      <section aria-labelledby="events-filters">
        <h2 id="events-filters" className="sr-only">
          {t("filtersHeading")}
        </h2>
        <Form key={JSON.stringify(filters)} method="get" action={listPath} className="space-y-3">
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-[1_1_14rem]">
              <label htmlFor="filter-q" className="sr-only">
                {t("q")}
              </label>
              <input
                id="filter-q"
                name="q"
                type="search"
                placeholder={t("qPlaceholder")}
                defaultValue={filters.q}
                aria-invalid={fieldError("q") ? true : undefined}
                aria-describedby={fieldError("q") ? "filter-q-error" : undefined}
                className={compactField}
              />
              {fieldError("q") && (
                <p
                  id="filter-q-error"
                  className="mt-1 text-sm text-danger-700 dark:text-danger-300"
                >
                  {fieldError("q")}
                </p>
              )}
            </div>
            <CompactSelect
              id="filter-category"
              name="category"
              label={t("category")}
              placeholder={t("allCategories")}
              options={categories.map((category) => ({
                value: category.slug,
                label: category.name,
              }))}
              value={filters.category}
            />
            <CompactSelect
              id="filter-city"
              name="city"
              label={t("city")}
              placeholder={t("allCities")}
              options={cities.map((city) => ({ value: String(city.id), label: city.name }))}
              value={filters.city}
            />
            <button type="submit" className="button-primary py-2">
              <Icon name="search" className="size-4" />
              {t("apply")}
            </button>
            {hasFilters && (
              <AppLink to={listPath} className="px-2 py-2 text-sm underline underline-offset-4">
                {t("clear")}
              </AppLink>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <fieldset className="relative flex min-w-0 flex-1 gap-1.5 overflow-x-auto">
              <legend className="sr-only">{t("date")}</legend>
              {(["", ...datePresets] as const).map((preset) => (
                <label key={preset || "any"} className="shrink-0">
                  <input
                    type="radio"
                    name="date"
                    value={preset}
                    defaultChecked={(filters.date ?? "") === preset}
                    className="peer sr-only"
                  />
                  <span className="inline-block cursor-pointer rounded-full border border-neutral-300 px-3 py-1 text-sm whitespace-nowrap peer-checked:border-primary-700 peer-checked:bg-primary-700 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-primary-700 dark:border-neutral-700">
                    {t(dateLabelKey[preset])}
                  </span>
                </label>
              ))}
            </fieldset>
            {/* A checkbox without a name (never sent): opens the other filters without JavaScript. */}
            <input
              id="filter-more"
              type="checkbox"
              defaultChecked={moreActive}
              // Wide screens show every filter: no toggle there.
              className="peer sr-only lg:hidden"
            />
            <label
              htmlFor="filter-more"
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-neutral-300 px-3 py-1 text-sm font-medium peer-focus-visible:ring-2 peer-focus-visible:ring-primary-700 lg:hidden dark:border-neutral-700"
            >
              <Icon name="sliders-horizontal" className="size-4" />
              {t("moreFilters")}
            </label>
            <div className="hidden w-full grid-cols-2 gap-3 peer-checked:grid sm:grid-cols-3 lg:grid lg:grid-cols-6">
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
              <SelectField
                id="filter-sort"
                name="sort"
                label={t("sort")}
                options={eventSorts.map((sort) => ({ value: sort, label: t(sortLabelKey[sort]) }))}
                defaultValue={filters.sort ?? "date"}
                required={false}
                error={fieldError("sort")}
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
            </div>
          </div>
        </Form>
      </section>

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
                    {Object.hasOwn(filterLabels, name)
                      ? `${filterLabels[name as keyof Filters]}: `
                      : ""}
                    {message}
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
            <ResultsLine total={result.meta.total} found={result.found} chips={chips} />
            <EventGrid events={result.data} eagerCount={3} />
            <Pagination
              page={result.meta.page}
              pages={result.meta.pages}
              hrefFor={(page) => pageHref(listPath, filters, page)}
            />
          </>
        ) : hasFilters || (result?.meta.total ?? 0) > 0 ? (
          <>
            <ResultsLine
              total={result?.meta.total ?? 0}
              found={result?.found ?? "0"}
              chips={chips}
            />
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

import { orderStatuses } from "@eventwerk/contract/constants";
import { data, Form, Link, redirect } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { ApiError, apiFor, orNotFound } from "../../api.server";
import { Pagination } from "../../components/catalogue-parts";
import { FormMessage, SelectField, TextField } from "../../components/form-field";
import { Card } from "../../components/ui/card";
import { requestState } from "../../context";
import { useEuro } from "../../lib/intl-format";
import { pathTo, resources } from "../../route-table";
import type { Route } from "./+types/orders";

const filterNames = ["q", "status", "ticket_type_id", "from", "to", "page"] as const;

/** The filters as typed in the query string; the API validates them. */
function filtersOf(url: URL) {
  const filters: Partial<Record<(typeof filterNames)[number], string>> = {};
  for (const name of filterNames) {
    const value = url.searchParams.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id ?? "")) throw data("Page Not Found", { status: 404 });
  const id = Number(params.id);
  const api = await apiFor(context);
  const filters = filtersOf(url);
  const noFieldErrors: Partial<Record<string, string>> = {};
  const event = await orNotFound(api.panel.event(id));
  const { locale } = context.get(requestState);
  try {
    const orders = await api.panel.orders(id, filters as Record<string, string>);
    // Past the last page (a bookmark, or refunds since): the last page, whose links lead on.
    if (orders.meta.pages > 0 && orders.meta.page > orders.meta.pages) {
      const last = new URLSearchParams({ ...filters, page: String(orders.meta.pages) });
      throw redirect(`${url.pathname}?${last}`);
    }
    return { event: event.data, orders, filters, error: null, fields: noFieldErrors, locale };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const fields: Partial<Record<string, string>> = error.body?.error.fields ?? {};
    // A page number no list reaches (typed into the address): the first page of these filters.
    if (fields.page && filters.page) {
      const { page: _, ...rest } = filters;
      throw redirect(`${url.pathname}?${new URLSearchParams(rest)}`);
    }
    // The filters the API refused are marked at their fields.
    return { event: event.data, orders: null, filters, error: error.message, fields, locale };
  }
}

export default function PanelOrders({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("panel");
  const money = useEuro();
  const format = useFormatter();
  const { event, orders, filters, error, fields, locale } = loaderData;
  const page = orders?.meta.page ?? 1;
  const query = (changes: Record<string, string>) =>
    `?${new URLSearchParams({ ...(filters as Record<string, string>), ...changes })}`;
  // The file's one address serves both languages: it names the page's.
  const exportQuery = new URLSearchParams({ event: String(event.id), locale });
  for (const name of ["q", "status", "ticket_type_id", "from", "to"] as const) {
    const value = filters[name];
    if (value) exportQuery.set(name, value);
  }
  const title = locale === "en" ? event.title_en : event.title_de;
  return (
    <main
      id="main"
      className="flex-1 space-y-6 bg-neutral-50 px-4 py-8 sm:px-8 dark:bg-neutral-950"
    >
      <h1 className="text-2xl font-bold tracking-tight">{t("ordersHeading", { event: title })}</h1>
      <p>
        <Link to={pathTo("panel-event", locale, { id: event.id })} className="underline">
          {t("backToEvent")}
        </Link>
      </p>
      <Card className="p-5">
        <Form method="get" className="grid items-end gap-4 md:grid-cols-3 lg:grid-cols-6">
          <TextField
            id="orders-q"
            name="q"
            type="search"
            required={false}
            label={t("ordersSearch")}
            defaultValue={filters.q}
            error={fields.q}
            className="lg:col-span-2"
          />
          <SelectField
            id="orders-status"
            name="status"
            required={false}
            label={t("table.status")}
            placeholder={t("ordersAll")}
            options={orderStatuses.map((status) => ({
              value: status,
              label: t(`orderStatus.${status}`),
            }))}
            defaultValue={filters.status}
            error={fields.status}
          />
          <SelectField
            id="orders-type"
            name="ticket_type_id"
            required={false}
            label={t("ordersType")}
            placeholder={t("ordersAll")}
            options={event.ticket_types.map((type) => ({
              value: type.id,
              label: locale === "en" ? type.name_en : type.name_de,
            }))}
            defaultValue={filters.ticket_type_id}
            error={fields.ticket_type_id}
          />
          <TextField
            id="orders-from"
            name="from"
            type="date"
            required={false}
            label={t("ordersFrom")}
            defaultValue={filters.from}
            error={fields.from}
          />
          <TextField
            id="orders-to"
            name="to"
            type="date"
            required={false}
            label={t("ordersTo")}
            defaultValue={filters.to}
            error={fields.to}
          />
          <button type="submit" className="button-primary">
            {t("ordersFilter")}
          </button>
        </Form>
      </Card>
      <p>
        <a
          href={`${resources.panelOrdersCsv.path}?${exportQuery}`}
          className="button-secondary inline-block"
          download
        >
          {t("ordersExport")}
        </a>
      </p>
      {error && (
        <FormMessage id="orders-error" tone="error">
          {error}
        </FormMessage>
      )}
      {orders && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="mb-2 text-left">
              {t("ordersCount", { count: orders.meta.total })}
            </caption>
            <thead>
              <tr className="border-b border-neutral-300 dark:border-neutral-700">
                <th scope="col" className="py-2 pr-3">
                  {t("orderNumber")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("orderBuyer")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("table.status")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t("orderTickets")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t("orderTotal")}
                </th>
                <th scope="col" className="py-2">
                  {t("table.date")}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order) => (
                <tr key={order.id} className="border-b border-neutral-200 dark:border-neutral-800">
                  <th scope="row" className="py-2 pr-3">
                    <Link
                      to={pathTo("panel-order", locale, { id: order.id })}
                      className="underline"
                    >
                      {t("orderNumberValue", { id: order.id })}
                    </Link>
                  </th>
                  <td className="py-2 pr-3">
                    {order.buyer_name}
                    <br />
                    {order.buyer_email}
                  </td>
                  <td className="py-2 pr-3">{t(`orderStatus.${order.status}`)}</td>
                  <td className="py-2 pr-3 text-right">{order.tickets}</td>
                  <td className="py-2 pr-3 text-right">{money(order.total_cents)}</td>
                  <td className="py-2">
                    {format.dateTime(new Date(order.created_at), {
                      dateStyle: "medium",
                      timeStyle: "short",
                      timeZone: "Europe/Berlin",
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-4">
            <Pagination
              page={page}
              pages={orders.meta.pages}
              hrefFor={(n) => query({ page: String(n) })}
            />
          </div>
        </div>
      )}
    </main>
  );
}

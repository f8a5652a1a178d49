import { type OrganiserStatus, organiserStatuses } from "@eventwerk/contract/constants";
import { data, Form, Link } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { ApiError, apiFor } from "../../api.server";
import { Pagination } from "../../components/catalogue-parts";
import { useNoticeFocus } from "../../components/confirmed-form";
import { FormMessage, TextField } from "../../components/form-field";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { usePaths } from "../../hooks";
import { noticeIn, redirectHere } from "../../lib/forms";
import type { Route } from "./+types/organisers";

const actions = ["approve", "reject", "suspend", "reinstate"] as const;
const typedNames = ["q", "page", "per_page"] as const;

/**
 * The list as the URL asks for it: the state (unknown: the waiting applications, whose buttons
 * the page shows) and the search and page as typed; the API validates those.
 */
function listQuery(url: URL) {
  const wanted = url.searchParams.get("status");
  const status: OrganiserStatus = organiserStatuses.find((name) => name === wanted) ?? "pending";
  const typed: Partial<Record<(typeof typedNames)[number], string>> = {};
  for (const name of typedNames) {
    const value = url.searchParams.get(name)?.trim();
    if (value) typed[name] = value;
  }
  return { status, ...typed };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = listQuery(url);
  const notice = noticeIn(url, actions);
  const asked = query as Record<string, string>;
  const api = (await apiFor(context)).panel;
  try {
    let list = await api.organisers(asked);
    // A decision can empty the last page (its organiser leaves the state): show the new last one.
    if (list.data.length === 0 && list.meta.pages > 0 && list.meta.page > list.meta.pages) {
      list = await api.organisers({ ...asked, page: list.meta.pages });
    }
    return { query, list, error: null, statuses: organiserStatuses, notice };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return { query, list: null, error: error.message, statuses: organiserStatuses, notice };
  }
}

/** One decision on one organiser; rejecting and suspending need a reason. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = actions.find((name) => name === form.get("intent"));
  const userId = String(form.get("user_id") ?? "");
  const reason = String(form.get("reason") ?? "");
  if (!intent) {
    return data({ userId, intent: null, message: null, reason: null, typed: "" }, { status: 400 });
  }
  const api = (await apiFor(context)).panel;
  try {
    if (intent === "approve") await api.approveOrganiser(userId);
    if (intent === "reject") await api.rejectOrganiser(userId, { reason });
    if (intent === "suspend") await api.suspendOrganiser(userId, { reason });
    if (intent === "reinstate") await api.reinstateOrganiser(userId);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data(
      {
        userId,
        intent,
        message: error.message,
        reason: error.body?.error.fields?.reason ?? null,
        // What was typed comes back into the field (without JavaScript, the page is new).
        typed: reason,
      },
      { status: 400 },
    );
  }
  redirectHere(url, intent);
}

export default function Organisers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("panel");
  const format = useFormatter();
  const { to } = usePaths();
  // The states come with the data: the list is the server's, and the browser's shared chunk
  // stays without it.
  const { query, list, error, statuses } = loaderData;
  const { status } = query;
  const notice = !actionData && loaderData.notice ? t(`reviewDone.${loaderData.notice}`) : null;
  // A decision moves its organiser out of the list, and the focused button with them.
  const noticeRef = useNoticeFocus(notice);
  const organisers = list?.data ?? [];
  /** The list's address: a state, the search and page size kept, a page (1 = none). */
  const href = (state: OrganiserStatus, page = 1) => {
    const params = new URLSearchParams({ status: state });
    if (query.q) params.set("q", query.q);
    if (query.per_page) params.set("per_page", query.per_page);
    if (page > 1) params.set("page", String(page));
    return `${to("panel-organisers")}?${params}`;
  };
  return (
    <main
      id="main"
      className="flex-1 space-y-6 bg-neutral-50 px-4 py-8 sm:px-8 dark:bg-neutral-950"
    >
      <h1 className="text-2xl font-bold tracking-tight">{t("organisersHeading")}</h1>
      <nav aria-label={t("organisersFilter")} className="flex flex-wrap gap-3">
        {statuses.map((name) => (
          <Link
            key={name}
            to={href(name)}
            aria-current={name === status ? "page" : undefined}
            className={name === status ? "font-semibold underline" : "underline"}
          >
            {t(`organiserFilter.${name}`)}
          </Link>
        ))}
      </nav>
      <Card className="p-5">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-4">
          <input type="hidden" name="status" value={status} />
          {query.per_page && <input type="hidden" name="per_page" value={query.per_page} />}
          <TextField
            // A new search in the URL (a link, back and forward) shows in the field.
            key={query.q ?? ""}
            id="organisers-q"
            name="q"
            type="search"
            required={false}
            label={t("organisersSearch")}
            defaultValue={query.q}
            className="min-w-64 flex-1"
          />
          <button type="submit" className="button-primary">
            {t("organisersSearchSubmit")}
          </button>
        </Form>
      </Card>
      {notice && (
        <FormMessage id="review-done" tone="success" ref={noticeRef} tabIndex={-1}>
          {notice}
        </FormMessage>
      )}
      {error && (
        <>
          <FormMessage id="organisers-error" tone="error">
            {error}
          </FormMessage>
          <p>
            <Link to={`${to("panel-organisers")}?status=${status}`} className="underline">
              {t("organisersReset")}
            </Link>
          </p>
        </>
      )}
      {list && list.meta.total === 0 && (
        <p>{query.q ? t("organisersNoMatch") : t("organisersEmpty")}</p>
      )}
      {list && list.meta.total > 0 && <p>{t("organisersCount", { count: list.meta.total })}</p>}
      <ul className="space-y-4">
        {organisers.map((organiser) => {
          const failure = actionData?.userId === organiser.user_id ? actionData : null;
          return (
            <Card as="li" key={organiser.user_id} className="space-y-3 p-5">
              <h2 className="text-lg font-semibold">{organiser.company_name}</h2>
              <p>
                {organiser.name} · {organiser.email} · {organiser.city_name} ·{" "}
                {organiser.tax_number}
              </p>
              <Badge tone={organiser.email_verified ? "positive" : "neutral"} size="sm">
                {organiser.email_verified ? t("emailVerified") : t("emailUnverified")}
              </Badge>
              <p className="text-sm">
                {t("appliedOn", {
                  date: format.dateTime(new Date(organiser.created_at), { dateStyle: "medium" }),
                })}
              </p>
              {organiser.review_note && (
                <p>
                  <strong>{t("access.reason")}</strong> {organiser.review_note}
                </p>
              )}
              {failure && (
                <FormMessage id={`review-${organiser.user_id}-error`} tone="error">
                  {failure.message}
                </FormMessage>
              )}
              <div className="flex flex-wrap items-end gap-4">
                {status === "pending" && (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="user_id" value={organiser.user_id} />
                    <input type="hidden" name="intent" value="approve" />
                    <button type="submit" className="button-primary">
                      {t("approve", { company: organiser.company_name })}
                    </button>
                  </Form>
                )}
                {(status === "pending" || status === "approved") && (
                  <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
                    <input type="hidden" name="user_id" value={organiser.user_id} />
                    <input
                      type="hidden"
                      name="intent"
                      value={status === "pending" ? "reject" : "suspend"}
                    />
                    <TextField
                      id={`reason-${organiser.user_id}`}
                      name="reason"
                      label={t("reviewReason")}
                      defaultValue={failure?.typed}
                      error={failure?.reason ?? undefined}
                    />
                    <button type="submit" className="button-secondary">
                      {status === "pending"
                        ? t("reject", { company: organiser.company_name })
                        : t("suspend", { company: organiser.company_name })}
                    </button>
                  </Form>
                )}
                {status === "suspended" && (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="user_id" value={organiser.user_id} />
                    <input type="hidden" name="intent" value="reinstate" />
                    <button type="submit" className="button-primary">
                      {t("reinstate", { company: organiser.company_name })}
                    </button>
                  </Form>
                )}
              </div>
            </Card>
          );
        })}
      </ul>
      {list && (
        <Pagination
          page={list.meta.page}
          pages={list.meta.pages}
          hrefFor={(page) => href(status, page)}
        />
      )}
    </main>
  );
}

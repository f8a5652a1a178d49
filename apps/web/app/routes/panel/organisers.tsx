import { data, Form, Link } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { ApiError, apiFor } from "../../api.server";
import { FormMessage, TextField } from "../../components/form-field";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import type { Route } from "./+types/organisers";

const filters = ["pending", "approved", "rejected", "suspended"] as const;
type Filter = (typeof filters)[number];
const actions = ["approve", "reject", "suspend", "reinstate"] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  const wanted = url.searchParams.get("status");
  const status: Filter = filters.find((name) => name === wanted) ?? "pending";
  const organisers = (await (await apiFor(context)).panel.organisers({ status })).data;
  return { status, organisers };
}

/** One decision on one organiser; rejecting and suspending need a reason. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = actions.find((name) => name === form.get("intent"));
  const userId = String(form.get("user_id") ?? "");
  const reason = String(form.get("reason") ?? "");
  if (!intent)
    return data({ ok: false, userId, intent: null, message: null, reason: null }, { status: 400 });
  const api = (await apiFor(context)).panel;
  try {
    if (intent === "approve") await api.approveOrganiser(userId);
    if (intent === "reject") await api.rejectOrganiser(userId, { reason });
    if (intent === "suspend") await api.suspendOrganiser(userId, { reason });
    if (intent === "reinstate") await api.reinstateOrganiser(userId);
    return { ok: true, userId, intent, message: null, reason: null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data(
      {
        ok: false,
        userId,
        intent,
        message: error.message,
        reason: error.body?.error.fields?.reason ?? null,
      },
      { status: 400 },
    );
  }
}

export default function Organisers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("panel");
  const format = useFormatter();
  const { status, organisers } = loaderData;
  return (
    <main
      id="main"
      className="flex-1 space-y-6 bg-neutral-50 px-4 py-8 sm:px-8 dark:bg-neutral-950"
    >
      <h1 className="text-2xl font-bold tracking-tight">{t("organisersHeading")}</h1>
      <nav aria-label={t("organisersFilter")} className="flex flex-wrap gap-3">
        {filters.map((name) => (
          <Link
            key={name}
            to={`?status=${name}`}
            aria-current={name === status ? "page" : undefined}
            className={name === status ? "font-semibold underline" : "underline"}
          >
            {t(`organiserFilter.${name}`)}
          </Link>
        ))}
      </nav>
      {actionData?.ok && (
        <FormMessage id="review-done" tone="success">
          {t(`reviewDone.${actionData.intent as "approve"}`)}
        </FormMessage>
      )}
      {organisers.length === 0 && <p>{t("organisersEmpty")}</p>}
      <ul className="space-y-4">
        {organisers.map((organiser) => {
          const failure =
            actionData && !actionData.ok && actionData.userId === organiser.user_id
              ? actionData
              : null;
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
                  <Form method="post">
                    <input type="hidden" name="user_id" value={organiser.user_id} />
                    <input type="hidden" name="intent" value="approve" />
                    <button type="submit" className="button-primary">
                      {t("approve", { company: organiser.company_name })}
                    </button>
                  </Form>
                )}
                {(status === "pending" || status === "approved") && (
                  <Form method="post" className="flex flex-wrap items-end gap-3">
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
                  <Form method="post">
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
    </main>
  );
}

import { isActiveOrganiser } from "@eventwerk/contract";
import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { apiFor } from "../api.server";
import { mutedText } from "../components/page-parts";
import { EventTable, FigureCards } from "../components/panel/figures";
import { Card } from "../components/ui/card";
import { requestState } from "../context";
import { usePaths } from "../hooks";
import type { Route } from "./+types/panel";

/**
 * The panel's start: an approved organiser's dashboard; for the operator the applications
 * waiting; for everyone else signed in, where they stand (pending, rejected, suspended, or not
 * an organiser) and what happens next.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(requestState);
  const api = await apiFor(context);
  // Only the counts: one application, and the page's total; the refunds only the operator makes.
  const [pendingApplications, refundsElsewhere] =
    user?.role === "admin"
      ? await Promise.all([
          api.panel.organisers({ status: "pending", per_page: 1 }).then((list) => list.meta.total),
          api.panel.refundsElsewhere({ per_page: 1 }).then((list) => list.meta.total),
        ])
      : [null, null];
  const profile = user?.organiser ?? null;
  if (isActiveOrganiser(profile)) {
    const dashboard = (await api.panel.dashboard()).data;
    return {
      state: "organiser" as const,
      dashboard,
      pendingApplications,
      refundsElsewhere,
      note: null,
    };
  }
  const state = !profile
    ? ("none" as const)
    : profile.suspended
      ? ("suspended" as const)
      : profile.approval_status === "rejected"
        ? ("rejected" as const)
        : ("pending" as const);
  return {
    state,
    dashboard: null,
    pendingApplications,
    refundsElsewhere,
    note: profile?.review_note ?? null,
  };
}

export default function Panel({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("panel");
  const { to } = usePaths();
  const { state, dashboard, pendingApplications, refundsElsewhere, note } = loaderData;
  return (
    <main
      id="main"
      className="flex-1 space-y-8 bg-neutral-50 px-4 py-8 sm:px-8 dark:bg-neutral-950"
    >
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("heading")}</h1>
        <p className={`max-w-3xl ${mutedText}`}>{t("intro")}</p>
      </header>
      {pendingApplications !== null && (
        <Card as="section" aria-labelledby="admin-heading" className="space-y-2 p-5">
          <h2 id="admin-heading" className="text-lg font-semibold">
            {t("adminHeading")}
          </h2>
          <p>{t("adminPending", { count: pendingApplications })}</p>
          <Link to={to("panel-organisers")} className="button-secondary inline-block">
            {t("adminReview")}
          </Link>
        </Card>
      )}
      {refundsElsewhere !== null && refundsElsewhere > 0 && (
        <Card as="section" aria-labelledby="refunds-heading" className="space-y-2 p-5">
          <h2 id="refunds-heading" className="text-lg font-semibold">
            {t("refundsHeading")}
          </h2>
          <p>{t("adminRefunds", { count: refundsElsewhere })}</p>
          <Link to={to("panel-refunds")} className="button-secondary inline-block">
            {t("adminRefundsLink")}
          </Link>
        </Card>
      )}
      {dashboard ? (
        <>
          <section aria-labelledby="totals-heading" className="space-y-3">
            <h2 id="totals-heading" className="text-lg font-semibold">
              {t("totalsHeading")}
            </h2>
            <FigureCards figures={dashboard.totals} />
          </section>
          <div>
            <Link to={to("panel-event-new")} className="button-primary inline-block">
              {t("navNewEvent")}
            </Link>
          </div>
          {dashboard.upcoming.length > 0 ? (
            <EventTable events={dashboard.upcoming} caption={t("upcomingHeading")} />
          ) : (
            <p>{t("noUpcoming")}</p>
          )}
          {dashboard.past.length > 0 && (
            <EventTable events={dashboard.past} caption={t("pastHeading")} />
          )}
        </>
      ) : (
        pendingApplications === null && (
          <Card as="section" aria-labelledby="status-heading" className="max-w-2xl space-y-3 p-6">
            <h2 id="status-heading" className="text-lg font-semibold">
              {t(`access.${state}.title`)}
            </h2>
            <p>{t(`access.${state}.text`)}</p>
            {note && (
              <p>
                <strong>{t("access.reason")}</strong> {note}
              </p>
            )}
            {state === "none" && (
              <a
                href={to("organiser-register")}
                target="_top"
                className="button-primary inline-block"
              >
                {t("emptyRegister")}
              </a>
            )}
          </Card>
        )
      )}
    </main>
  );
}

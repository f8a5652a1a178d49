import { isActiveOrganiser } from "@eventwerk/contract";
import { Link, redirect } from "react-router";
import { useTranslations } from "use-intl";
import { apiFor } from "../../api.server";
import { Dashboard } from "../../components/account/dashboard";
import { noticeOf, notices, Section } from "../../components/account/section";
import { Icon } from "../../components/icon";
import { linkClass, mutedText } from "../../components/page-parts";
import { Card } from "../../components/ui/card";
import { requestState } from "../../context";
import { usePaths } from "../../hooks";
import { summariseTickets } from "../../lib/dashboard-summary";
import { pathTo } from "../../route-table";
import type { Route } from "./+types/dashboard";
import { signedInUser } from "./account.server";
import { accountScreens } from "./screens";
import { allTickets } from "./tickets.server";

/**
 * Links into the one-page account of before: `?notice=` and `?edit=` go on to the screen that
 * now has them (the `#tickets`, `#profile`, … anchors are the cards below).
 */
function redirectOldLinks(url: URL, locale: "de" | "en") {
  const notice = noticeOf(url.searchParams.get("notice"));
  if (notice) throw redirect(`${pathTo(notices[notice].screen, locale)}?notice=${notice}`);
  const edit = url.searchParams.get("edit");
  if (edit)
    throw redirect(`${pathTo("account-addresses", locale)}?edit=${encodeURIComponent(edit)}`);
}

export async function loader({ url, context }: Route.LoaderArgs) {
  redirectOldLinks(url, context.get(requestState).locale);
  const { organiser } = signedInUser(context);
  const tickets = await allTickets(await apiFor(context));
  return {
    summary: summariseTickets(tickets, new Date()),
    approval: organiser?.approval_status ?? null,
    doorScreen: isActiveOrganiser(organiser),
  };
}

/** The account's overview: the organiser's status, the figures, and the way to each screen. */
export default function AccountDashboard({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("account");
  const { to } = usePaths();
  const { summary, approval, doorScreen } = loaderData;
  return (
    <>
      {approval && (
        <aside
          aria-labelledby="account-organiser"
          className="flex flex-col gap-3 rounded-xl border border-primary-700/40 bg-primary-50 p-6 sm:flex-row sm:items-center dark:border-primary-300/40 dark:bg-primary-950"
        >
          <Icon name="layout-dashboard" className="size-8 shrink-0 text-accent" />
          <div className="flex-1 space-y-1">
            <h2 id="account-organiser" className="font-semibold">
              {t("organiserHeading")}
            </h2>
            <p className="font-semibold" data-approval={approval}>
              {t("approvalLabel", { status: approval })}
            </p>
            <p className="text-neutral-800 dark:text-neutral-200">{t(`approval.${approval}`)}</p>
          </div>
          <Link to={to("panel")} className="button-primary">
            {t("organiserPanel")}
          </Link>
        </aside>
      )}

      <Section id="dashboard" title={t("dashboardHeading")}>
        <Dashboard summary={summary} />
      </Section>

      <ul className="grid gap-4 sm:grid-cols-2">
        {accountScreens.map((screen) => {
          const { key, label } = screen;
          if (label === "dashboard" || ("organiser" in screen && !doorScreen)) {
            return null;
          }
          return (
            <Card as="li" key={key} id={label} className="scroll-mt-24 space-y-2 p-6">
              <h2 className="text-lg font-semibold">{t(`nav.${label}`)}</h2>
              <p className={mutedText}>{t(`screens.${label}`)}</p>
              <Link to={to(key)} className={linkClass}>
                {t("openScreen", { screen: t(`nav.${label}`) })}
              </Link>
            </Card>
          );
        })}
      </ul>
    </>
  );
}

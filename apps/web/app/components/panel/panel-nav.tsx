import { NavLink } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths, useRootData } from "../../hooks";

/** The panel's own navigation (the panel-iframe layout has no site header). */
export function PanelNav({ organiser, admin }: { organiser: boolean; admin: boolean }) {
  const t = useTranslations("panel");
  const { to } = usePaths();
  const { siteName } = useRootData();
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded px-3 py-2 font-medium hover:bg-neutral-200 dark:hover:bg-neutral-800 ${
      isActive ? "bg-neutral-200 dark:bg-neutral-800" : ""
    }`;
  return (
    <nav
      aria-label={t("navLabel")}
      className="flex flex-wrap items-center gap-2 border-b border-neutral-200 bg-white px-4 py-2 sm:px-8 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <span className="mr-4 font-semibold text-accent">{t("navTitle", { site: siteName })}</span>
      <NavLink to={to("panel")} end className={link}>
        {t("navDashboard")}
      </NavLink>
      {organiser && (
        <NavLink to={to("panel-event-new")} className={link}>
          {t("navNewEvent")}
        </NavLink>
      )}
      {admin && (
        <>
          <NavLink to={to("panel-organisers")} className={link}>
            {t("navOrganisers")}
          </NavLink>
          <NavLink to={to("panel-refunds")} className={link}>
            {t("navRefunds")}
          </NavLink>
        </>
      )}
      <a href={to("home")} target="_top" className="ml-auto rounded px-3 py-2 hover:underline">
        {t("navSite")}
      </a>
    </nav>
  );
}

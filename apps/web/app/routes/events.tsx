import { CalendarX2 } from "lucide-react";
import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../hooks";
import { EmptyState, PageHeader } from "../lib/page-parts";

export default function Events() {
  const t = useTranslations("events");
  const { to } = usePaths();
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <EmptyState
        icon={CalendarX2}
        title={t("emptyTitle")}
        actions={
          <>
            <Link to={to("home")} className="button-secondary">
              {t("emptyHome")}
            </Link>
            <Link to={to("organiser-register")} className="button-primary">
              {t("emptyOrganiser")}
            </Link>
          </>
        }
      >
        <p>{t("emptyText")}</p>
      </EmptyState>
    </main>
  );
}

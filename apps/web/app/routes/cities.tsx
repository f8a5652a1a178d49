import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../hooks";
import { EmptyState, PageHeader } from "../lib/page-parts";

export default function Cities() {
  const t = useTranslations("cities");
  const { to } = usePaths();
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <EmptyState
        icon={MapPin}
        title={t("emptyTitle")}
        actions={
          <>
            <Link to={to("events")} className="button-secondary">
              {t("emptyEvents")}
            </Link>
            <Link to={to("event-categories")} className="button-secondary">
              {t("emptyCategories")}
            </Link>
          </>
        }
      >
        <p>{t("emptyText")}</p>
      </EmptyState>
    </main>
  );
}

import { useTranslations } from "use-intl";
import { Icon } from "../components/icon";
import { EmptyState, mutedText } from "../components/page-parts";
import { Card } from "../components/ui/card";
import { usePaths, useRootData } from "../hooks";

const areas = [
  { key: "events", icon: "calendar-plus" },
  { key: "sales", icon: "chart-column" },
  { key: "checkIn", icon: "scan-line" },
] as const;

/**
 * The organiser panel, shown inside a frame (panel-iframe layout, no site chrome). Links leave
 * the frame (`target="_top"`) so the site opens as a whole page.
 */
export default function Panel() {
  const t = useTranslations("panel");
  const { siteName } = useRootData();
  const { to } = usePaths();
  return (
    <main
      id="main"
      className="flex flex-1 flex-col gap-8 bg-neutral-50 px-4 py-8 sm:px-8 dark:bg-neutral-950"
    >
      <header className="space-y-2">
        <p className="text-sm font-semibold text-primary-800 dark:text-primary-300">{siteName}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("heading")}</h1>
        <p className={`max-w-3xl ${mutedText}`}>{t("intro")}</p>
      </header>
      <section aria-labelledby="panel-areas">
        <h2 id="panel-areas" className="text-lg font-semibold">
          {t("areasHeading")}
        </h2>
        <ul className="mt-3 grid gap-4 md:grid-cols-3">
          {areas.map(({ key, icon }) => (
            <Card as="li" key={key} className="p-5">
              <Icon name={icon} className="size-6 text-primary-800 dark:text-primary-300" />
              <h3 className="mt-3 font-semibold">{t(`areas.${key}.title`)}</h3>
              <p className={`mt-1 ${mutedText}`}>{t(`areas.${key}.text`)}</p>
            </Card>
          ))}
        </ul>
      </section>
      <div className="flex flex-1 flex-col justify-center">
        <EmptyState
          icon="layout-dashboard"
          title={t("emptyTitle")}
          actions={
            <>
              <a href={to("account")} target="_top" className="button-primary">
                {t("emptyAccount")}
              </a>
              <a href={to("organiser-register")} target="_top" className="button-secondary">
                {t("emptyRegister")}
              </a>
            </>
          }
        >
          <p>{t("emptyText")}</p>
        </EmptyState>
      </div>
    </main>
  );
}

import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { Icon } from "../components/icon";
import { EmptyState, mutedText, PageHeader } from "../components/page-parts";
import { Card } from "../components/ui/card";
import { usePaths } from "../hooks";

const points = [
  { key: "phone", icon: "smartphone" },
  { key: "scan", icon: "scan-line" },
  { key: "safe", icon: "shield-check" },
] as const;

/** What QR tickets are and how they are used at the door. */
export default function Qr() {
  const t = useTranslations("qr");
  const { to } = usePaths();
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <section aria-labelledby="qr-how">
        <h2 id="qr-how" className="text-xl font-semibold">
          {t("howHeading")}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {points.map(({ key, icon }) => (
            <Card as="li" key={key} className="p-5">
              <Icon name={icon} className="size-6 text-primary-800 dark:text-primary-300" />
              <h3 className="mt-3 font-semibold">{t(`points.${key}.title`)}</h3>
              <p className={`mt-1 ${mutedText}`}>{t(`points.${key}.text`)}</p>
            </Card>
          ))}
        </ul>
      </section>
      <EmptyState
        icon="qr-code"
        title={t("emptyTitle")}
        actions={
          <>
            <Link to={to("account")} className="button-primary">
              <Icon name="ticket" className="size-4" />
              {t("emptyAccount")}
            </Link>
            <Link to={to("events")} className="button-secondary">
              {t("emptyEvents")}
            </Link>
          </>
        }
      >
        <p>{t("emptyText")}</p>
      </EmptyState>
    </main>
  );
}

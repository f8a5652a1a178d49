import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { Icon } from "../components/icon";
import { usePageLink } from "../components/page-link";
import { CheckList, mutedText, PageHeader } from "../components/page-parts";
import { Card } from "../components/ui/card";
import { usePaths } from "../hooks";

const benefitKeys = ["one", "two", "three"] as const;

/** The choice between a visitor and an organiser account. */
export default function Register() {
  const t = useTranslations("register");
  const { to } = usePaths();
  const pageLink = usePageLink();
  const options = [
    { key: "visitor", icon: "user-round", href: to("visitor-register") },
    { key: "organiser", icon: "building-complex", href: to("organiser-register") },
  ] as const;
  return (
    <main id="main" className="mx-auto max-w-5xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <div className="grid gap-6 md:grid-cols-2">
        {options.map(({ key, icon, href }) => (
          <Card
            as="section"
            key={key}
            aria-labelledby={`register-${key}`}
            className="flex flex-col p-6"
          >
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300">
                <Icon name={icon} className="size-5" />
              </span>
              <h2 id={`register-${key}`} className="text-xl font-semibold">
                {t(`${key}.title`)}
              </h2>
            </div>
            <p className={`mt-3 ${mutedText}`}>{t(`${key}.text`)}</p>
            <CheckList
              className="mt-4 flex-1"
              items={benefitKeys.map((benefit) => t(`${key}.benefits.${benefit}`))}
            />
            <Link to={href} className="button-primary mt-6 self-start">
              {t(`${key}.action`)}
            </Link>
          </Card>
        ))}
      </div>
      <p className={mutedText}>{t.rich("haveAccount", { link: pageLink("login") })}</p>
    </main>
  );
}

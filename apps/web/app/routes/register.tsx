import { Building2, Check, UserRound } from "lucide-react";
import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../hooks";
import { linkClass, mutedText, PageHeader } from "../lib/page-parts";

const benefitKeys = ["one", "two", "three"] as const;

/** The choice between a visitor and an organiser account. */
export default function Register() {
  const t = useTranslations("register");
  const { to } = usePaths();
  const options = [
    { key: "visitor", icon: UserRound, href: to("visitor-register") },
    { key: "organiser", icon: Building2, href: to("organiser-register") },
  ] as const;
  return (
    <main id="main" className="mx-auto max-w-5xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <div className="grid gap-6 md:grid-cols-2">
        {options.map(({ key, icon: Icon, href }) => (
          <section
            key={key}
            aria-labelledby={`register-${key}`}
            className="flex flex-col rounded-xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h2 id={`register-${key}`} className="text-xl font-semibold">
                {t(`${key}.title`)}
              </h2>
            </div>
            <p className={`mt-3 ${mutedText}`}>{t(`${key}.text`)}</p>
            <ul className="mt-4 flex-1 space-y-2">
              {benefitKeys.map((benefit) => (
                <li key={benefit} className="flex gap-2">
                  <Check
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-primary-800 dark:text-primary-300"
                  />
                  <span>{t(`${key}.benefits.${benefit}`)}</span>
                </li>
              ))}
            </ul>
            <Link to={href} className="button-primary mt-6 self-start">
              {t(`${key}.action`)}
            </Link>
          </section>
        ))}
      </div>
      <p className={mutedText}>
        {t.rich("haveAccount", {
          link: (chunks) => (
            <Link className={linkClass} to={to("login")}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    </main>
  );
}

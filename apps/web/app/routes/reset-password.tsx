import { KeyRound, LogIn, Mail, MailCheck, ShieldCheck, TimerReset } from "lucide-react";
import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../hooks";
import { EmptyState, mutedText, PageHeader } from "../lib/page-parts";

const steps = [
  { key: "request", icon: Mail },
  { key: "mail", icon: MailCheck },
  { key: "choose", icon: KeyRound },
] as const;

const facts = [
  { key: "validity", icon: TimerReset },
  { key: "singleUse", icon: ShieldCheck },
] as const;

/** How resetting a password works: a link by email, valid for 60 minutes and usable once. */
export default function ResetPassword() {
  const t = useTranslations("resetPassword");
  const { to } = usePaths();
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <section aria-labelledby="reset-steps">
        <h2 id="reset-steps" className="text-xl font-semibold">
          {t("stepsHeading")}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {steps.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="rounded-xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
            >
              <Icon aria-hidden="true" className="size-6 text-primary-800 dark:text-primary-300" />
              <h3 className="mt-3 font-semibold">{t(`steps.${key}.title`)}</h3>
              <p className={`mt-1 ${mutedText}`}>{t(`steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="reset-facts">
        <h2 id="reset-facts" className="text-xl font-semibold">
          {t("factsHeading")}
        </h2>
        <ul className="mt-4 space-y-3">
          {facts.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-3">
              <Icon
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-primary-800 dark:text-primary-300"
              />
              <span className={mutedText}>{t(`facts.${key}`)}</span>
            </li>
          ))}
        </ul>
      </section>
      <EmptyState
        icon={KeyRound}
        title={t("helpTitle")}
        actions={
          <>
            <Link to={to("login")} className="button-secondary">
              <LogIn aria-hidden="true" className="size-4" />
              {t("login")}
            </Link>
            <Link to={to("contact")} className="button-secondary">
              <Mail aria-hidden="true" className="size-4" />
              {t("contact")}
            </Link>
          </>
        }
      >
        <p>{t("helpText")}</p>
      </EmptyState>
    </main>
  );
}

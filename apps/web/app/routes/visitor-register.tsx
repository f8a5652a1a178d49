import { Check, ClipboardList, LogIn, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../hooks";
import { EmptyState, linkClass, mutedText, PageHeader } from "../lib/page-parts";

const benefitKeys = ["tickets", "orders", "addresses", "language"] as const;
const askedKeys = ["name", "email", "password", "terms", "newsletter"] as const;
const stepKeys = ["form", "confirm", "buy"] as const;

export default function VisitorRegister() {
  const t = useTranslations("visitorRegister");
  const { to } = usePaths();
  const link = (key: "terms" | "privacy-policy") => (chunks: ReactNode) => (
    <Link className={linkClass} to={to(key)}>
      {chunks}
    </Link>
  );
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />

      <section aria-labelledby="visitor-benefits">
        <h2 id="visitor-benefits" className="text-xl font-semibold">
          {t("benefitsHeading")}
        </h2>
        <ul className="mt-4 space-y-2">
          {benefitKeys.map((key) => (
            <li key={key} className="flex gap-2">
              <Check
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-primary-800 dark:text-primary-300"
              />
              <span>{t(`benefits.${key}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="visitor-asked">
        <h2 id="visitor-asked" className="text-xl font-semibold">
          {t("askedHeading")}
        </h2>
        <ul className={`mt-4 list-disc space-y-1 pl-6 ${mutedText}`}>
          {askedKeys.map((key) => (
            <li key={key}>{t(`asked.${key}`)}</li>
          ))}
        </ul>
        <p className={`mt-4 ${mutedText}`}>
          {t.rich("legal", { terms: link("terms"), privacy: link("privacy-policy") })}
        </p>
      </section>

      <section aria-labelledby="visitor-steps">
        <h2 id="visitor-steps" className="text-xl font-semibold">
          {t("stepsHeading")}
        </h2>
        <ol className="mt-4 space-y-3">
          {stepKeys.map((key, index) => (
            <li key={key} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-700 text-sm font-semibold text-white"
              >
                {index + 1}
              </span>
              <span className={mutedText}>{t(`steps.${key}`)}</span>
            </li>
          ))}
        </ol>
      </section>

      <EmptyState
        icon={ClipboardList}
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

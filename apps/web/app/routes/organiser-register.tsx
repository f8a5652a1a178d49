import { Check, ClipboardList, LogIn, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { apiFor } from "../api.server";
import { usePaths } from "../hooks";
import { EmptyState, linkClass, mutedText, PageHeader } from "../lib/page-parts";
import type { Route } from "./+types/organiser-register";

/** The company categories an organiser chooses from, in the page's language. */
export async function loader({ context }: Route.LoaderArgs) {
  const categories = (await (await apiFor(context)).companyCategories()).data;
  return { categories: categories.map(({ id, name }) => ({ id, name })) };
}

const benefitKeys = ["publish", "sell", "checkIn", "payout"] as const;
const askedKeys = ["person", "company", "category", "taxNumber", "address", "terms"] as const;
const stepKeys = ["form", "review", "publish", "checkIn"] as const;

export default function OrganiserRegister({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("organiserRegister");
  const { to } = usePaths();
  const link = (key: "terms" | "privacy-policy" | "event-solutions") => (chunks: ReactNode) => (
    <Link className={linkClass} to={to(key)}>
      {chunks}
    </Link>
  );
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />

      <section aria-labelledby="organiser-benefits">
        <h2 id="organiser-benefits" className="text-xl font-semibold">
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
        <p className={`mt-4 ${mutedText}`}>
          {t.rich("solutions", { link: link("event-solutions") })}
        </p>
      </section>

      <section aria-labelledby="organiser-asked">
        <h2 id="organiser-asked" className="text-xl font-semibold">
          {t("askedHeading")}
        </h2>
        <ul className={`mt-4 list-disc space-y-1 pl-6 ${mutedText}`}>
          {askedKeys.map((key) => (
            <li key={key}>{t(`asked.${key}`)}</li>
          ))}
        </ul>
        {loaderData.categories.length > 0 && (
          <>
            <h3 id="organiser-categories" className="mt-6 font-semibold">
              {t("categoriesHeading")}
            </h3>
            <ul aria-labelledby="organiser-categories" className="mt-3 flex flex-wrap gap-2">
              {loaderData.categories.map((category) => (
                <li
                  key={category.id}
                  className="rounded-full border border-neutral-300 px-3 py-1 text-sm dark:border-neutral-700"
                >
                  {category.name}
                </li>
              ))}
            </ul>
          </>
        )}
        <p className={`mt-6 ${mutedText}`}>
          {t.rich("legal", { terms: link("terms"), privacy: link("privacy-policy") })}
        </p>
      </section>

      <section aria-labelledby="organiser-steps">
        <h2 id="organiser-steps" className="text-xl font-semibold">
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

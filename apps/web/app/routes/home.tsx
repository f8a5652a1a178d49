import {
  Building2,
  CalendarDays,
  CalendarSearch,
  MapPin,
  Megaphone,
  QrCode,
  ScanLine,
  Search,
  Tags,
  Ticket,
  UserPlus,
} from "lucide-react";
import { Form, Link } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths, useRootData } from "../hooks";
import { EmptyState, linkClass, mutedText } from "../lib/page-parts";

const visitorSteps = [
  { key: "discover", icon: CalendarSearch },
  { key: "buy", icon: Ticket },
  { key: "enter", icon: QrCode },
] as const;

const organiserSteps = [
  { key: "register", icon: UserPlus },
  { key: "publish", icon: Megaphone },
  { key: "checkIn", icon: ScanLine },
] as const;

export default function Home() {
  const t = useTranslations("home");
  const { siteName } = useRootData();
  const { to } = usePaths();

  const explore = [
    { key: "events", icon: CalendarDays, href: to("events") },
    { key: "categories", icon: Tags, href: to("event-categories") },
    { key: "cities", icon: MapPin, href: to("cities") },
  ] as const;

  return (
    <main id="main">
      <section className="border-b border-neutral-200 bg-gradient-to-b from-primary-50 to-white dark:border-neutral-800 dark:from-neutral-900 dark:to-neutral-950">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <p className="font-semibold text-primary-800 dark:text-primary-300">{t("eyebrow")}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
            {t("heroTitle", { site: siteName })}
          </h1>
          <p className={`mt-4 max-w-2xl text-lg ${mutedText}`}>{t("heroText")}</p>
          <Form
            method="get"
            action={to("search")}
            role="search"
            className="mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-end"
          >
            <div className="flex-1 space-y-1">
              <label htmlFor="home-search" className="block font-medium">
                {t("searchLabel")}
              </label>
              <input
                id="home-search"
                type="search"
                name="q"
                placeholder={t("searchPlaceholder")}
                className="field"
              />
            </div>
            <button type="submit" className="button-primary">
              <Search aria-hidden="true" className="size-5" />
              {t("searchSubmit")}
            </button>
          </Form>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-20 px-4 py-16">
        <section aria-labelledby="home-explore">
          <h2 id="home-explore" className="text-2xl font-bold tracking-tight">
            {t("exploreHeading")}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {explore.map(({ key, icon: Icon, href }) => (
              <li key={key}>
                <Link
                  to={href}
                  prefetch="intent"
                  className="flex h-full items-start gap-4 rounded-xl border border-neutral-200 bg-white p-5 transition hover:border-primary-700 hover:shadow-sm dark:border-neutral-800 dark:bg-neutral-900"
                >
                  <Icon
                    aria-hidden="true"
                    className="mt-0.5 size-6 shrink-0 text-primary-800 dark:text-primary-300"
                  />
                  <span>
                    <span className="block font-semibold">{t(`explore.${key}.title`)}</span>
                    <span className={`mt-1 block text-sm ${mutedText}`}>
                      {t(`explore.${key}.text`)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="home-highlights">
          <h2 id="home-highlights" className="text-2xl font-bold tracking-tight">
            {t("highlightsHeading")}
          </h2>
          <div className="mt-6">
            <EmptyState
              icon={CalendarDays}
              headingLevel={3}
              title={t("highlightsEmptyTitle")}
              actions={
                <Link to={to("events")} className="button-secondary">
                  {t("highlightsEmptyAction")}
                </Link>
              }
            >
              <p>{t("highlightsEmptyText")}</p>
            </EmptyState>
          </div>
        </section>

        <section aria-labelledby="home-how">
          <h2 id="home-how" className="text-2xl font-bold tracking-tight">
            {t("howHeading")}
          </h2>
          <p className={`mt-2 max-w-2xl ${mutedText}`}>{t("howIntro")}</p>
          <ol className="mt-6 grid gap-6 md:grid-cols-3">
            {visitorSteps.map(({ key, icon: Icon }, index) => (
              <li
                key={key}
                className="rounded-xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
              >
                <div className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-full bg-primary-700 text-white">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="text-sm font-semibold text-primary-800 dark:text-primary-300">
                    {t("stepNumber", { number: index + 1 })}
                  </span>
                </div>
                <h3 className="mt-4 text-lg font-semibold">{t(`visitorSteps.${key}.title`)}</h3>
                <p className={`mt-2 ${mutedText}`}>{t(`visitorSteps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section
          aria-labelledby="home-organisers"
          className="rounded-2xl bg-neutral-900 px-6 py-10 text-white sm:px-10 dark:bg-neutral-800"
        >
          <div className="flex items-center gap-3">
            <Building2 aria-hidden="true" className="size-7 text-primary-300" />
            <h2 id="home-organisers" className="text-2xl font-bold tracking-tight">
              {t("organisersHeading")}
            </h2>
          </div>
          <p className="mt-3 max-w-2xl text-neutral-200">
            {t("organisersIntro", { site: siteName })}
          </p>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {organiserSteps.map(({ key, icon: Icon }, index) => (
              <li key={key} className="space-y-2">
                <div className="flex items-center gap-3">
                  <Icon aria-hidden="true" className="size-5 text-primary-300" />
                  <span className="text-sm font-semibold text-primary-200">
                    {t("stepNumber", { number: index + 1 })}
                  </span>
                </div>
                <h3 className="text-lg font-semibold">{t(`organiserSteps.${key}.title`)}</h3>
                <p className="text-neutral-200">{t(`organiserSteps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={to("organiser-register")} className="button-primary">
              {t("organisersRegister")}
            </Link>
            <Link
              to={to("event-solutions")}
              className="inline-flex items-center justify-center rounded-md border border-neutral-500 px-5 py-3 font-semibold text-white transition hover:bg-neutral-800 focus-visible:ring-2 focus-visible:ring-primary-300 focus-visible:outline-none dark:hover:bg-neutral-700"
            >
              {t("organisersSolutions")}
            </Link>
          </div>
        </section>

        <p className={mutedText}>
          {t.rich("questions", {
            link: (chunks) => (
              <Link className={linkClass} to={to("faq")}>
                {chunks}
              </Link>
            ),
            contact: (chunks) => (
              <Link className={linkClass} to={to("contact")}>
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
    </main>
  );
}

import { LayoutDashboard, MapPinHouse, Ticket, UserRound } from "lucide-react";
import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { apiFor } from "../api.server";
import { usePaths, useRootData } from "../hooks";
import { EmptyState, linkClass, mutedText } from "../lib/page-parts";
import type { Route } from "./+types/account";

/** The visitor's saved addresses (the login middleware has made sure there is a visitor). */
export async function loader({ context }: Route.LoaderArgs) {
  const addresses = (await (await apiFor(context)).addresses.list()).data;
  return {
    addresses: addresses.map((address) => ({
      id: address.id,
      title: address.title,
      recipient: address.recipient,
      line: address.line,
      postalCode: address.postal_code,
      city: address.city_name,
      district: address.district_name,
      country: address.country_name,
      isDefault: address.is_default,
    })),
  };
}

const sectionClass =
  "rounded-xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900";

export default function Account({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("account");
  const { user } = useRootData();
  const { to } = usePaths();
  const { addresses } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-5xl space-y-10 px-4 py-12">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {user ? t("greeting", { name: user.name }) : t("heading")}
        </h1>
        <p className={`max-w-3xl text-lg ${mutedText}`}>{t("intro")}</p>
      </header>

      {user?.role === "organiser" && (
        <aside
          aria-labelledby="account-organiser"
          className="flex flex-col gap-3 rounded-xl border border-primary-700/40 bg-primary-50 p-6 sm:flex-row sm:items-center dark:border-primary-300/40 dark:bg-primary-950"
        >
          <LayoutDashboard
            aria-hidden="true"
            className="size-8 shrink-0 text-primary-800 dark:text-primary-300"
          />
          <div className="flex-1">
            <h2 id="account-organiser" className="font-semibold">
              {t("organiserHeading")}
            </h2>
            <p className="text-neutral-800 dark:text-neutral-200">{t("organiserText")}</p>
          </div>
          <Link to={to("panel")} className="button-primary">
            {t("organiserPanel")}
          </Link>
        </aside>
      )}

      <section aria-labelledby="account-tickets" className={sectionClass}>
        <h2 id="account-tickets" className="text-xl font-semibold">
          {t("ticketsHeading")}
        </h2>
        <div className="mt-4">
          <EmptyState
            icon={Ticket}
            headingLevel={3}
            title={t("ticketsEmptyTitle")}
            actions={
              <Link to={to("events")} className="button-secondary">
                {t("ticketsEmptyAction")}
              </Link>
            }
          >
            <p>{t("ticketsEmptyText")}</p>
          </EmptyState>
        </div>
      </section>

      <section aria-labelledby="account-addresses" className={sectionClass}>
        <h2 id="account-addresses" className="text-xl font-semibold">
          {t("addressesHeading")}
        </h2>
        <div className="mt-4">
          {addresses.length > 0 ? (
            <ul className="grid gap-4 sm:grid-cols-2">
              {addresses.map((address) => (
                <li
                  key={address.id}
                  className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-700"
                >
                  <h3 className="font-semibold">
                    {address.title}
                    {address.isDefault && (
                      <span className="ml-2 rounded-xs bg-primary-100 px-1.5 py-0.5 text-xs font-semibold text-primary-900 dark:bg-primary-900 dark:text-primary-100">
                        {t("defaultAddress")}
                      </span>
                    )}
                  </h3>
                  <address className={`mt-1 not-italic ${mutedText}`}>
                    <span className="block">{address.recipient}</span>
                    <span className="block">{address.line}</span>
                    <span className="block">
                      {t("cityLine", { postalCode: address.postalCode, city: address.city })}
                    </span>
                    {address.district && <span className="block">{address.district}</span>}
                    <span className="block">{address.country}</span>
                  </address>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState icon={MapPinHouse} headingLevel={3} title={t("addressesEmptyTitle")}>
              <p>{t("addressesEmptyText")}</p>
            </EmptyState>
          )}
        </div>
      </section>

      <section aria-labelledby="account-profile" className={sectionClass}>
        <h2 id="account-profile" className="text-xl font-semibold">
          {t("profileHeading")}
        </h2>
        {user && (
          <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium">{t("profileName")}</dt>
            <dd className={mutedText}>
              {t("fullName", { name: user.name, surname: user.surname })}
            </dd>
            <dt className="font-medium">{t("profileRole")}</dt>
            <dd className={mutedText}>{t(`roles.${user.role}`)}</dd>
          </dl>
        )}
        <div className="mt-6">
          <EmptyState icon={UserRound} headingLevel={3} title={t("profileEmptyTitle")}>
            <p>
              {t.rich("profileEmptyText", {
                link: (chunks) => (
                  <Link className={linkClass} to={to("contact")}>
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </EmptyState>
        </div>
      </section>
    </main>
  );
}

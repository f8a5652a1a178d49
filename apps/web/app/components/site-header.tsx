import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths, useRootData } from "../hooks";
import { pages, resourcePath } from "../route-table";
import { AppLink } from "./app-link";
import { Icon } from "./icon";
import { LanguageSwitch } from "./language-switch";
import { ThemeToggle } from "./theme-toggle";

/** The CMS page behind a menu entry, by its key; pages without a route of their own use /pages/:id. */
export function cmsPagePath(key: string, id: number, to: ReturnType<typeof usePaths>["to"]) {
  const entry = pages.find((page) => "cms" in page && page.cms === key);
  return entry ? to(entry.key) : to("content-page", { id });
}

export function SiteHeader() {
  const t = useTranslations("nav");
  const { siteName, menus, user, locale } = useRootData();
  const { to } = usePaths();
  return (
    <header className="border-b border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <AppLink
          to={to("home")}
          className="flex items-center gap-2 text-xl font-bold text-primary-800 dark:text-primary-300"
        >
          <Icon name="ticket" className="size-6" />
          {siteName}
        </AppLink>
        <nav aria-label={t("mainMenu")} className="order-3 w-full md:order-none md:w-auto">
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-medium">
            <li>
              <AppLink
                to={to("events")}
                className="hover:text-primary-800 dark:hover:text-primary-300"
              >
                {t("events")}
              </AppLink>
            </li>
            <li>
              <AppLink
                to={to("event-categories")}
                className="hover:text-primary-800 dark:hover:text-primary-300"
              >
                {t("categories")}
              </AppLink>
            </li>
            <li>
              <AppLink
                to={to("cities")}
                className="hover:text-primary-800 dark:hover:text-primary-300"
              >
                {t("cities")}
              </AppLink>
            </li>
            {menus.header.map((page) => (
              <li key={page.id}>
                <AppLink
                  to={cmsPagePath(page.key, page.id, to)}
                  className="hover:text-primary-800 dark:hover:text-primary-300"
                >
                  {page.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <Form method="get" action={to("search")} role="search" className="hidden sm:block">
            <label htmlFor="site-search" className="sr-only">
              {t("searchLabel")}
            </label>
            <div className="relative">
              <Icon
                name="search"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-500"
              />
              <input
                id="site-search"
                type="search"
                name="q"
                placeholder={t("searchPlaceholder")}
                className="w-48 rounded-md border border-neutral-300 bg-white py-1.5 pr-3 pl-9 text-sm dark:border-neutral-700 dark:bg-neutral-800"
              />
            </div>
          </Form>
          {/* Small screens have no room for the field: the search page has its own. */}
          <AppLink
            to={to("search")}
            aria-label={t("searchLabel")}
            className="rounded-md p-2 hover:bg-neutral-100 sm:hidden dark:hover:bg-neutral-800"
          >
            <Icon name="search" className="size-5" />
          </AppLink>
          <ThemeToggle />
          <LanguageSwitch />
          {user ? (
            <div className="flex items-center gap-2">
              <AppLink
                to={to("account")}
                className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-neutral-100 dark:hover:bg-neutral-800"
                aria-label={t("accountOf", { name: `${user.name} ${user.surname}` })}
              >
                <Icon name="user-round" className="size-4" />
                {user.name}
              </AppLink>
              <Form method="post" action={resourcePath("logout", locale)} reloadDocument>
                <button
                  type="submit"
                  className="rounded-md px-2 py-1.5 text-sm font-medium hover:bg-neutral-100 dark:hover:bg-neutral-800"
                >
                  {t("logout")}
                </button>
              </Form>
            </div>
          ) : (
            <AppLink
              to={to("login")}
              className="rounded-md bg-primary-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-primary-800"
            >
              {t("login")}
            </AppLink>
          )}
        </div>
      </div>
    </header>
  );
}

import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths, useRootData } from "../hooks";
import { resourcePath } from "../route-table";
import { AppLink } from "./app-link";
import { Icon } from "./icon";
import { LanguageSwitch } from "./language-switch";
import { SearchCombobox } from "./search-combobox";
import { SiteMenuButton, useMenuLinks } from "./site-menu";
import { ThemeToggle } from "./theme-toggle";

export { cmsPagePath } from "./site-menu";

/**
 * One row at every width. Wide screens show the menu, the search field with suggestions, theme,
 * language and account; narrower ones keep the search (a link to the search page on phones) and
 * put the rest into the menu drawer behind the menu button.
 */
export function SiteHeader() {
  const t = useTranslations("nav");
  const { siteName, user, locale } = useRootData();
  const { to } = usePaths();
  const links = useMenuLinks();
  return (
    <header className="border-b border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
      <div className="mx-auto flex max-w-6xl items-center gap-x-6 px-4 py-2.5">
        <AppLink
          to={to("home")}
          className="flex shrink-0 items-center gap-2 text-xl font-bold text-primary-800 dark:text-primary-300"
        >
          <Icon name="ticket" className="size-6" />
          {siteName}
        </AppLink>
        <nav aria-label={t("mainMenu")} className="hidden lg:block">
          <ul className="nav-links flex gap-x-5 text-sm font-medium">
            {links.main.map((link) => (
              <li key={link.key}>
                <AppLink to={link.to}>{link.label}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 lg:gap-3">
          <Form method="get" action={to("search")} role="search" className="hidden md:block">
            <label htmlFor="site-search" className="sr-only">
              {t("searchLabel")}
            </label>
            <div className="relative">
              <Icon
                name="search"
                className="pointer-events-none absolute top-1/2 left-3 z-10 size-4 -translate-y-1/2 text-neutral-500"
              />
              <SearchCombobox
                id="site-search"
                placeholder={t("searchPlaceholder")}
                inputClassName="w-48 rounded-md border border-neutral-300 bg-white py-1.5 pr-3 pl-9 text-sm dark:border-neutral-700 dark:bg-neutral-800"
              />
            </div>
          </Form>
          {/* Phones have no room for the field: the search page has its own. */}
          <AppLink
            to={to("search")}
            aria-label={t("searchLabel")}
            className="rounded-md p-2 hover-surface md:hidden"
          >
            <Icon name="search" className="size-5" />
          </AppLink>
          <div className="hidden items-center gap-3 lg:flex">
            <ThemeToggle />
            <LanguageSwitch />
            {user ? (
              <div className="flex items-center gap-2">
                <AppLink
                  to={to("account")}
                  className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium hover-surface"
                  aria-label={t("accountOf", { name: `${user.name} ${user.surname}` })}
                >
                  <Icon name="user-round" className="size-4" />
                  {user.name}
                </AppLink>
                <Form method="post" action={resourcePath("logout", locale)} reloadDocument>
                  <button
                    type="submit"
                    className="rounded-md px-2 py-1.5 text-sm font-medium hover-surface"
                  >
                    {t("logout")}
                  </button>
                </Form>
              </div>
            ) : (
              <AppLink
                to={to("login")}
                className="rounded-md bg-primary-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-primary-800"
              >
                {t("login")}
              </AppLink>
            )}
          </div>
          <SiteMenuButton className="lg:hidden" />
        </div>
      </div>
    </header>
  );
}

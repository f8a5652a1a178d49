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
 * Wide screens show the search field with suggestions, theme, language and account, and the menu
 * in a second row; narrower ones keep one row with the search (a link to the search page on
 * phones) and put the rest into the menu drawer behind the menu button.
 */
export function SiteHeader() {
  const t = useTranslations("nav");
  const { siteName, user, locale } = useRootData();
  const { to } = usePaths();
  const links = useMenuLinks();
  return (
    <header className="site-bar border-b">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 px-4 py-2.5">
        <AppLink
          to={to("home")}
          className="flex shrink-0 items-center gap-2 text-xl font-bold text-accent"
        >
          <Icon name="ticket" className="size-6" />
          {siteName}
        </AppLink>
        {/* A row of its own below the bar: with the search, theme, language and account beside
            them the links need more than a laptop's width (German, signed in: 1,330 px). */}
        <nav aria-label={t("mainMenu")} className="order-last hidden basis-full pt-2 lg:block">
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
              <Icon name="search" className="header-search-icon size-4" />
              <SearchCombobox
                id="site-search"
                placeholder={t("searchPlaceholder")}
                inputClassName="header-search"
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
                  className="header-button flex items-center gap-1"
                  aria-label={t("accountOf", { name: `${user.name} ${user.surname}` })}
                >
                  <Icon name="user-round" className="size-4" />
                  {user.name}
                </AppLink>
                <Form method="post" action={resourcePath("logout", locale)} reloadDocument>
                  <button type="submit" className="header-button">
                    {t("logout")}
                  </button>
                </Form>
              </div>
            ) : (
              <AppLink to={to("login")} className="header-login">
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

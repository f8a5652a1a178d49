import { useTranslations } from "use-intl";
import { useHydrated, usePaths, useRootData } from "../hooks";
import { pages } from "../route-table";
import { Icon } from "./icon";
import { lazyDialog, useLazyDialog } from "./lazy-dialog";

/** The CMS page behind a menu entry, by its key; pages without a route of their own use /pages/:id. */
export function cmsPagePath(key: string, id: number, to: ReturnType<typeof usePaths>["to"]) {
  const entry = pages.find((page) => "cms" in page && page.cms === key);
  return entry ? to(entry.key) : to("content-page", { id });
}

export type MenuLink = { key: string; to: string; label: string };

/**
 * The site's menus, one list each: `main` (the header's: catalogue pages and the header's CMS
 * pages) and `footer` (the footer's CMS pages and contact). The drawer shows both.
 */
export function useMenuLinks(): { main: MenuLink[]; footer: MenuLink[] } {
  const t = useTranslations("nav");
  const { menus } = useRootData();
  const { to } = usePaths();
  return {
    main: [
      { key: "events", to: to("events"), label: t("events") },
      { key: "categories", to: to("event-categories"), label: t("categories") },
      { key: "cities", to: to("cities"), label: t("cities") },
      ...menus.header.map((page) => ({
        key: `page-${page.id}`,
        to: cmsPagePath(page.key, page.id, to),
        label: page.title,
      })),
    ],
    footer: [
      ...menus.footer.map((page) => ({
        key: `page-${page.id}`,
        to: cmsPagePath(page.key, page.id, to),
        label: page.title,
      })),
      { key: "contact", to: to("contact"), label: t("contact") },
    ],
  };
}

const siteMenuDrawer = lazyDialog(() => import("./site-menu-drawer"));

/** The id of the footer's menu, which lists every link of the drawer. */
export const footerMenuId = "site-menu";

const buttonClass =
  "inline-flex items-center gap-1.5 rounded-md p-2 text-sm font-medium hover-surface focus-ring";

/**
 * The menu button of small screens. It opens the menu drawer (its code loads on the first
 * hover, focus or click); before the page is interactive, or without JavaScript, it is a link to
 * the footer's menu, which lists the same pages.
 */
export function SiteMenuButton({ className = "" }: { className?: string }) {
  const t = useTranslations("nav");
  const hydrated = useHydrated();
  const { button, dialog } = useLazyDialog(siteMenuDrawer);
  const content = (
    <>
      <Icon name="menu" className="size-5" />
      <span>{t("menu")}</span>
    </>
  );
  if (!hydrated) {
    return (
      <a href={`#${footerMenuId}`} className={`${buttonClass} ${className}`}>
        {content}
      </a>
    );
  }
  return (
    <>
      <button {...button} className={`${buttonClass} ${className}`}>
        {content}
      </button>
      {dialog}
    </>
  );
}

import * as RadixDialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths, useRootData } from "../hooks";
import { resourcePath } from "../route-table";
import { AppLink } from "./app-link";
import { Icon } from "./icon";
import { LanguageList } from "./language-dialog";
import { useMenuLinks } from "./site-menu";
import { ThemeToggle } from "./theme-toggle";

const linkClass = "block rounded-md px-3 py-2 font-medium hover-surface focus-ring";

/**
 * The menu drawer of small screens, from the right: the header's and the footer's links, the
 * visitor's account, the theme and the language. Radix traps focus inside, closes on Escape and
 * on a click beside it, and returns focus to the menu button. Loaded on first use.
 */
export default function SiteMenuDrawer({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations("nav");
  const shell = useTranslations("shell");
  const theme = useTranslations("theme");
  const { user, locale } = useRootData();
  const { to } = usePaths();
  const links = useMenuLinks();
  const close = () => onOpenChange(false);
  const list = (entries: typeof links.main) => (
    <ul className="space-y-0.5">
      {entries.map((link) => (
        <li key={link.key}>
          <AppLink to={link.to} className={linkClass} onClick={close}>
            {link.label}
          </AppLink>
        </li>
      ))}
    </ul>
  );
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-(--z-index-modal) bg-neutral-950/50 transition-opacity duration-150 starting:opacity-0 motion-reduce:transition-none" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="fixed inset-y-0 right-0 z-(--z-index-modal) flex w-[min(22rem,calc(100%-3rem))] flex-col bg-white text-neutral-900 shadow-xl transition-transform duration-200 ease-out starting:translate-x-full focus:outline-none motion-reduce:transition-none dark:bg-neutral-900 dark:text-neutral-100"
        >
          <div className="flex items-center justify-between gap-4 border-b border-neutral-200 px-4 py-3 dark:border-neutral-800">
            <RadixDialog.Title className="text-lg font-medium">{t("menu")}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={shell("closeDialog")}
              className="inline-flex size-9 items-center justify-center rounded-md text-neutral-600 hover-surface focus-ring dark:text-neutral-300"
            >
              <Icon name="x" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-4 py-4">
            <nav aria-label={t("mainMenu")}>{list(links.main)}</nav>
            <section aria-labelledby="drawer-account" className="space-y-2">
              <h2
                id="drawer-account"
                className="px-3 text-sm font-semibold text-neutral-600 dark:text-neutral-300"
              >
                {t("account")}
              </h2>
              {user ? (
                <div className="space-y-0.5">
                  <AppLink to={to("account")} className={linkClass} onClick={close}>
                    {t("accountOf", { name: `${user.name} ${user.surname}` })}
                  </AppLink>
                  <Form method="post" action={resourcePath("logout", locale)} reloadDocument>
                    <button type="submit" className={`${linkClass} w-full text-left`}>
                      {t("logout")}
                    </button>
                  </Form>
                </div>
              ) : (
                <ul className="space-y-0.5">
                  <li>
                    <AppLink to={to("login")} className={linkClass} onClick={close}>
                      {t("login")}
                    </AppLink>
                  </li>
                  <li>
                    <AppLink to={to("register")} className={linkClass} onClick={close}>
                      {t("register")}
                    </AppLink>
                  </li>
                </ul>
              )}
            </section>
            <section aria-labelledby="drawer-language" className="space-y-2">
              <h2
                id="drawer-language"
                className="px-3 text-sm font-semibold text-neutral-600 dark:text-neutral-300"
              >
                {t("changeLanguage")}
              </h2>
              <LanguageList />
            </section>
            <div className="flex items-center justify-between gap-3 px-3">
              <span className="text-sm font-semibold text-neutral-600 dark:text-neutral-300">
                {theme("label")}
              </span>
              <ThemeToggle />
            </div>
            <nav aria-label={t("footerMenu")}>{list(links.footer)}</nav>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

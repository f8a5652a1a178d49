import type { Locale } from "@eventwerk/contract";
import type { MouseEvent, RefObject } from "react";
import { useTranslations } from "use-intl";
import { useLanguageHref, useRootData } from "../hooks";
import { localeCookie } from "../lib/locale-cookie";
import { Dialog } from "./dialog";
import { Icon } from "./icon";

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The "Change Language" dialog, loaded when the header's button is first used (it brings the
 * dialog library, which most visits never need).
 */
export default function LanguageDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations("language");
  const { siteName } = useRootData();
  return (
    <Dialog
      title={t("dialogTitle")}
      description={t("dialogDescription", { site: siteName })}
      className="w-full rounded-none sm:w-[400px] sm:rounded-xl"
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
    >
      <LanguageList />
    </Dialog>
  );
}

/**
 * The languages, each a link to the same page in that language; a click stores the choice in
 * the locale cookies first and loads the whole page. The active one is highlighted.
 */
export function LanguageList() {
  const t = useTranslations("language");
  const { langs, locale, secureCookies } = useRootData();
  const languageHref = useLanguageHref();

  const choose = (event: MouseEvent<HTMLAnchorElement>, target: Locale) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    for (const name of ["i18n_redirected", "active_lang"] as const) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox.
      document.cookie = localeCookie(name, target, secureCookies);
    }
    window.location.assign(event.currentTarget.href);
  };

  return (
    <ul className="flex flex-col gap-2">
      {langs.map((lang) => {
        const current = lang.locale === locale;
        const href = languageHref(lang.locale);
        return (
          <li key={lang.locale}>
            <a
              href={href}
              hrefLang={lang.locale}
              lang={lang.locale}
              draggable={false}
              aria-current={current ? "true" : undefined}
              onClick={(event) => choose(event, lang.locale)}
              className={`flex items-center gap-3 rounded-lg border px-4 py-3 font-medium transition focus-ring ${
                current
                  ? "border-primary-700 bg-primary-50 text-primary-900 dark:border-primary-400 dark:bg-primary-950 dark:text-primary-100"
                  : "border-neutral-200 hover:border-primary-600 hover:bg-neutral-50 dark:border-neutral-700 dark:hover:bg-neutral-800"
              }`}
            >
              <img
                src={`/storage/${lang.flag}`}
                alt=""
                width={28}
                height={20}
                draggable={false}
                className="h-5 w-7 shrink-0 rounded-xs object-cover shadow-sm"
              />
              <span className="flex-1">{lang.name}</span>
              {current && (
                <>
                  <Icon name="check" className="size-5 text-primary-700 dark:text-primary-300" />
                  <span className="sr-only">{t("current")}</span>
                </>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

import { useTranslations } from "use-intl";
import { useRootData } from "../hooks";
import { Icon } from "./icon";
import { lazyDialog, useLazyDialog } from "./lazy-dialog";

const languageDialog = lazyDialog(() => import("./language-dialog"));

/**
 * The header's language button; it opens the "Change Language" dialog, whose code loads on the
 * first hover, focus or click.
 */
export function LanguageSwitch() {
  const nav = useTranslations("nav");
  const { langs, locale } = useRootData();
  const active = langs.find((lang) => lang.locale === locale);
  const { button, dialog } = useLazyDialog(languageDialog);

  return (
    <>
      <button
        {...button}
        aria-label={nav("changeLanguage")}
        title={active ? nav("language", { language: active.name }) : nav("changeLanguage")}
        className="header-button inline-flex items-center gap-1.5 font-semibold uppercase focus-ring"
      >
        <Icon name="globe" className="size-4" />
        <span aria-hidden="true">{locale}</span>
      </button>
      {dialog}
    </>
  );
}

import { lazy, Suspense, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { useRootData } from "../hooks";
import { Icon } from "./icon";

const loadDialog = () => import("./language-dialog");
const LanguageDialog = lazy(loadDialog);

/**
 * The header's language button; it opens the "Change Language" dialog, whose code loads on the
 * first hover, focus or click.
 */
export function LanguageSwitch() {
  const nav = useTranslations("nav");
  const { langs, locale } = useRootData();
  const active = langs.find((lang) => lang.locale === locale);
  // Null until first opened: the dialog's code is not loaded before it is needed.
  const [open, setOpen] = useState<boolean | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={nav("changeLanguage")}
        aria-haspopup="dialog"
        aria-expanded={open === true}
        title={active ? nav("language", { language: active.name }) : nav("changeLanguage")}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-semibold uppercase hover:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-primary-700 focus-visible:outline-none dark:hover:bg-neutral-800"
      >
        <Icon name="globe" className="size-4" />
        <span aria-hidden="true">{locale}</span>
      </button>
      {open !== null && (
        <Suspense fallback={null}>
          <LanguageDialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}

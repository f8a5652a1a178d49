import { useEffect, useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { Icon } from "./icon";

/** The visitor's colour scheme choice, kept in localStorage; "system" follows the OS setting. */
export type ThemeChoice = "system" | "light" | "dark";

export const themeStorageKey = "theme";
const choices: readonly ThemeChoice[] = ["system", "light", "dark"];
const darkQuery = "(prefers-color-scheme: dark)";

const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(themeStorageKey);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key === themeStorageKey) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === "system") window.localStorage.removeItem(themeStorageKey);
    else window.localStorage.setItem(themeStorageKey, choice);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** The stored choice; "system" on the server and during hydration. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readChoice, () => "system");
}

/** Keeps the `dark` class on <html> in line with the choice and, for "system", the OS setting. */
export function useApplyTheme() {
  const choice = useThemeChoice();
  useEffect(() => {
    const media = window.matchMedia(darkQuery);
    const apply = () => {
      const dark = choice === "dark" || (choice === "system" && media.matches);
      document.documentElement.classList.toggle("dark", dark);
    };
    apply();
    if (choice !== "system") return;
    media.addEventListener("change", apply);
    return () => media.removeEventListener("change", apply);
  }, [choice]);
}

const icons = { system: "monitor", light: "sun", dark: "moon" } as const;

/** Three buttons (system, light, dark) for the header; the pressed one is the current choice. */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const t = useTranslations("theme");
  const current = useThemeChoice();
  return (
    <fieldset
      aria-label={t("label")}
      className={`inline-flex min-w-0 items-center gap-0.5 rounded-md border border-neutral-300 p-0.5 dark:border-neutral-700 ${className}`}
    >
      {choices.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={current === choice}
          aria-label={t(choice)}
          title={t(choice)}
          onClick={() => setThemeChoice(choice)}
          className="theme-choice"
        >
          <Icon name={icons[choice]} className="size-4" />
        </button>
      ))}
    </fieldset>
  );
}

import { useEffect, useSyncExternalStore } from "react";

/*
 * The colour scheme, apart from its buttons (`components/theme-toggle.tsx`): every page applies
 * it, but only the site's header and menu (and the test page) show the buttons, so the pages
 * outside the site's layout (door scanner, panel, embed) do not load them.
 */

/** The visitor's colour scheme choice, kept in localStorage; "system" follows the OS setting. */
export type ThemeChoice = "system" | "light" | "dark";

export const themeStorageKey = "theme";
export const themeChoices: readonly ThemeChoice[] = ["system", "light", "dark"];
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

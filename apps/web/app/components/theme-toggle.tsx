import { useTranslations } from "use-intl";
import { setThemeChoice, themeChoices, useThemeChoice } from "../lib/theme";
import { Icon } from "./icon";

const icons = { system: "monitor", light: "sun", dark: "moon" } as const;

/** Three buttons (system, light, dark) for the header; the pressed one is the current choice. */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const t = useTranslations("theme");
  const current = useThemeChoice();
  return (
    <fieldset aria-label={t("label")} className={`theme-switch${className ? ` ${className}` : ""}`}>
      {themeChoices.map((choice) => (
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

import { useState } from "react";
import { useTranslations } from "use-intl";
import { type PasswordFieldProps, TextField } from "./form-field";
import { Icon } from "./icon";

const passwordChecks = {
  length: (value: string) => value.length >= 8,
  letter: (value: string) => /[A-Za-zÀ-ž]/.test(value),
  digit: (value: string) => /[0-9]/.test(value),
} as const;

/**
 * A new password with its rule in view (the contract's `passwordSchema`), ticked off while the
 * visitor types; the API checks it again.
 */
export function NewPasswordField({ id, name, label, error }: PasswordFieldProps) {
  const t = useTranslations("forms");
  const [value, setValue] = useState("");
  return (
    <TextField
      id={id}
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      minLength={8}
      maxLength={200}
      error={error}
      onChange={setValue}
      hint={
        <>
          <p>{t("passwordRule")}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {(Object.keys(passwordChecks) as (keyof typeof passwordChecks)[]).map((key) => {
              const met = passwordChecks[key](value);
              return (
                <li key={key} className="flex items-center gap-1">
                  {met ? (
                    <Icon name="check" className="size-4 text-green-700 dark:text-green-400" />
                  ) : (
                    <Icon name="circle" className="size-4" />
                  )}
                  {t(`passwordChecks.${key}`)}
                  <span className="sr-only">
                    {" – "}
                    {met ? t("passwordCheckMet") : t("passwordCheckOpen")}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      }
    />
  );
}

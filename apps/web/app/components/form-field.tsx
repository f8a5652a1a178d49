import { type ReactNode, useState } from "react";
import { useTranslations } from "use-intl";
import { Icon } from "./icon";

const errorClass = "text-sm font-medium text-red-700 dark:text-red-400";
const hintClass = "text-sm text-neutral-700 dark:text-neutral-300";

type Described = { id: string; error?: string; hint?: ReactNode };

/** aria attributes that tie a control to its hint and error. */
function described({ id, error, hint }: Described) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  } as const;
}

function Messages({ id, error, hint }: Described) {
  return (
    <>
      {hint && (
        <div id={`${id}-hint`} className={hintClass}>
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      )}
    </>
  );
}

type TextFieldProps = Described & {
  name: string;
  label: ReactNode;
  type?: "text" | "email" | "password" | "tel" | "search";
  autoComplete?: string;
  defaultValue?: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  multiline?: boolean;
  onChange?: (value: string) => void;
};

/** A labelled text input with its hint and the server's error. */
export function TextField({
  id,
  name,
  label,
  error,
  hint,
  type = "text",
  autoComplete,
  defaultValue,
  required = true,
  maxLength,
  minLength,
  multiline,
  onChange,
}: TextFieldProps) {
  const common = {
    id,
    name,
    required,
    defaultValue,
    maxLength,
    minLength,
    className: "field",
    ...described({ id, error, hint }),
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea rows={7} {...common} onChange={(event) => onChange?.(event.target.value)} />
      ) : (
        <input
          type={type}
          autoComplete={autoComplete}
          {...common}
          onChange={(event) => onChange?.(event.target.value)}
        />
      )}
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled select; `value` makes it controlled (the cascading place selects). */
export function SelectField({
  id,
  name,
  label,
  error,
  hint,
  options,
  placeholder,
  value,
  defaultValue,
  required = true,
  disabled,
  onChange,
}: Described & {
  name: string;
  label: ReactNode;
  options: readonly { value: string | number; label: string }[];
  placeholder: string;
  value?: string;
  defaultValue?: string;
  required?: boolean;
  disabled?: boolean;
  onChange?: (value: string) => void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        required={required}
        disabled={disabled}
        className="field"
        {...(value === undefined ? { defaultValue } : { value })}
        onChange={(event) => onChange?.(event.target.value)}
        {...described({ id, error, hint })}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  id,
  name,
  label,
  error,
  hint,
  defaultChecked,
  required,
}: Described & {
  name: string;
  label: ReactNode;
  defaultChecked?: boolean;
  required?: boolean;
}) {
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          required={required}
          defaultChecked={defaultChecked}
          className="mt-1 size-5 shrink-0 accent-primary-700"
          {...described({ id, error, hint })}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** The form's own error (the API's message) or success, announced to screen readers. */
export function FormMessage({
  id,
  tone,
  children,
}: {
  id: string;
  tone: "error" | "success";
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          : "rounded-md border border-green-300 bg-green-50 p-3 font-medium text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
      }
    >
      {children}
    </p>
  );
}

const passwordChecks = {
  length: (value: string) => value.length >= 8,
  letter: (value: string) => /[A-Za-zÀ-ž]/.test(value),
  digit: (value: string) => /[0-9]/.test(value),
} as const;

/**
 * A new password with its rule in view (the contract's `passwordSchema`), ticked off while the
 * visitor types; the API checks it again.
 */
export function NewPasswordField({
  id,
  name,
  label,
  error,
}: {
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
}) {
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

import type { ReactNode, Ref } from "react";
import { toneClass } from "./ui/panel";

const errorClass = "text-sm font-medium text-red-700 dark:text-red-400";
const hintClass = "text-sm text-muted";

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
  type?: "text" | "email" | "password" | "tel" | "search" | "date" | "datetime-local" | "number";
  autoComplete?: string;
  defaultValue?: string;
  placeholder?: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  /** A number field's bounds; its step is "any" (prices in euros and cents). */
  min?: number;
  max?: number;
  multiline?: boolean;
  /** Classes of the field's wrapper (its place in a grid). */
  className?: string;
  onChange?: (value: string) => void;
};

/** A labelled text input (or textarea) with its hint and the server's error. */
export function TextField({
  id,
  name,
  label,
  error,
  hint,
  type = "text",
  autoComplete,
  defaultValue,
  placeholder,
  required = true,
  maxLength,
  minLength,
  min,
  max,
  multiline,
  className = "",
  onChange,
}: TextFieldProps) {
  const common = {
    id,
    name,
    required,
    defaultValue,
    placeholder,
    maxLength,
    minLength,
    className: "field",
    ...described({ id, error, hint }),
  };
  const numeric =
    type === "number" ? ({ min, max, step: "any", inputMode: "decimal" } as const) : {};
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea rows={7} {...common} onChange={(event) => onChange?.(event.target.value)} />
      ) : (
        <input
          type={type}
          autoComplete={autoComplete}
          {...numeric}
          {...common}
          onChange={(event) => onChange?.(event.target.value)}
        />
      )}
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled file input (a picture upload): the form posts as multipart/form-data. */
export function FileField({
  id,
  name,
  label,
  error,
  hint,
  accept,
}: Described & { name: string; label: ReactNode; accept: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        type="file"
        id={id}
        name={name}
        accept={accept}
        required
        className="field"
        {...described({ id, error, hint })}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * A labelled select; `value` makes it controlled (the cascading place selects). The placeholder
 * is the empty first option; without one, one of the options is always chosen.
 */
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
  className = "",
  onChange,
}: Described & {
  name: string;
  label: ReactNode;
  options: readonly { value: string | number; label: string }[];
  placeholder?: string;
  value?: string;
  defaultValue?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <div className={`space-y-1 ${className}`}>
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
        {placeholder !== undefined && <option value="">{placeholder}</option>}
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
  value,
  className = "",
}: Described & {
  name: string;
  label: ReactNode;
  defaultChecked?: boolean;
  required?: boolean;
  /** What the form sends when it is ticked ("on" without one). */
  value?: string;
  className?: string;
}) {
  return (
    <div className={`space-y-1 ${className}`}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          // React 18 gives a checkbox with a `value` prop, even an undefined one, the value "".
          {...(value === undefined ? {} : { value })}
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

/** A group of radio buttons under a legend; the group carries the hint and the error. */
export function RadioGroupField({
  id,
  name,
  legend,
  error,
  hint,
  options,
  defaultValue,
  className = "",
}: Described & {
  name: string;
  legend: ReactNode;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  className?: string;
}) {
  return (
    <fieldset
      id={id}
      className={`space-y-2 ${className}`}
      aria-describedby={described({ id, error, hint })["aria-describedby"]}
    >
      <legend className="block font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value || "none"} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              className="size-4 accent-primary-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <Messages id={id} error={error} hint={hint} />
    </fieldset>
  );
}

/** The form's own error (the API's message) or success, announced to screen readers. */
export function FormMessage({
  id,
  tone,
  ref,
  tabIndex,
  children,
}: {
  id: string;
  tone: "error" | "success";
  /** With `tabIndex={-1}`, for a page that moves the focus to the message. */
  ref?: Ref<HTMLParagraphElement>;
  tabIndex?: number;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      ref={ref}
      tabIndex={tabIndex}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border p-3 font-medium ${toneClass[tone === "error" ? "danger" : "success"]}`}
    >
      {children}
    </p>
  );
}

/** What a password field takes (this one and `NewPasswordField`). */
export type PasswordFieldProps = { id: string; name: string; label: ReactNode; error?: string };

/** The account's current password, asked again before a change that needs it. */
export function CurrentPasswordField({ id, name, label, error }: PasswordFieldProps) {
  return (
    <TextField
      id={id}
      name={name}
      type="password"
      label={label}
      autoComplete="current-password"
      maxLength={200}
      error={error}
    />
  );
}

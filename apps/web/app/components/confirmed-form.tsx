import { type ReactNode, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { confirmField } from "../lib/forms";
import { CheckboxField } from "./form-field";

/**
 * A form for a step that cannot be undone (a delete, a cancellation, a refund): a required tick
 * beside its button, so one stray click or key changes nothing. The browser insists on the tick
 * with or without JavaScript; the action checks it too (`confirmed` of lib/forms.ts) and, when a
 * post came without it, names the error at the checkbox (`error`).
 */
export function ConfirmedForm({
  id,
  hidden,
  confirmLabel,
  error,
  submit,
  submitLabel,
  buttonClassName = "button-secondary",
  className = "space-y-2",
}: {
  /** The checkbox's id. */
  id: string;
  /** The post's hidden fields: what to do, to what. */
  hidden: Record<string, string | number>;
  confirmLabel: ReactNode;
  /** The action's answer to a post without the tick. */
  error?: string;
  submit: ReactNode;
  /** The button's accessible name, when its text alone does not say what it acts on. */
  submitLabel?: string;
  buttonClassName?: string;
  className?: string;
}) {
  return (
    <Form method="post" preventScrollReset className={className}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <CheckboxField id={id} name={confirmField} required label={confirmLabel} error={error} />
      <button type="submit" className={buttonClassName} aria-label={submitLabel}>
        {submit}
      </button>
    </Form>
  );
}

/**
 * A ref for the notice that says what a form did (a `FormMessage` with `tabIndex={-1}`). What a
 * delete removes takes its focused button with it: rather than leave the focus at the page's
 * start, it moves to the notice once the navigation is over. A focus still in place stays.
 */
export function useNoticeFocus(notice: string | null) {
  const navigation = useNavigation();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (navigation.state === "idle" && notice && document.activeElement === document.body) {
      ref.current?.focus();
    }
  }, [navigation.state, notice]);
  return ref;
}

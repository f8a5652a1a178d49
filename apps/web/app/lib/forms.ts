import { ApiError } from "@eventwerk/contract";
import { redirect } from "react-router";

/**
 * What a form action answers when the API turned the input down: the API's message and its
 * per-field messages (already in the visitor's language), plus what was typed, so the page can
 * show it again. The API is the one validator; forms forward what the visitor entered.
 */
export type FormFailure<F extends string> = {
  ok: false;
  /** Null when the post itself was malformed (not sent by our form). */
  message: string | null;
  fields: Partial<Record<F, string>>;
  values: Partial<Record<F, string>>;
};

/** The text fields of a post; anything that is not text (a file) reads as empty. */
export function textValues<F extends string>(form: FormData, names: readonly F[]) {
  const values = {} as Record<F, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * The form failure for an API error below 500, or a 503 (a service the API needs did not answer:
 * its message asks to try again, and the form keeps what was typed); anything else is rethrown
 * to the error page. The API names nested fields by dotted path (`address.city_id`), as the
 * forms name their inputs.
 */
export function formFailure<F extends string>(
  error: unknown,
  names: readonly F[],
  values: Partial<Record<F, string>>,
): FormFailure<F> {
  // A 503 without the API's error body (a proxy's, or the server shutting down) says nothing
  // in the visitor's language: the error page.
  const tryAgain = error instanceof ApiError && error.status === 503 && error.body !== null;
  if (!(error instanceof ApiError) || (error.status >= 500 && !tryAgain)) throw error;
  const fields: Partial<Record<F, string>> = {};
  for (const name of names) {
    const message = error.body?.error.fields?.[name];
    if (message) fields[name] = message;
  }
  return { ok: false, message: error.message, fields, values };
}

/** An id from a select, or undefined when nothing was chosen (the API then names the field). */
export const optionalId = (value: string | undefined) =>
  value && /^\d+$/.test(value) ? Number(value) : undefined;

/** The name of the tick a step that cannot be undone requires (`ConfirmedForm`). */
export const confirmField = "confirm";

/**
 * Whether a post carries that tick (an unvalued checkbox sends "on"). The browser requires it,
 * but a post without (a browser that skips the check, or no form at all) must change nothing.
 */
export const confirmed = (form: FormData) => form.get(confirmField) === "on";

/**
 * After a post that changed something: the same address again, `?notice=` naming what was done
 * (post, redirect, get). Reloading the page then shows the notice again and posts nothing twice:
 * no second ticket type, no second confirmation mail. The account area's notices work alike.
 */
export function redirectHere(url: URL, notice: string): never {
  const next = new URL(url);
  next.searchParams.set("notice", notice);
  throw redirect(next.pathname + next.search);
}

/** The notice `redirectHere` put in the address, when it is one of this page's. */
export const noticeIn = <N extends string>(url: URL, notices: readonly N[]): N | null =>
  notices.find((name) => name === url.searchParams.get("notice")) ?? null;

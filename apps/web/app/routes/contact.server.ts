import { ApiError } from "@eventwerk/contract";
import { data, type RouterContextProvider } from "react-router";
import { apiFor } from "../api.server";
import { type FormFailure, formFailure, textValues } from "../lib/forms";

const contactFields = ["name", "email", "subject", "message"] as const;

export type ContactResult =
  | { ok: true; message: string }
  | FormFailure<(typeof contactFields)[number]>;

/**
 * Forwards the contact form to the API, which validates it and answers in the page's language;
 * a refusal comes back with the API's messages per field, what was typed and the API's status.
 */
export async function forwardContact(context: Readonly<RouterContextProvider>, form: FormData) {
  const values = textValues(form, contactFields);
  // All four fields must be text; a file or a missing field is not sent on to the API.
  if (!contactFields.every((name) => typeof form.get(name) === "string")) {
    return data<ContactResult>({ ok: false, message: null, fields: {}, values }, { status: 400 });
  }
  try {
    const response = await (await apiFor(context)).sendContact(values);
    return data<ContactResult>({ ok: true, message: response.data.message });
  } catch (error) {
    // formFailure rethrows anything but the API's answer below 500 to the error page.
    const failure = formFailure(error, contactFields, values);
    return data<ContactResult>(failure, {
      status: error instanceof ApiError ? error.status : 400,
    });
  }
}

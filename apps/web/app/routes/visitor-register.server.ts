import { data, type RouterContextProvider } from "react-router";
import { bareClient } from "../api.server";
import { requestState } from "../context";
import { formFailure, textValues } from "../lib/forms";

const fieldNames = ["name", "surname", "email", "password", "accept_terms", "newsletter"] as const;
export type VisitorField = (typeof fieldNames)[number];

/** Registers through the API, which validates; success asks the visitor to confirm the address (nobody is signed in: a known address answers the same). */
export async function registerVisitor(context: Readonly<RouterContextProvider>, form: FormData) {
  const state = context.get(requestState);
  const values = textValues(form, fieldNames);
  try {
    // Sent as typed: the API is the one validator and answers per field.
    const answer = await bareClient(state.locale, state.forwardedFor).register({
      name: values.name,
      surname: values.surname,
      email: values.email,
      password: values.password,
      accept_terms: values.accept_terms === "on",
      newsletter: values.newsletter === "on",
      preferred_locale: state.locale,
    });
    return data({ ok: true as const, message: answer.data.message });
  } catch (error) {
    // The password is never sent back to the page.
    const failure = formFailure(error, fieldNames, { ...values, password: "" });
    return data(failure, { status: 400 });
  }
}

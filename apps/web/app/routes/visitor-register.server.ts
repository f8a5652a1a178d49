import { data, type RouterContextProvider, redirect } from "react-router";
import { bareClient } from "../api.server";
import { requestState } from "../context";
import { formFailure, textValues } from "../lib/forms";
import { pathTo } from "../route-table";
import { loginCookies } from "../session/cookies.server";

const fieldNames = ["name", "surname", "email", "password", "accept_terms", "newsletter"] as const;
export type VisitorField = (typeof fieldNames)[number];

/** Registers through the API, which validates; success logs the visitor in. */
export async function registerVisitor(context: Readonly<RouterContextProvider>, form: FormData) {
  const state = context.get(requestState);
  const values = textValues(form, fieldNames);
  try {
    // Sent as typed: the API is the one validator and answers per field.
    const tokens = await bareClient(state.locale, state.forwardedFor).register({
      name: values.name,
      surname: values.surname,
      email: values.email,
      password: values.password,
      accept_terms: values.accept_terms === "on",
      newsletter: values.newsletter === "on",
      preferred_locale: state.locale,
    });
    state.setCookies.push(...loginCookies(tokens));
  } catch (error) {
    // The password is never sent back to the page.
    const failure = formFailure(error, fieldNames, { ...values, password: "" });
    return data(failure, { status: 400 });
  }
  throw redirect(pathTo("account", state.locale));
}

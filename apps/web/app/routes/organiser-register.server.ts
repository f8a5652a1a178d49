import { data, type RouterContextProvider } from "react-router";
import { apiFor, bareClient } from "../api.server";
import { requestState } from "../context";
import { formFailure, optionalId, textValues } from "../lib/forms";
import { placeLists } from "../lib/places.server";

const fieldNames = [
  "name",
  "surname",
  "email",
  "password",
  "phone",
  "company_name",
  "company_category_id",
  "tax_number",
  "address.line",
  "address.postal_code",
  "address.country_id",
  "address.city_id",
  "address.district_id",
  "accept_terms",
] as const;
export type OrganiserField = (typeof fieldNames)[number];

async function formLists(
  api: Awaited<ReturnType<typeof apiFor>>,
  values: Partial<Record<OrganiserField, string>>,
) {
  const [categories, places] = await Promise.all([
    api.companyCategories(),
    placeLists(api, {
      country_id: values["address.country_id"],
      city_id: values["address.city_id"],
    }),
  ]);
  return { categories: categories.data.map(({ id, name }) => ({ id, name })), ...places };
}

/** Company categories and countries for the form, in the page's language. */
export async function organiserFormLists(context: Readonly<RouterContextProvider>) {
  return formLists(await apiFor(context), {});
}

/**
 * Registers through the API (it validates); the account starts pending approval. Success logs
 * the organiser in; a refusal answers per field, with the place lists for what was chosen.
 */
export async function registerOrganiser(context: Readonly<RouterContextProvider>, form: FormData) {
  const state = context.get(requestState);
  const values = textValues(form, fieldNames);
  try {
    const answer = await bareClient(state.locale, state.forwardedFor).registerOrganiser({
      name: values.name,
      surname: values.surname,
      email: values.email,
      password: values.password,
      phone: values.phone,
      company_name: values.company_name,
      company_category_id: optionalId(values.company_category_id),
      tax_number: values.tax_number,
      address: {
        line: values["address.line"],
        postal_code: values["address.postal_code"],
        country_id: optionalId(values["address.country_id"]),
        city_id: optionalId(values["address.city_id"]),
        district_id: optionalId(values["address.district_id"]) ?? null,
      },
      accept_terms: values.accept_terms === "on",
      preferred_locale: state.locale,
    });
    return data({ ok: true as const, message: answer.data.message });
  } catch (error) {
    const failure = formFailure(error, fieldNames, { ...values, password: "" });
    // Without JavaScript the lists must match what was chosen.
    const lists = await formLists(await apiFor(context), values);
    return data({ ...failure, lists }, { status: 400 });
  }
}

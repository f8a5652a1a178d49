import { data, Form, redirect, useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { bareClient } from "../api.server";
import { CheckboxField, FormMessage, NewPasswordField, TextField } from "../components/form-field";
import { useLegalLinks, usePageLink } from "../components/page-link";
import { requestState } from "../context";
import { type FormFailure, formFailure, textValues } from "../lib/forms";
import { CheckList, mutedText, PageHeader } from "../lib/page-parts";
import { pathTo } from "../route-table";
import { loginCookies } from "../session/cookies.server";
import type { Route } from "./+types/visitor-register";

const fieldNames = ["name", "surname", "email", "password", "accept_terms", "newsletter"] as const;
type Field = (typeof fieldNames)[number];
const benefitKeys = ["tickets", "orders", "addresses", "language"] as const;

/** Registers through the API, which validates; success logs the visitor in. */
export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestState);
  const values = textValues(await request.formData(), fieldNames);
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

export default function VisitorRegister({ actionData }: Route.ComponentProps) {
  const t = useTranslations("visitorRegister");
  const tf = useTranslations("forms");
  const pageLink = usePageLink();
  const legal = useLegalLinks();
  const busy = useNavigation().state === "submitting";
  const failure = actionData as FormFailure<Field> | undefined;
  const values = failure?.values ?? {};
  const errors = failure?.fields ?? {};

  return (
    <main id="main" className="mx-auto max-w-5xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="visitor-form">
          <h2 id="visitor-form" className="text-xl font-semibold">
            {t("formHeading")}
          </h2>
          <Form method="post" className="mt-6 space-y-5">
            {failure && (
              <FormMessage id="visitor-register-error" tone="error">
                {failure.message ?? tf("invalidForm")}
              </FormMessage>
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                id="register-name"
                name="name"
                label={tf("name")}
                autoComplete="given-name"
                maxLength={80}
                defaultValue={values.name}
                error={errors.name}
              />
              <TextField
                id="register-surname"
                name="surname"
                label={tf("surname")}
                autoComplete="family-name"
                maxLength={80}
                defaultValue={values.surname}
                error={errors.surname}
              />
            </div>
            <TextField
              id="register-email"
              name="email"
              type="email"
              label={tf("email")}
              autoComplete="email"
              maxLength={254}
              defaultValue={values.email}
              error={errors.email}
            />
            <NewPasswordField
              id="register-password"
              name="password"
              label={tf("password")}
              error={errors.password}
            />
            <CheckboxField
              id="register-terms"
              name="accept_terms"
              required
              label={tf.rich("acceptTerms", legal)}
              defaultChecked={values.accept_terms === "on"}
              error={errors.accept_terms}
            />
            <CheckboxField
              id="register-newsletter"
              name="newsletter"
              label={tf("newsletter")}
              defaultChecked={values.newsletter === "on"}
            />
            <button type="submit" disabled={busy} className="button-primary w-full sm:w-auto">
              {busy ? t("submitting") : t("submit")}
            </button>
          </Form>
          <p className={`mt-6 ${mutedText}`}>
            {t.rich("haveAccount", { link: pageLink("login") })}
          </p>
        </section>
        <aside
          aria-labelledby="visitor-benefits"
          className="h-fit rounded-xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <h2 id="visitor-benefits" className="text-xl font-semibold">
            {t("benefitsHeading")}
          </h2>
          <CheckList className="mt-4" items={benefitKeys.map((key) => t(`benefits.${key}`))} />
        </aside>
      </div>
    </main>
  );
}

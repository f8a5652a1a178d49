import { Form, useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { FailureMessage } from "../components/failure-message";
import { CheckboxField, TextField } from "../components/form-field";
import { NewPasswordField } from "../components/new-password-field";
import { useLegalLinks, usePageLink } from "../components/page-link";
import { CheckList, mutedText, PageHeader } from "../components/page-parts";
import { RegistrationSent } from "../components/registration-sent";
import { Card } from "../components/ui/card";
import type { FormFailure } from "../lib/forms";
import type { Route } from "./+types/visitor-register";
import { registerVisitor, type VisitorField } from "./visitor-register.server";

const benefitKeys = ["tickets", "orders", "addresses", "language"] as const;

/** Registers through the API, which validates; success asks to confirm the address. */
export async function action({ request, context }: Route.ActionArgs) {
  return registerVisitor(context, await request.formData());
}

export default function VisitorRegister({ actionData }: Route.ComponentProps) {
  const t = useTranslations("visitorRegister");
  const tf = useTranslations("forms");
  const pageLink = usePageLink();
  const legal = useLegalLinks();
  const busy = useNavigation().state === "submitting";
  if (actionData?.ok) {
    return (
      <RegistrationSent
        heading={t("doneHeading")}
        message={actionData.message}
        login={t("doneLogin")}
      />
    );
  }
  const failure = actionData as FormFailure<VisitorField> | undefined;
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
            <FailureMessage id="visitor-register-error" failure={failure} />
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
        <Card as="aside" aria-labelledby="visitor-benefits" className="h-fit p-6">
          <h2 id="visitor-benefits" className="text-xl font-semibold">
            {t("benefitsHeading")}
          </h2>
          <CheckList className="mt-4" items={benefitKeys.map((key) => t(`benefits.${key}`))} />
        </Card>
      </div>
    </main>
  );
}

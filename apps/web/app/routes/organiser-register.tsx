import { Form, useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { FailureMessage } from "../components/failure-message";
import { CheckboxField, SelectField, TextField } from "../components/form-field";
import { NewPasswordField } from "../components/new-password-field";
import { useLegalLinks, usePageLink } from "../components/page-link";
import { CheckList, mutedText, PageHeader } from "../components/page-parts";
import { PlaceFields } from "../components/place-fields";
import { RegistrationSent } from "../components/registration-sent";
import { Card, cardClass } from "../components/ui/card";
import type { FormFailure } from "../lib/forms";
import type { Route } from "./+types/organiser-register";
import {
  type OrganiserField,
  organiserFormLists,
  registerOrganiser,
} from "./organiser-register.server";

/** Company categories and countries for the form, in the page's language. */
export async function loader({ context }: Route.LoaderArgs) {
  return organiserFormLists(context);
}

/** Registers through the API (it validates); the account starts pending approval. */
export async function action({ request, context }: Route.ActionArgs) {
  return registerOrganiser(context, await request.formData());
}

const benefitKeys = ["publish", "sell", "checkIn", "payout"] as const;

export default function OrganiserRegister({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("organiserRegister");
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
  const failure = actionData as
    | (FormFailure<OrganiserField> & { lists: typeof loaderData })
    | undefined;
  const lists = failure?.lists ?? loaderData;
  const values = failure?.values ?? {};
  const errors = failure?.fields ?? {};
  const text = (
    name: OrganiserField,
    label: string,
    options: { type?: "email" | "tel"; autoComplete?: string; maxLength: number },
  ) => (
    <TextField
      id={`organiser-${name.replace(".", "-")}`}
      name={name}
      label={label}
      defaultValue={values[name]}
      error={errors[name]}
      {...options}
    />
  );
  const sectionClass = `${cardClass} space-y-5 p-6`;
  const legendClass = "text-lg font-semibold";

  return (
    <main id="main" className="mx-auto max-w-5xl space-y-10 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <Form method="post" className="space-y-6" aria-label={t("heading")}>
          <FailureMessage id="organiser-register-error" failure={failure} />
          <fieldset className={sectionClass}>
            <legend className={legendClass}>{t("personHeading")}</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              {text("name", tf("name"), { autoComplete: "given-name", maxLength: 80 })}
              {text("surname", tf("surname"), { autoComplete: "family-name", maxLength: 80 })}
            </div>
            {text("email", tf("email"), { type: "email", autoComplete: "email", maxLength: 254 })}
            {text("phone", tf("phone"), { type: "tel", autoComplete: "tel", maxLength: 32 })}
            <NewPasswordField
              id="organiser-password"
              name="password"
              label={tf("password")}
              error={errors.password}
            />
          </fieldset>
          <fieldset className={sectionClass}>
            <legend className={legendClass}>{t("companyHeading")}</legend>
            {text("company_name", t("companyName"), {
              autoComplete: "organization",
              maxLength: 160,
            })}
            <SelectField
              id="organiser-company-category"
              name="company_category_id"
              label={t("companyCategory")}
              placeholder={t("chooseCategory")}
              options={lists.categories.map((entry) => ({ value: entry.id, label: entry.name }))}
              defaultValue={values.company_category_id}
              error={errors.company_category_id}
            />
            {text("tax_number", t("taxNumber"), { maxLength: 32 })}
          </fieldset>
          <fieldset className={sectionClass}>
            <legend className={legendClass}>{t("addressHeading")}</legend>
            {text("address.line", tf("line"), { autoComplete: "address-line1", maxLength: 200 })}
            {text("address.postal_code", tf("postalCode"), {
              autoComplete: "postal-code",
              maxLength: 10,
            })}
            <PlaceFields
              idPrefix="organiser"
              namePrefix="address."
              countries={lists.countries}
              cities={lists.cities}
              districts={lists.districts}
              values={{
                country_id: values["address.country_id"],
                city_id: values["address.city_id"],
                district_id: values["address.district_id"],
              }}
              errors={{
                country_id: errors["address.country_id"],
                city_id: errors["address.city_id"],
                district_id: errors["address.district_id"],
              }}
            />
          </fieldset>
          <CheckboxField
            id="organiser-terms"
            name="accept_terms"
            required
            label={tf.rich("acceptTerms", legal)}
            defaultChecked={values.accept_terms === "on"}
            error={errors.accept_terms}
          />
          <p className={mutedText}>{t("pendingNote")}</p>
          <button type="submit" disabled={busy} className="button-primary">
            {busy ? t("submitting") : t("submit")}
          </button>
          <p className={mutedText}>{t.rich("haveAccount", { link: pageLink("login") })}</p>
        </Form>
        <Card as="aside" className="h-fit space-y-8 p-6">
          <section aria-labelledby="organiser-benefits">
            <h2 id="organiser-benefits" className="text-xl font-semibold">
              {t("benefitsHeading")}
            </h2>
            <CheckList className="mt-4" items={benefitKeys.map((key) => t(`benefits.${key}`))} />
            <p className={`mt-4 ${mutedText}`}>
              {t.rich("solutions", { link: pageLink("event-solutions") })}
            </p>
          </section>
          <section aria-labelledby="organiser-steps">
            <h2 id="organiser-steps" className="text-xl font-semibold">
              {t("stepsHeading")}
            </h2>
            <ol className="mt-4 space-y-3">
              {(["form", "review", "publish", "checkIn"] as const).map((key, index) => (
                <li key={key} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-700 text-sm font-semibold text-white"
                  >
                    {index + 1}
                  </span>
                  <span className={mutedText}>{t(`steps.${key}`)}</span>
                </li>
              ))}
            </ol>
          </section>
        </Card>
      </div>
    </main>
  );
}

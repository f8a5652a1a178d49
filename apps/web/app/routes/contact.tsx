import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { FormMessage, TextField } from "../components/form-field";
import { Icon } from "../components/icon";
import { linkClass, mutedText, PageHeader } from "../components/page-parts";
import { toast } from "../components/toasts";
import { Card } from "../components/ui/card";
import { usePaths, useRootData } from "../hooks";
import type { Route } from "./+types/contact";
import { type ContactResult, forwardContact } from "./contact.server";

/** Sends the contact form through the API, which validates it and answers in the page's language. */
export async function action({ request, context }: Route.ActionArgs) {
  return forwardContact(context, await request.formData());
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const t = useTranslations("contact");
  const { contact } = useRootData();
  const { to } = usePaths();
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const result: ContactResult | undefined = actionData;
  const failed = result && !result.ok ? result : null;
  const success = result?.ok ? result.message : null;
  const formError = failed ? (failed.message ?? t("invalidForm")) : null;

  useEffect(() => {
    if (!result?.ok) return;
    formRef.current?.reset();
    toast("success", result.message);
  }, [result]);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="contact-details">
          <h2 id="contact-details" className="text-xl font-semibold">
            {t("detailsHeading")}
          </h2>
          <address className={`mt-4 space-y-4 not-italic ${mutedText}`}>
            <p className="flex gap-3">
              <Icon name="map-pin" className="mt-1 size-5 shrink-0 text-accent" />
              <span>
                <span className="sr-only">{t("addressLabel")}</span>
                <span className="block font-medium text-neutral-900 dark:text-neutral-100">
                  {contact.company_name}
                </span>
                <span className="block">{contact.street}</span>
                <span className="block">
                  {t("cityLine", { postalCode: contact.postal_code, city: contact.city })}
                </span>
                <span className="block">{contact.country}</span>
              </span>
            </p>
            <p className="flex gap-3">
              <Icon name="mail" className="mt-1 size-5 shrink-0 text-accent" />
              <span>
                <span className="block font-medium text-neutral-900 dark:text-neutral-100">
                  {t("emailLabel")}
                </span>
                <a className={linkClass} href={`mailto:${contact.email}`}>
                  {contact.email}
                </a>
              </span>
            </p>
            <p className="flex gap-3">
              <Icon name="phone" className="mt-1 size-5 shrink-0 text-accent" />
              <span>
                <span className="block font-medium text-neutral-900 dark:text-neutral-100">
                  {t("phoneLabel")}
                </span>
                <a className={linkClass} href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>
                  {contact.phone}
                </a>
              </span>
            </p>
            <p className="flex gap-3">
              <Icon name="clock" className="mt-1 size-5 shrink-0 text-accent" />
              <span>
                <span className="block font-medium text-neutral-900 dark:text-neutral-100">
                  {t("hoursLabel")}
                </span>
                {contact.opening_hours}
              </span>
            </p>
          </address>
        </section>
        <Card as="section" aria-labelledby="contact-form-heading" className="p-6">
          <h2 id="contact-form-heading" className="text-xl font-semibold">
            {t("formHeading")}
          </h2>
          <p className={`mt-1 ${mutedText}`}>{t("formIntro")}</p>
          {success && (
            <div className="mt-6">
              <FormMessage id="contact-form-success" tone="success">
                {success}
              </FormMessage>
            </div>
          )}
          <Form
            ref={formRef}
            method="post"
            noValidate
            className="mt-6 space-y-5"
            aria-describedby={formError ? "contact-form-error" : undefined}
          >
            {formError && (
              <FormMessage id="contact-form-error" tone="error">
                {formError}
              </FormMessage>
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                id="contact-name"
                name="name"
                label={t("name")}
                autoComplete="name"
                maxLength={120}
                error={failed?.fields.name}
                defaultValue={failed?.values.name}
              />
              <TextField
                id="contact-email"
                name="email"
                label={t("email")}
                type="email"
                autoComplete="email"
                maxLength={254}
                error={failed?.fields.email}
                defaultValue={failed?.values.email}
              />
            </div>
            <TextField
              id="contact-subject"
              name="subject"
              label={t("subject")}
              maxLength={200}
              error={failed?.fields.subject}
              defaultValue={failed?.values.subject}
            />
            <TextField
              id="contact-message"
              name="message"
              label={t("message")}
              multiline
              minLength={10}
              maxLength={5000}
              error={failed?.fields.message}
              defaultValue={failed?.values.message}
            />
            <p className={`text-sm ${mutedText}`}>
              {t.rich("privacyNote", {
                link: (chunks) => (
                  <Link className={linkClass} to={to("privacy-policy")}>
                    {chunks}
                  </Link>
                ),
              })}
            </p>
            <button type="submit" disabled={busy} className="button-primary">
              {busy ? t("submitting") : t("submit")}
            </button>
          </Form>
        </Card>
      </div>
    </main>
  );
}

import { type FormEvent, useId } from "react";
import { useTranslations } from "use-intl";
import { CheckboxField, RadioGroupField, SelectField, TextField } from "../components/form-field";
import { lazyDialog, useLazyDialog } from "../components/lazy-dialog";
import { useLoading } from "../components/loading";
import { ThemeToggle } from "../components/theme-toggle";
import { type ToastKind, toast } from "../components/toasts";
import { Card } from "../components/ui/card";

const toastTypes = [
  "default",
  "success",
  "info",
  "warning",
  "error",
  "loading",
] as const satisfies readonly ToastKind[];

const testDialog = lazyDialog(() => import("../components/showcase/test-dialog"));

const categories = ["concert", "theatre", "sport"] as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className="p-6">
      <h2 id={id} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** `/test`: every shell component in one place (toasts, dialog, loading overlay, buttons, fields). */
export default function TestPage() {
  const t = useTranslations("test");
  const loading = useLoading();
  const { button: dialogButton, dialog } = useLazyDialog(testDialog);

  const showLoading = () => {
    loading.start();
    setTimeout(loading.stop, 2000);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    toast("success", t("submitted"));
  };

  return (
    <main id="main" className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("heading")}</h1>
        <p className="text-muted">{t("intro")}</p>
      </header>

      <Section title={t("toastsHeading")}>
        <div className="flex flex-wrap gap-3">
          {toastTypes.map((type) => (
            <button
              key={type}
              type="button"
              data-toast-type={type}
              className="button-secondary"
              onClick={() => toast(type, t(`toastMessages.${type}`))}
            >
              {t(`toastButtons.${type}`)}
            </button>
          ))}
        </div>
      </Section>

      <Section title={t("dialogHeading")}>
        <button {...dialogButton} className="button-primary">
          {t("openDialog")}
        </button>
        {dialog}
      </Section>

      <Section title={t("loadingHeading")}>
        <button type="button" className="button-primary" onClick={showLoading}>
          {t("showLoading")}
        </button>
      </Section>

      <Section title={t("buttonsHeading")}>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="button-primary">
            {t("primary")}
          </button>
          <button type="button" className="button-secondary">
            {t("secondary")}
          </button>
          <button type="button" className="button-primary" disabled>
            {t("disabled")}
          </button>
        </div>
      </Section>

      <Section title={t("themeHeading")}>
        <ThemeToggle />
      </Section>

      <Section title={t("formHeading")}>
        <form className="grid gap-5 md:grid-cols-2" onSubmit={submit}>
          <TextField
            id="test-name"
            name="name"
            label={t("name")}
            autoComplete="name"
            placeholder={t("namePlaceholder")}
            required={false}
          />
          <TextField
            id="test-email"
            name="email"
            type="email"
            label={t("email")}
            autoComplete="email"
            placeholder={t("emailPlaceholder")}
            required={false}
          />
          <SelectField
            id="test-category"
            name="category"
            label={t("category")}
            placeholder={t("categoryChoose")}
            options={categories.map((category) => ({
              value: category,
              label: t(`categories.${category}`),
            }))}
            defaultValue=""
            required={false}
          />
          <RadioGroupField
            id="test-ticket-type"
            name="ticketType"
            legend={t("ticketType")}
            options={[
              { value: "standing", label: t("standing") },
              { value: "seated", label: t("seated") },
            ]}
            defaultValue="standing"
          />
          <TextField
            id="test-message"
            name="message"
            label={t("message")}
            multiline
            required={false}
            className="md:col-span-2"
          />
          <CheckboxField
            id="test-newsletter"
            name="newsletter"
            label={t("newsletter")}
            className="md:col-span-2"
          />
          <div className="md:col-span-2">
            <button type="submit" className="button-primary">
              {t("submit")}
            </button>
          </div>
        </form>
      </Section>
    </main>
  );
}

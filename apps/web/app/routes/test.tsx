import { type FormEvent, useId } from "react";
import { useTranslations } from "use-intl";
import { Dialog, DialogClose } from "../components/dialog";
import { useLoading } from "../components/loading";
import { ThemeToggle } from "../components/theme-toggle";
import { type ToastKind, toast } from "../components/toasts";

const toastTypes = [
  "default",
  "success",
  "info",
  "warning",
  "error",
  "loading",
] as const satisfies readonly ToastKind[];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={id} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** `/test`: every shell component in one place (toasts, dialog, loading overlay, buttons, fields). */
export default function TestPage() {
  const t = useTranslations("test");
  const common = useTranslations("common");
  const loading = useLoading();

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
        <p className="text-neutral-700 dark:text-neutral-300">{t("intro")}</p>
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
        <Dialog
          title={t("dialogTitle")}
          description={t("dialogDescription")}
          trigger={
            <button type="button" className="button-primary">
              {t("openDialog")}
            </button>
          }
        >
          <div className="space-y-4">
            <p>{t("dialogBody")}</p>
            <div className="space-y-1">
              <label htmlFor="test-dialog-name" className="block font-medium">
                {t("dialogField")}
              </label>
              <input
                id="test-dialog-name"
                type="text"
                autoComplete="name"
                className="field"
                placeholder={t("namePlaceholder")}
              />
            </div>
            <div className="flex justify-end">
              <DialogClose asChild>
                <button type="button" className="button-secondary">
                  {common("close")}
                </button>
              </DialogClose>
            </div>
          </div>
        </Dialog>
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
          <div className="space-y-1">
            <label htmlFor="test-name" className="block font-medium">
              {t("name")}
            </label>
            <input
              id="test-name"
              name="name"
              type="text"
              autoComplete="name"
              className="field"
              placeholder={t("namePlaceholder")}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor="test-email" className="block font-medium">
              {t("email")}
            </label>
            <input
              id="test-email"
              name="email"
              type="email"
              autoComplete="email"
              className="field"
              placeholder={t("emailPlaceholder")}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor="test-category" className="block font-medium">
              {t("category")}
            </label>
            <select id="test-category" name="category" className="field" defaultValue="">
              <option value="" disabled>
                {t("categoryChoose")}
              </option>
              <option value="concert">{t("categories.concert")}</option>
              <option value="theatre">{t("categories.theatre")}</option>
              <option value="sport">{t("categories.sport")}</option>
            </select>
          </div>
          <fieldset className="space-y-2">
            <legend className="mb-1 font-medium">{t("ticketType")}</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="ticketType"
                value="standing"
                defaultChecked
                className="size-4 accent-primary-700"
              />
              {t("standing")}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="ticketType"
                value="seated"
                className="size-4 accent-primary-700"
              />
              {t("seated")}
            </label>
          </fieldset>
          <div className="space-y-1 md:col-span-2">
            <label htmlFor="test-message" className="block font-medium">
              {t("message")}
            </label>
            <textarea id="test-message" name="message" rows={4} className="field" />
          </div>
          <label className="flex items-center gap-2 md:col-span-2">
            <input type="checkbox" name="newsletter" className="size-4 accent-primary-700" />
            {t("newsletter")}
          </label>
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

import { Form, Link, useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { Section } from "../../components/account/section";
import { CheckboxField, CurrentPasswordField, FormMessage } from "../../components/form-field";
import { Icon } from "../../components/icon";
import { linkClass, mutedText } from "../../components/page-parts";
import { usePaths } from "../../hooks";
import { resources } from "../../route-table";
import type { Route } from "./+types/privacy";
import { deleteAccount } from "./privacy.server";

export async function action({ request, context }: Route.ActionArgs) {
  return deleteAccount(context, await request.formData());
}

/** The visitor's data: the JSON export, and deleting the account. */
export default function AccountPrivacy({ actionData }: Route.ComponentProps) {
  const t = useTranslations("account");
  const { to, locale } = usePaths();
  const busy = useNavigation().state === "submitting";
  return (
    <Section
      id="privacy"
      title={t("privacyHeading")}
      intro={t.rich("privacyText", {
        link: (chunks) => (
          <Link className={linkClass} to={to("privacy-policy")}>
            {chunks}
          </Link>
        ),
      })}
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-3">
          <h3 className="text-lg font-semibold">{t("exportHeading")}</h3>
          <p className={mutedText}>{t("exportText")}</p>
          <a
            href={`${resources.accountExport.path}?lang=${locale}`}
            download
            className="button-secondary"
          >
            <Icon name="download" className="size-4" />
            {t("exportAction")}
          </a>
        </div>
        <Form method="post" className="space-y-4" aria-labelledby="delete-heading">
          <h3 id="delete-heading" className="text-lg font-semibold">
            {t("deleteHeading")}
          </h3>
          <p className={mutedText}>{t("deleteText")}</p>
          {actionData?.message && (
            <FormMessage id="delete-error" tone="error">
              {actionData.message}
            </FormMessage>
          )}
          <CheckboxField
            id="delete-confirm"
            name="confirm"
            required
            label={t("deleteConfirm")}
            error={actionData?.fields.confirm ? t("deleteConfirmRequired") : undefined}
          />
          <CurrentPasswordField
            id="delete-password"
            name="password"
            label={t("deletePassword")}
            error={actionData?.fields.password}
          />
          <button
            type="submit"
            disabled={busy}
            className="button-primary bg-red-700 hover:bg-red-800"
          >
            {t("deleteSubmit")}
          </button>
        </Form>
      </div>
    </Section>
  );
}

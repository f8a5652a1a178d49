import { locales } from "@eventwerk/contract/constants";
import { type ReactNode, useEffect, useRef } from "react";
import { data, Form, useLocation, useNavigation, useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import { apiFor } from "../../api.server";
import { Section, useNotice } from "../../components/account/section";
import { FailureMessage } from "../../components/failure-message";
import {
  CurrentPasswordField,
  FormMessage,
  SelectField,
  TextField,
} from "../../components/form-field";
import { NewPasswordField } from "../../components/new-password-field";
import { mutedText } from "../../components/page-parts";
import { type FormFailure, formFailure, textValues } from "../../lib/forms";
import { sentDeviceToken } from "../../session/cookies.server";
import type { Route } from "./+types/profile";
import { redirectWithNotice, signedInUser } from "./account.server";
import {
  type ProfileField,
  profileFields,
  profileIntents,
  saveProfileForm,
} from "./profile.server";

export function loader({ context }: Route.LoaderArgs) {
  const { name, surname, phone, email, email_verified, pending_email, preferred_locale } =
    signedInUser(context);
  return {
    user: { name, surname, phone, email, email_verified, pending_email, preferred_locale },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = profileIntents.find((name) => name === form.get("intent"));
  if (!intent) {
    return data(
      { intent: null, ok: false, message: null, fields: {}, values: {} },
      { status: 400 },
    );
  }
  const values = textValues(form, profileFields);
  try {
    await saveProfileForm(await apiFor(context), intent, values, sentDeviceToken(request));
  } catch (error) {
    // Passwords are never sent back to the page.
    const typed = { ...values, current_password: "", new_password: "" };
    return data({ intent, ...formFailure(error, profileFields, typed) }, { status: 400 });
  }
  redirectWithNotice(context, intent);
}

/** Name, phone and language; the email address and the password, each with its own form. */
export default function AccountProfile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("account");
  const tf = useTranslations("forms");
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent")?.toString() : undefined;
  const failureOf = (intent: string): FormFailure<ProfileField> | null =>
    actionData?.intent === intent ? actionData : null;
  const profileFailure = failureOf("profile");
  const emailFailure = failureOf("email");
  const passwordFailure = failureOf("password");
  const resendFailure = failureOf("resend");
  const { user } = loaderData;
  const notice = useNotice("account-profile");

  return (
    <Section id="profile" title={t("profileHeading")} intro={t("profileText")}>
      {notice && (
        <FormMessage id="profile-notice" tone="success">
          {notice}
        </FormMessage>
      )}
      <IntentForm intent="profile" className="space-y-5" labelledBy="profile-heading">
        <FailureMessage id="profile-error" failure={profileFailure} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="profile-name"
            name="name"
            label={tf("name")}
            autoComplete="given-name"
            maxLength={80}
            defaultValue={profileFailure?.values.name ?? user.name}
            error={profileFailure?.fields.name}
          />
          <TextField
            id="profile-surname"
            name="surname"
            label={tf("surname")}
            autoComplete="family-name"
            maxLength={80}
            defaultValue={profileFailure?.values.surname ?? user.surname}
            error={profileFailure?.fields.surname}
          />
          <TextField
            id="profile-phone"
            name="phone"
            type="tel"
            label={tf("phone")}
            autoComplete="tel"
            required={false}
            maxLength={32}
            hint={t("phoneOptional")}
            defaultValue={profileFailure?.values.phone ?? user.phone ?? ""}
            error={profileFailure?.fields.phone}
          />
          <SelectField
            id="profile-locale"
            name="preferred_locale"
            label={t("preferredLocale")}
            placeholder={t("preferredLocale")}
            options={locales.map((code) => ({ value: code, label: t(`localeNames.${code}`) }))}
            defaultValue={profileFailure?.values.preferred_locale ?? user.preferred_locale}
            error={profileFailure?.fields.preferred_locale}
          />
        </div>
        <button type="submit" disabled={busyIntent === "profile"} className="button-primary">
          {busyIntent === "profile" ? tf("saving") : tf("save")}
        </button>
      </IntentForm>

      {!user.email_verified && (
        <IntentForm
          intent="resend"
          className="space-y-3 border-t border-neutral-200 pt-6 dark:border-neutral-800"
          labelledBy="email-unverified"
        >
          <p id="email-unverified" className="font-medium">
            {t("emailUnverified")}
          </p>
          <FailureMessage id="resend-error" failure={resendFailure} />
          <button type="submit" disabled={busyIntent === "resend"} className="button-secondary">
            {t("emailResend")}
          </button>
        </IntentForm>
      )}

      <div className="grid gap-6 border-t border-neutral-200 pt-6 lg:grid-cols-2 dark:border-neutral-800">
        <IntentForm intent="email" className="space-y-4" labelledBy="email-heading">
          <h3 id="email-heading" className="text-lg font-semibold">
            {t("emailHeading")}
          </h3>
          <p className={mutedText}>{t("emailText")}</p>
          <p className="font-medium">{t("emailCurrent", { email: user.email })}</p>
          {user.pending_email && (
            <p id="email-pending" className={mutedText}>
              {t("emailPending", { email: user.pending_email })}
            </p>
          )}
          <FailureMessage id="email-error" failure={emailFailure} />
          <TextField
            id="email-new"
            name="email"
            type="email"
            label={t("newEmail")}
            autoComplete="email"
            maxLength={254}
            defaultValue={emailFailure?.values.email}
            error={emailFailure?.fields.email}
          />
          <CurrentPasswordField
            id="email-password"
            name="current_password"
            label={tf("currentPassword")}
            error={emailFailure?.fields.current_password}
          />
          <button type="submit" disabled={busyIntent === "email"} className="button-primary">
            {t("emailSubmit")}
          </button>
        </IntentForm>

        <IntentForm intent="password" className="space-y-4" labelledBy="password-heading">
          <h3 id="password-heading" className="text-lg font-semibold">
            {t("passwordHeading")}
          </h3>
          <p className={mutedText}>{t("passwordText")}</p>
          <FailureMessage id="password-error" failure={passwordFailure} />
          <CurrentPasswordField
            id="password-current"
            name="current_password"
            label={tf("currentPassword")}
            error={passwordFailure?.fields.current_password}
          />
          <NewPasswordField
            id="password-new"
            name="new_password"
            label={tf("newPassword")}
            error={passwordFailure?.fields.new_password}
          />
          <button type="submit" disabled={busyIntent === "password"} className="button-primary">
            {t("passwordSubmit")}
          </button>
        </IntentForm>
      </div>
    </Section>
  );
}

/**
 * One of the screen's forms: posts its `intent` and keeps the scroll position. A change that went
 * through comes back with its notice, each time at a new location: the form is reset, so typed
 * passwords do not stay in it. A refused one keeps what was typed.
 */
function IntentForm({
  intent,
  className,
  labelledBy,
  children,
}: {
  intent: (typeof profileIntents)[number];
  className: string;
  labelledBy: string;
  children: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  const location = useLocation();
  const [params] = useSearchParams();
  const succeeded = params.get("notice") === intent ? location.key : null;
  useEffect(() => {
    if (succeeded) form.current?.reset();
  }, [succeeded]);
  return (
    <Form
      ref={form}
      method="post"
      preventScrollReset
      className={className}
      aria-labelledby={labelledBy}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

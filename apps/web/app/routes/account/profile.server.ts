import type { ApiClient } from "@eventwerk/contract";

/**
 * The profile screen's forms (details, email, password, and the verification link sent again),
 * each posting its `intent`.
 */
export const profileIntents = ["profile", "email", "password", "resend"] as const;
export type ProfileIntent = (typeof profileIntents)[number];

export const profileFields = [
  "name",
  "surname",
  "phone",
  "preferred_locale",
  "email",
  "current_password",
  "new_password",
] as const;
export type ProfileField = (typeof profileFields)[number];

/**
 * Sends what was typed in one of the forms; the API validates and answers per field. `device` is
 * this browser's device token: a new password keeps it the one browser the account knows.
 */
export async function saveProfileForm(
  api: ApiClient,
  intent: ProfileIntent,
  values: Record<ProfileField, string>,
  device: string | undefined,
) {
  switch (intent) {
    case "profile":
      await api.updateProfile({
        name: values.name,
        surname: values.surname,
        phone: values.phone.trim() || null,
        preferred_locale: values.preferred_locale,
      });
      return;
    case "email":
      await api.changeEmail({ email: values.email, current_password: values.current_password });
      return;
    case "resend":
      await api.resendVerification();
      return;
    case "password":
      await api.changePassword({
        current_password: values.current_password,
        new_password: values.new_password,
        ...(device ? { device_token: device } : {}),
      });
  }
}

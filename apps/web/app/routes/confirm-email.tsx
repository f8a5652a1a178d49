import { Form, type HeadersFunction, Link, useNavigation, useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import { FormMessage } from "../components/form-field";
import { mutedText, PageHeader } from "../components/page-parts";
import { usePaths, useRootData } from "../hooks";
import { privatePageCache } from "../lib/page-cache";
import type { Route } from "./+types/confirm-email";
import { type ConfirmResult, confirmEmail } from "./confirm-email.server";

/** The address carries the link's token: never stored, never sent to another site. */
export const headers: HeadersFunction = () => ({
  "Cache-Control": privatePageCache,
  "Referrer-Policy": "same-origin",
});

/**
 * Opening the link changes nothing (mail scanners open links too): the visitor confirms with the
 * button, which posts the token.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  return confirmEmail(context, await request.formData(), url);
}

export default function ConfirmEmail({ actionData }: Route.ComponentProps) {
  const t = useTranslations("confirmEmail");
  const { to } = usePaths();
  const { user } = useRootData();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const result = actionData as ConfirmResult | undefined;
  const token = params.get("token") ?? "";

  return (
    <main id="main" className="mx-auto max-w-xl space-y-8 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      {result?.ok ? (
        <div className="space-y-4">
          <FormMessage id="confirm-email-done" tone="success">
            {result.message}
          </FormMessage>
          <Link to={user ? to("account") : to("login")} className="button-primary">
            {user ? t("toAccount") : t("toLogin")}
          </Link>
        </div>
      ) : (
        <Form method="post" className="space-y-5">
          {result && (
            <FormMessage id="confirm-email-error" tone="error">
              {result.message}
            </FormMessage>
          )}
          <input type="hidden" name="token" value={token} />
          <p className={mutedText}>{token ? t("text") : t("noToken")}</p>
          <button type="submit" disabled={busy || !token} className="button-primary">
            {busy ? t("submitting") : t("submit")}
          </button>
        </Form>
      )}
    </main>
  );
}

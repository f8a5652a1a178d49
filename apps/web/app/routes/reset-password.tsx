import { Form, type HeadersFunction, Link, useNavigation, useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import { FailureMessage } from "../components/failure-message";
import { FormMessage, TextField } from "../components/form-field";
import { NewPasswordField } from "../components/new-password-field";
import { linkClass, mutedText, PageHeader } from "../components/page-parts";
import { toneClass } from "../components/ui/panel";
import { usePaths } from "../hooks";
import { privatePageCache } from "../lib/page-cache";
import type { Route } from "./+types/reset-password";
import {
  checkResetLink,
  type LinkProblem,
  type ResetResult,
  resetPassword,
} from "./reset-password.server";

const problemTexts = {
  used: { title: "linkUsedTitle", text: "linkUsedText" },
  expired: { title: "linkExpiredTitle", text: "linkExpiredText" },
  invalid: { title: "linkInvalidTitle", text: "linkInvalidText" },
} as const satisfies Record<LinkProblem, { title: string; text: string }>;

/**
 * The page carries a reset token in its address: never stored, and never sent to another site as
 * a referrer. (Not `no-referrer`: with it, browsers post this page's forms with `Origin: null`,
 * which the cross-site form checks refuse.)
 */
export const headers: HeadersFunction = () => ({
  "Cache-Control": privatePageCache,
  "Referrer-Policy": "same-origin",
});

/**
 * Opened from an emailed link (`?token=`), the page first asks the API whether the link still
 * works (see `checkResetLink`).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  return checkResetLink(context, url.searchParams.get("token"));
}

/** Two steps on one page: ask for a link by email, then set a new password from the link. */
export async function action({ request, context }: Route.ActionArgs) {
  return resetPassword(request, context);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("resetPassword");
  const tf = useTranslations("forms");
  const { to } = usePaths();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const result = actionData as ResetResult | undefined;
  const token = params.get("token");
  const done = result?.ok ? result : null;
  const failed = result && !result.ok ? result : null;
  // What the reset answered wins over what the check said when the page was opened.
  const linkProblem =
    token === null || done?.intent === "reset"
      ? null
      : failed?.intent === "reset"
        ? failed.linkProblem
        : loaderData.linkProblem;
  const showReset = token !== null && linkProblem === null && done?.intent !== "reset";

  return (
    <main id="main" className="mx-auto max-w-xl space-y-8 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />

      {done?.intent === "reset" ? (
        <div className="space-y-4">
          <FormMessage id="reset-done" tone="success">
            {done.message}
          </FormMessage>
          <Link to={to("login")} className="button-primary">
            {t("doneLogin")}
          </Link>
        </div>
      ) : showReset ? (
        <section aria-labelledby="reset-choose" className="space-y-4">
          <h2 id="reset-choose" className="text-xl font-semibold">
            {t("chooseHeading")}
          </h2>
          <p className={mutedText}>{t("chooseText")}</p>
          <Form method="post" className="space-y-5">
            <FailureMessage id="reset-error" failure={failed} />
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="token" value={token} />
            <NewPasswordField
              id="reset-password"
              name="password"
              label={tf("newPassword")}
              error={failed?.fields.password}
            />
            <button type="submit" disabled={busy} className="button-primary">
              {busy ? t("chooseSubmitting") : t("chooseSubmit")}
            </button>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="reset-request" className="space-y-4">
          {linkProblem && (
            <div
              role="alert"
              id="reset-link-problem"
              data-problem={linkProblem}
              className={`space-y-1 rounded-md border p-4 ${toneClass.danger}`}
            >
              <p className="font-semibold">{t(problemTexts[linkProblem].title)}</p>
              <p>{t(problemTexts[linkProblem].text)}</p>
            </div>
          )}
          <h2 id="reset-request" className="text-xl font-semibold">
            {token !== null ? t("requestAgain") : t("requestHeading")}
          </h2>
          <p className={mutedText}>{t("requestText")}</p>
          <Form method="post" action={to("reset-password")} className="space-y-5">
            {done?.intent === "request" && (
              <FormMessage id="reset-sent" tone="success">
                {done.message}
              </FormMessage>
            )}
            <FailureMessage
              id="reset-error"
              failure={failed && !failed.linkProblem ? failed : null}
            />
            <input type="hidden" name="intent" value="request" />
            <TextField
              id="reset-email"
              name="email"
              type="email"
              label={tf("email")}
              autoComplete="email"
              maxLength={254}
              defaultValue={failed?.values.email}
              error={failed?.fields.email}
            />
            <button type="submit" disabled={busy} className="button-primary">
              {busy ? t("requestSubmitting") : t("requestSubmit")}
            </button>
          </Form>
        </section>
      )}

      <p className={mutedText}>
        {t.rich("helpText", {
          login: (chunks) => (
            <Link className={linkClass} to={to("login")}>
              {chunks}
            </Link>
          ),
          contact: (chunks) => (
            <Link className={linkClass} to={to("contact")}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    </main>
  );
}

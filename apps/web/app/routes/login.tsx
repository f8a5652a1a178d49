import { useEffect } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import { FormMessage, TextField } from "../components/form-field";
import { toast } from "../components/toasts";
import { usePaths } from "../hooks";
import type { Route } from "./+types/login";
import { signIn } from "./login.server";

export async function action({ request, context }: Route.ActionArgs) {
  return signIn(request, context);
}

export default function Login({ actionData }: Route.ComponentProps) {
  const t = useTranslations("login");
  const { to } = usePaths();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const error = actionData ? (actionData.message ?? t("missingFields")) : null;

  useEffect(() => {
    if (error) toast("error", error);
  }, [error]);

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("heading")}</h1>
      <p className="mt-2 text-muted">{t("intro")}</p>
      <Form
        method="post"
        className="mt-8 space-y-5"
        aria-describedby={error ? "login-error" : undefined}
      >
        <input type="hidden" name="redirect" value={params.get("redirect") ?? ""} />
        <TextField
          id="email"
          name="email"
          type="email"
          label={t("email")}
          autoComplete="username"
          defaultValue={actionData?.email}
        />
        <TextField
          id="password"
          name="password"
          type="password"
          label={t("password")}
          autoComplete="current-password"
        />
        {error && (
          <FormMessage id="login-error" tone="error">
            {error}
          </FormMessage>
        )}
        <button type="submit" disabled={busy} className="button-primary w-full">
          {busy ? t("submitting") : t("submit")}
        </button>
      </Form>
      <div className="mt-6 space-y-2 text-sm">
        <p>
          <Link className="underline" to={to("reset-password")}>
            {t("forgotPassword")}
          </Link>
        </p>
        <p>
          {t("noAccount")}{" "}
          <Link className="font-medium underline" to={to("register")}>
            {t("register")}
          </Link>
        </p>
      </div>
    </main>
  );
}

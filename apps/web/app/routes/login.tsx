import { ApiError } from "@eventwerk/contract";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { bareClient } from "../api.server";
import { toast } from "../components/toasts";
import { config } from "../config.server";
import { requestState } from "../context";
import { usePaths } from "../hooks";
import { pathTo } from "../route-table";
import { loginCookies } from "../session/cookies.server";
import { safeReturnPath } from "../session/return-path";
import type { Route } from "./+types/login";

const loginForm = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  redirect: z.string().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestState);
  const form = loginForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success)
    return data({ error: "missing" as const, message: null, email: "" }, { status: 400 });
  const { email, password } = form.data;
  try {
    const tokens = await bareClient(state.locale, state.forwardedFor).token({
      grant_type: "password",
      username: email,
      password,
      client_id: config.OAUTH_CLIENT_ID,
      client_secret: config.OAUTH_CLIENT_SECRET,
    });
    state.setCookies.push(...loginCookies(tokens));
    throw redirect(safeReturnPath(form.data.redirect, pathTo("home", state.locale)));
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // The API's message is already in the visitor's language.
      return data(
        { error: "credentials" as const, message: error.message, email },
        { status: error.status },
      );
    }
    throw error;
  }
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
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">{t("intro")}</p>
      <Form
        method="post"
        className="mt-8 space-y-5"
        aria-describedby={error ? "login-error" : undefined}
      >
        <input type="hidden" name="redirect" value={params.get("redirect") ?? ""} />
        <div className="space-y-1">
          <label htmlFor="email" className="block font-medium">
            {t("email")}
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.email}
            className="field"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="password" className="block font-medium">
            {t("password")}
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="field"
          />
        </div>
        {error && (
          <p id="login-error" role="alert" className="font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
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

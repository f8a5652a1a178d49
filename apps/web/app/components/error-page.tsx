import { isRouteErrorResponse, useLocation } from "react-router";
import { useTranslations } from "use-intl";
import { localeFromPath, pathTo } from "../route-table";

/**
 * The site's error page: "Page Not Found" for a 404, otherwise "Internal Server Error", with the
 * status code, a message, a description and a way home. The root and each layout show it in
 * their error boundaries.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const t = useTranslations("errors");
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // An error's own text only in development: in production it could tell more than a visitor
  // should read (a query, a path on the server). A 404's text is the specified "Page not found:
  // {path}"; a refused request's is in the visitor's language, not the developer's words.
  const message =
    error instanceof Error && import.meta.env.DEV
      ? error.message
      : status === 404
        ? isRouteErrorResponse(error) && typeof error.data === "string"
          ? error.data
          : `Page not found: ${pathname}`
        : status === 400
          ? t("badRequestMessage")
          : status === 403
            ? t("forbiddenMessage")
            : t("serverErrorMessage");
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-2xl flex-col justify-center gap-4 p-6"
    >
      <p className="eyebrow">{t("status", { status })}</p>
      <h1 className="text-3xl font-bold tracking-tight">
        {status === 404 ? t("notFoundTitle") : t("serverErrorTitle")}
      </h1>
      <p className="font-medium text-neutral-800 dark:text-neutral-200">{message}</p>
      <p className="text-muted">
        {status === 404 ? t("notFoundDescription") : t("serverErrorDescription")}
      </p>
      <p>
        <a
          href={pathTo("home", locale)}
          className="font-medium text-primary-800 underline underline-offset-4 dark:text-primary-300"
        >
          {t("backHome")}
        </a>
      </p>
    </main>
  );
}

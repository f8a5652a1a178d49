import { Outlet } from "react-router";
import { useTranslations } from "use-intl";
import { ErrorPage } from "../components/error-page";
import { HeadLinks } from "../components/head-links";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { pageMeta } from "../seo";
import type { Route } from "./+types/default";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

function Chrome({ children }: { children: React.ReactNode }) {
  const t = useTranslations("common");
  return (
    <>
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <SiteHeader />
      {children}
      <SiteFooter />
    </>
  );
}

/** The default layout: header with navigation, the page, footer with contact data. */
export default function DefaultLayout() {
  return (
    <Chrome>
      <HeadLinks />
      <Outlet />
    </Chrome>
  );
}

/** Errors of pages in this layout keep the header and footer; the status code stays the real one. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Chrome>
      <ErrorPage error={error} />
    </Chrome>
  );
}

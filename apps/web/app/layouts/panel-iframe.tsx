import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { HeadLinks } from "../components/head-links";
import { pageMeta } from "../seo";
import type { Route } from "./+types/panel-iframe";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** The panel-iframe layout: no site chrome; the page fills the viewport (it is shown in a frame). */
export default function PanelIframeLayout() {
  return (
    <div className="flex h-dvh w-full flex-col overflow-auto">
      <HeadLinks />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

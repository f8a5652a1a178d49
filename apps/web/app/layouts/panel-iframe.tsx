import { isActiveOrganiser } from "@eventwerk/contract";
import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { HeadLinks } from "../components/head-links";
import { PanelNav } from "../components/panel/panel-nav";
import { requestState } from "../context";
import { pageMeta } from "../seo";
import type { Route } from "./+types/panel-iframe";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** What the panel's navigation offers the signed-in user. */
export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(requestState);
  return {
    organiser: isActiveOrganiser(user?.organiser),
    admin: user?.role === "admin",
  };
}

/**
 * The panel-iframe layout: no site chrome, the panel's own navigation; the page fills the viewport
 * (it may be shown in a frame).
 */
export default function PanelIframeLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex h-dvh w-full flex-col overflow-auto">
      <HeadLinks />
      <PanelNav organiser={loaderData.organiser} admin={loaderData.admin} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

import { useEffect } from "react";
import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { HeadLinks } from "../components/head-links";
import { embedHeightMessage } from "../lib/embed";
import { pageMeta } from "../seo";
import type { Route } from "./+types/embed";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/**
 * The embedded ticket shop's layout: no site chrome. It tells the page around the frame how
 * tall it is, whenever that changes, so the frame never scrolls.
 */
export default function EmbedLayout() {
  useEffect(() => {
    if (window.parent === window) return;
    const report = () =>
      window.parent.postMessage(
        { type: embedHeightMessage, height: document.documentElement.scrollHeight },
        "*",
      );
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, []);
  return (
    <div className="w-full">
      <HeadLinks />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

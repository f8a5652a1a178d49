import { type Ref, useSyncExternalStore } from "react";
import { Link, type LinkProps } from "react-router";

type NetworkInformation = EventTarget & { saveData?: boolean; effectiveType?: string };

const connection = (): NetworkInformation | undefined =>
  (navigator as Navigator & { connection?: NetworkInformation }).connection;

/** No prefetching when the visitor asked to save data or the connection is slow-2g. */
function prefetchAllowed(): boolean {
  const info = connection();
  return !(info?.saveData || info?.effectiveType === "slow-2g");
}

function subscribe(listener: () => void) {
  const info = connection();
  info?.addEventListener("change", listener);
  return () => info?.removeEventListener("change", listener);
}

/**
 * React Router's `Link` that prefetches on intent, except on save-data or slow-2g connections.
 * The server and the first client render prefetch nothing; the client decides after hydration.
 * No `data-discover` attribute: the client has the whole route table from the start
 * (`routeDiscovery: "initial"`), so nothing reads it, and pages carry dozens of links.
 */
export function AppLink({
  prefetch = "intent",
  ...props
}: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  const allowed = useSyncExternalStore(subscribe, prefetchAllowed, () => false);
  return <Link prefetch={allowed ? prefetch : "none"} discover="none" {...props} />;
}

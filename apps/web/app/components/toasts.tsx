import { type ComponentProps, lazy, Suspense, useEffect, useSyncExternalStore } from "react";

/**
 * Toasts without the toast library in every page's first load: the library and its toast area
 * load with the first toast. A toast waits until the area has mounted, since the library drops
 * toasts published before its area subscribes.
 */
export type ToastKind = "default" | "success" | "info" | "warning" | "error" | "loading";

const loadLibrary = () => import("sonner");
const LazyToaster = lazy(() => import("./toaster-area"));

let wanted = false;
const listeners = new Set<() => void>();
let markMounted = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function toast(kind: ToastKind, message: string) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([loadLibrary(), mounted]).then(([{ toast: show }]) => {
    if (kind === "default") show(message);
    else show[kind](message);
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Runs after the toast area's own effects (siblings' effects run in order). */
function MountSignal() {
  useEffect(() => markMounted(), []);
  return null;
}

/** The toast area, rendered once the page has shown its first toast. */
export function Toaster(props: ComponentProps<typeof LazyToaster>) {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
      <MountSignal />
    </Suspense>
  );
}

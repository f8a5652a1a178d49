import {
  type ComponentProps,
  lazy,
  type PointerEvent,
  Suspense,
  useEffect,
  useSyncExternalStore,
} from "react";

/**
 * Toasts without the toast library in every page's first load: the library and its toast area
 * load with the first toast. A toast waits until the area has mounted, since the library drops
 * toasts published before its area subscribes.
 */
export type ToastKind = "default" | "success" | "info" | "warning" | "error" | "loading";

const loadLibrary = () => import("sonner");
const LazyToaster = lazy(() => loadLibrary().then((module) => ({ default: module.Toaster })));

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

/** The specified swipe that dismisses a toast; the library's own is 45 px. */
const swipeDismissPx = 20;
const librarySwipePx = 45;

/**
 * Before the library's own pointer-up (this runs in the capture phase): a toast swiped at least
 * 20 px is given the library's distance, with its direction, so that the library dismisses it
 * with its own animation (and its own check of the allowed directions).
 */
function dismissShortSwipes(event: PointerEvent<HTMLElement>) {
  const toast = (event.target as Element).closest<HTMLElement>("[data-sonner-toast]");
  if (!toast) return;
  for (const axis of ["x", "y"]) {
    const property = `--swipe-amount-${axis}`;
    const amount = Number.parseFloat(toast.style.getPropertyValue(property)) || 0;
    if (Math.abs(amount) >= swipeDismissPx && Math.abs(amount) < librarySwipePx) {
      toast.style.setProperty(property, `${Math.sign(amount) * librarySwipePx}px`);
    }
  }
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
      <div className="contents" onPointerUpCapture={dismissShortSwipes}>
        <LazyToaster {...props} />
      </div>
      <MountSignal />
    </Suspense>
  );
}

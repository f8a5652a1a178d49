import type { ComponentProps, PointerEvent } from "react";
import { Toaster } from "sonner";

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

/** The library's toast area, loaded with the first toast (`toasts.tsx`). */
export default function ToasterArea(props: ComponentProps<typeof Toaster>) {
  return (
    <div className="contents" onPointerUpCapture={dismissShortSwipes}>
      <Toaster {...props} />
    </div>
  );
}

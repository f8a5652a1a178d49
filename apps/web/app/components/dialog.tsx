import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { useTranslations } from "use-intl";
import { Icon } from "./icon";

export type DialogProps = {
  /** The dialog's heading; every dialog has one (it names the dialog for assistive technology). */
  title: ReactNode;
  /** Text under the title; it describes the dialog. */
  description?: ReactNode;
  /** The element that opens the dialog; focus returns to it on close. Rendered `asChild`. */
  trigger?: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Close when Escape is pressed (default true). */
  closeOnEscape?: boolean;
  /** Close on a click on the dim mask around the dialog (default true). */
  closeOnMaskClick?: boolean;
  /** Show the × button in the corner (default true). */
  showCloseButton?: boolean;
  /** Where focus goes on close when the dialog has no `trigger` (Radix returns it to a trigger). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Classes for the panel, e.g. its width (default: full width less a margin, at most 32rem). */
  className?: string;
  children?: ReactNode;
};

/** Toasts float above dialogs; a click on one must not count as a click on the mask. */
const isToast = (target: EventTarget | null) =>
  target instanceof Element && target.closest("[data-sonner-toaster]") !== null;

/**
 * The generic modal dialog: centred, closes on Escape and on a mask click
 * unless told otherwise, 150 ms enter animation, at most 90% of the viewport high, on the modal
 * layer. Radix traps focus inside and returns it to the trigger.
 */
export function Dialog({
  title,
  description,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  closeOnEscape = true,
  closeOnMaskClick = true,
  showCloseButton = true,
  returnFocusTo,
  className = "w-[calc(100%-2rem)] max-w-lg",
  children,
}: DialogProps) {
  const t = useTranslations("shell");
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-dialog-mask=""
          className="fixed inset-0 z-(--z-index-modal) bg-neutral-950/50 transition-opacity duration-150 starting:opacity-0 motion-reduce:transition-none"
        />
        <RadixDialog.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (!closeOnEscape) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (!closeOnMaskClick || isToast(event.target)) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (isToast(event.target)) event.preventDefault();
          }}
          className={`fixed top-1/2 left-1/2 z-(--z-index-modal) flex max-h-[90%] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-neutral-200 bg-white text-neutral-900 shadow-xl transition-[opacity,scale] duration-150 ease-out starting:scale-95 starting:opacity-0 focus:outline-none motion-reduce:transition-none dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100 ${className}`}
        >
          <div className="flex items-start gap-4 border-b border-neutral-200 px-6 py-4 dark:border-neutral-800">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-muted">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            {showCloseButton && (
              <RadixDialog.Close
                aria-label={t("closeDialog")}
                className="-mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-600 transition hover-surface focus-ring dark:text-neutral-300"
              >
                <Icon name="x" className="size-5" />
              </RadixDialog.Close>
            )}
          </div>
          <div className="min-h-0 overflow-y-auto px-6 py-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button that closes the dialog it is in; `asChild` renders the given element instead. */
export const DialogClose = RadixDialog.Close;

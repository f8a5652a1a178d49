import { type ComponentType, lazy, type RefObject, Suspense, useRef, useState } from "react";

/** What a dialog loaded on demand takes: its open state, and the button focus returns to. */
export type LazyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

type LazyDialog = {
  load: () => Promise<{ default: ComponentType<LazyDialogProps> }>;
  Dialog: ComponentType<LazyDialogProps>;
};

/**
 * A dialog whose code (and the dialog library's) is a chunk of its own; made once per module,
 * next to the dynamic `import()` that names the chunk.
 */
export function lazyDialog(load: LazyDialog["load"]): LazyDialog {
  return { load, Dialog: lazy(load) };
}

/**
 * The button's props and the dialog of a `lazyDialog`: the code loads on the button's first
 * hover, focus or click, and the dialog is rendered from its first opening on (so it can close
 * with its animation and return focus to the button).
 */
export function useLazyDialog({ load, Dialog }: LazyDialog) {
  // Null until first opened: the dialog's code is not loaded before it is needed.
  const [open, setOpen] = useState<boolean | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  return {
    button: {
      ref: button,
      type: "button",
      "aria-haspopup": "dialog",
      "aria-expanded": open === true,
      onPointerEnter: () => void load(),
      onFocus: () => void load(),
      onClick: () => setOpen(true),
    } as const,
    dialog:
      open === null ? null : (
        <Suspense fallback={null}>
          <Dialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ),
  };
}

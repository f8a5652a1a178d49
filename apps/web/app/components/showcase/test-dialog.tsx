import type { RefObject } from "react";
import { useTranslations } from "use-intl";
import { Dialog, DialogClose } from "../dialog";
import { TextField } from "../form-field";

/**
 * The showcase's dialog (`/test`), loaded when its button is first used: the dialog library is
 * more than the rest of the page together.
 */
export default function TestDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations("test");
  const common = useTranslations("common");
  return (
    <Dialog
      title={t("dialogTitle")}
      description={t("dialogDescription")}
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
    >
      <div className="space-y-4">
        <p>{t("dialogBody")}</p>
        <TextField
          id="test-dialog-name"
          name="name"
          label={t("dialogField")}
          autoComplete="name"
          placeholder={t("namePlaceholder")}
          required={false}
        />
        <div className="flex justify-end">
          <DialogClose asChild>
            <button type="button" className="button-secondary">
              {common("close")}
            </button>
          </DialogClose>
        </div>
      </div>
    </Dialog>
  );
}

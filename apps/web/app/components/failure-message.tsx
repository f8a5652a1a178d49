import { useTranslations } from "use-intl";
import { FormMessage } from "./form-field";

/**
 * A failed post's message: the API's, else "check the marked fields" (nothing without a failure).
 * A module of its own: the pages that show it ship the `forms` messages, not every form's page.
 */
export function FailureMessage({
  id,
  failure,
}: {
  id: string;
  failure: { message?: string | null } | null | undefined;
}) {
  const tf = useTranslations("forms");
  if (!failure) return null;
  return (
    <FormMessage id={id} tone="error">
      {failure.message ?? tf("invalidForm")}
    </FormMessage>
  );
}

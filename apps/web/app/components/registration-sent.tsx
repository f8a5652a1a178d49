import { Link } from "react-router";
import { usePaths } from "../hooks";
import { FormMessage } from "./form-field";
import { PageHeader } from "./page-parts";

/**
 * What both registration forms show once the API took the registration: the same for a new and
 * a known address (the API answers both alike), so the page tells nobody whether it was known.
 */
export function RegistrationSent({
  heading,
  message,
  login,
}: {
  heading: string;
  message: string;
  login: string;
}) {
  const { to } = usePaths();
  return (
    <main id="main" className="mx-auto max-w-xl space-y-8 px-4 py-12">
      <PageHeader title={heading} />
      <FormMessage id="registration-sent" tone="success">
        {message}
      </FormMessage>
      <Link to={to("login")} className="button-primary">
        {login}
      </Link>
    </main>
  );
}

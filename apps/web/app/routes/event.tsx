import { TicketX } from "lucide-react";
import { data, Link } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../hooks";
import { EmptyState, mutedText } from "../lib/page-parts";
import { matchPage } from "../route-table";
import type { Route } from "./+types/event";

/** `/:slug-evx-:id`: any other single-segment path that reaches this route is a 404. */
export function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const match = matchPage(pathname);
  if (match?.page.key !== "event" || !/^\d+$/.test(match.params.id ?? "")) {
    throw data(`Page not found: ${pathname}`, { status: 404 });
  }
  return { id: Number(match.params.id), slug: match.params.slug! };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const meta = useTranslations("meta");
  const t = useTranslations("event");
  const { to } = usePaths();
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-10 px-4 py-12">
      <header className="space-y-2">
        <p className="text-sm font-semibold text-primary-800 dark:text-primary-300">
          {t("eventNumber", { id: loaderData.id })}
        </p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{meta("event.title")}</h1>
        <p className={`max-w-3xl text-lg ${mutedText}`}>{t("intro")}</p>
      </header>
      <EmptyState
        icon={TicketX}
        title={t("emptyTitle")}
        actions={
          <Link to={to("events")} className="button-secondary">
            {t("emptyEvents")}
          </Link>
        }
      >
        <p>{t("emptyText")}</p>
      </EmptyState>
    </main>
  );
}

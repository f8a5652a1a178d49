import { isActiveOrganiser } from "@eventwerk/contract";
import { data, NavLink, Outlet } from "react-router";
import { useTranslations } from "use-intl";
import { mutedText } from "../components/page-parts";
import { usePaths } from "../hooks";
import { pageHeaders, privatePageCache } from "../lib/page-cache";
import { signedInUser } from "../routes/account/account.server";
import { accountScreens } from "../routes/account/screens";
import type { Route } from "./+types/account";

/** Personal pages: never stored by anyone; the screens inside inherit this. */
export const headers = pageHeaders;

export function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  return data(
    { name: user.name, organiser: isActiveOrganiser(user.organiser) },
    { headers: { "Cache-Control": privatePageCache } },
  );
}

/**
 * The account area's layout (inside the site's): the greeting and the sub-navigation between
 * the account's screens, each a route of its own.
 */
export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("account");
  const { to } = usePaths();
  const { name, organiser } = loaderData;
  const screens = accountScreens.filter((screen) => organiser || !("organiser" in screen));
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-8 px-4 py-12">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("greeting", { name })}</h1>
        <p className={`max-w-3xl text-lg ${mutedText}`}>{t("intro")}</p>
        <nav aria-label={t("sectionsLabel")}>
          <ul className="flex flex-wrap gap-2">
            {screens.map(({ key, label }) => (
              <li key={key}>
                <NavLink
                  to={to(key)}
                  end
                  className="button-secondary px-3 py-1.5 text-sm aria-[current=page]:border-primary-700 aria-[current=page]:bg-primary-50 aria-[current=page]:text-primary-900 dark:aria-[current=page]:bg-primary-950 dark:aria-[current=page]:text-primary-100"
                >
                  {t(`nav.${label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet />
    </main>
  );
}

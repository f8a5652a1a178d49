import { data, Form, Link, redirect, useRevalidator } from "react-router";
import { useTranslations } from "use-intl";
import { ScannerApp } from "../../components/door/scanner-app";
import { ErrorPage } from "../../components/error-page";
import { HeadLinks } from "../../components/head-links";
import { EmptyState } from "../../components/page-parts";
import { requestState } from "../../context";
import { usePaths } from "../../hooks";
import { pageHeaders, privatePageCache } from "../../lib/page-cache";
import { resources } from "../../route-table";
import { pageMeta } from "../../seo";
import type { Route } from "./+types/scanner";
import {
  doorClient,
  doorCookieFor,
  doorToken,
  linkRefused,
  linkRefusedBefore,
  linkToken,
  refusedDoorCookie,
  sentByAnotherSite,
} from "./door.server";

export const headers = pageHeaders;
// The door area has no layout (route-table.ts): the page brings what a layout would, its meta,
// head links and error boundary (else an error would replace the root's app, title and all).
export const meta: Route.MetaFunction = (args) => pageMeta(args);
const cache = { "Cache-Control": privatePageCache };

/**
 * A door link (`?link=`) is moved into an httpOnly cookie and out of the address bar; with the
 * cookie, the scanner opens for the link's event. Without one, or with a revoked or expired
 * link (then and on every later load, `refusedDoorCookie`), the page says so.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const state = context.get(requestState);
  const link = linkToken(url.searchParams.get("link"));
  const refused = () => data({ state: "refused" as const, session: null }, { headers: cache });
  if (link && sentByAnotherSite(request)) {
    // Asked first, naming the link's event; the phone's current link stays until the tap.
    try {
      const session = await doorClient(context, link).door.session();
      return data({ state: "confirm" as const, session: session.data, link }, { headers: cache });
    } catch (error) {
      if (!linkRefused(error)) throw error;
      return refused();
    }
  }
  if (link) return openLink(context, url, link);
  const token = doorToken(request);
  if (!token) {
    if (linkRefusedBefore(request)) return refused();
    return data({ state: "none" as const, session: null }, { headers: cache });
  }
  try {
    const session = await doorClient(context, token).door.session();
    return data({ state: "open" as const, session: session.data }, { headers: cache });
  } catch (error) {
    if (!linkRefused(error)) throw error;
    state.setCookies.push(refusedDoorCookie());
    return refused();
  }
}

/** The tap that opens a link another site's page led to (a post: only from our own pages). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const link = linkToken((await request.formData()).get("link"));
  if (!link) throw data("A door link's token is required", { status: 400 });
  return openLink(context, url, link);
}

function openLink(context: Route.LoaderArgs["context"], url: URL, link: string): never {
  context.get(requestState).setCookies.push(doorCookieFor(link));
  throw redirect(url.pathname, { headers: cache });
}

/** The door scanner of a door link: its own chunk, loaded only by this page. */
export default function DoorScanner({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("door");
  const { to, locale } = usePaths();
  const revalidator = useRevalidator();
  return (
    <>
      <HeadLinks />
      {loaderData.state === "open" ? (
        <main id="main">
          <ScannerApp
            session={loaderData.session}
            dataUrl={`${resources.doorData.path}?locale=${locale}`}
            onRefused={() => void revalidator.revalidate()}
          />
        </main>
      ) : loaderData.state === "confirm" ? (
        <main id="main" className="mx-auto max-w-3xl px-4 py-12">
          <EmptyState
            icon="scan-line"
            headingLevel={1}
            title={t("confirmTitle")}
            actions={
              <Form method="post">
                <input type="hidden" name="link" value={loaderData.link} />
                <button type="submit" className="button-primary">
                  {t("confirmSubmit")}
                </button>
              </Form>
            }
          >
            <p>
              {t("confirmText", { event: loaderData.session.event.title })}
              {loaderData.session.gate !== null && (
                <> ({t("gate", { gate: loaderData.session.gate })})</>
              )}
            </p>
          </EmptyState>
        </main>
      ) : (
        <main id="main" className="mx-auto max-w-3xl px-4 py-12">
          <EmptyState
            icon="scan-line"
            headingLevel={1}
            title={loaderData.state === "refused" ? t("refusedTitle") : t("noLinkTitle")}
            actions={
              <Link to={to("qr")} className="button-secondary">
                {t("aboutQr")}
              </Link>
            }
          >
            <p>{loaderData.state === "refused" ? t("refusedText") : t("noLinkText")}</p>
          </EmptyState>
        </main>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

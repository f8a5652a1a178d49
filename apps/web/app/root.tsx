import { type ReactNode, useState } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { IntlProvider } from "use-intl";
import type { Route } from "./+types/root";
import { shellData } from "./api.server";
import stylesheet from "./app.css?url";
import { ErrorPage } from "./components/error-page";
import { ShellBehaviour } from "./components/shell-behaviour";
import { config, publicOrigin } from "./config.server";
import { requestState } from "./context";
import { messagesOfPage } from "./i18n/messages.server";
import { loadMessages, messagesAt, messagesPath, rememberMessages } from "./i18n/page-messages";
import { timeZone } from "./lib/intl-format";
import { useNonce } from "./lib/nonce";
import "./i18n/types";
import errorsDe from "./i18n/messages/de/errors.json";
import errorsEn from "./i18n/messages/en/errors.json";
import { rootMiddleware } from "./middleware.server";
import { localeFromPath, matchPage } from "./route-table";
import { cookiesAreSecure } from "./session/cookies.server";

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware];

// `<Links>` gives every link the page's nonce unless the link sets its own: a stylesheet or an
// icon is no script, and the CSP's nonce guards scripts only. The stylesheet's `precedence` makes
// React put it first in the head, before the scripts' preloads: the browser asks for it first.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default", nonce: undefined },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml", nonce: undefined },
];

/** Applies the stored or system colour scheme before the first paint, so dark mode never flashes. */
const themeScript = `try{var t=localStorage.getItem("theme");if(t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches))document.documentElement.classList.add("dark")}catch(e){}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = context.get(requestState);
  // Contact data and menus are loaded at start and shown by the layout.
  const { menus, contact, langs } = await shellData(state.locale);
  const messages = messagesPath(state.locale, state.page ?? "none");
  rememberMessages(messages, messagesOfPage(state.locale, state.page));
  return {
    locale: state.locale,
    messagesPath: messages,
    siteName: config.SITE_NAME,
    // The browser writes the locale cookies too, Secure as the server's.
    secureCookies: cookiesAreSecure(config),
    origin: publicOrigin(request),
    user: state.user
      ? { name: state.user.name, surname: state.user.surname, role: state.user.role }
      : null,
    menus,
    contact,
    langs,
    maintenance: config.PUBLIC_MAINTENANCE,
    buildId: __BUILD_ID__,
    buildPollIntervalMs: config.BUILD_POLL_INTERVAL_MS,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * Before a client navigation renders another page, the browser loads the messages the root's new
 * data names. Middleware rather than a `clientLoader`: the root's data stays in the one request
 * with the page's own.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    const results = await next();
    const root = results.root;
    if (root?.type === "data") await loadMessages((root.result as RootData).messagesPath);
    return results;
  },
];

const pageOf = (url: URL) => `${localeFromPath(url.pathname)}:${matchPage(url.pathname)?.page.key}`;

/**
 * The root's data names the messages of the page it was loaded for (`messagesPath`): a client
 * navigation to another page loads the root's data again, in the same request as the page's own
 * (menus and contact data come from the server's cache). Within a page (a new query, another
 * page of results) it stays. Form posts (login, logout) load it again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}) =>
  formMethod !== undefined && formMethod !== "GET"
    ? defaultShouldRevalidate
    : pageOf(currentUrl) !== pageOf(nextUrl);

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const lang = data?.locale ?? localeFromPath(location.pathname);
  const nonce = useNonce();
  // The messages of the page the document came with, loaded before it hydrates. A client
  // navigation loads the next page's itself (`clientMiddleware`): a preload of those would come
  // after them, unused (the browser warns of it).
  const [documentMessages] = useState(data?.messagesPath);
  return (
    <html lang={lang} suppressHydrationWarning>
      <head>
        {/* The browser hides the nonce after loading, so hydration finds it empty: not a mismatch. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of our own
          dangerouslySetInnerHTML={{ __html: themeScript }}
        />
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {documentMessages && (
          <link rel="preload" as="fetch" crossOrigin="anonymous" href={documentMessages} />
        )}
      </head>
      <body className="min-h-screen bg-neutral-50 font-sans text-neutral-900 antialiased dark:bg-neutral-950 dark:text-neutral-100">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <IntlProvider
      locale={loaderData.locale}
      messages={messagesAt(loaderData.messagesPath)}
      timeZone={timeZone}
    >
      <ShellBehaviour data={loaderData}>
        <Outlet />
      </ShellBehaviour>
    </IntlProvider>
  );
}

/**
 * Reached only when the root itself fails: the layouts, and the door's page without one, show
 * their errors inside the root's app.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = localeFromPath(useLocation().pathname);
  return (
    <IntlProvider
      locale={locale}
      messages={{ errors: locale === "en" ? errorsEn : errorsDe }}
      timeZone={timeZone}
    >
      <ErrorPage error={error} />
    </IntlProvider>
  );
}

import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { homePath, localeFromPath } from "./locale";

export function Layout({ children }: { children: ReactNode }) {
  const lang = localeFromPath(useLocation().pathname);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-neutral-50 font-sans text-neutral-900">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

const errorText = {
  de: { notFound: "Seite nicht gefunden", failed: "Interner Serverfehler", home: "Zur Startseite" },
  en: {
    notFound: "Page not found",
    failed: "Internal server error",
    home: "Back to the home page",
  },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = localeFromPath(useLocation().pathname);
  const text = errorText[locale];
  let status = 500;
  let title = "Internal Server Error";
  let details: string = text.failed;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    if (error.status === 404) {
      title = "Page Not Found";
      details = typeof error.data === "string" && error.data ? error.data : text.notFound;
    } else {
      details = error.statusText || text.failed;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-4 p-6">
      <p className="text-sm font-semibold text-primary-700">{status}</p>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-neutral-700">{details}</p>
      <p>
        <a
          href={homePath(locale)}
          className="font-medium text-primary-800 underline underline-offset-4 hover:text-primary-900"
        >
          {text.home}
        </a>
      </p>
    </main>
  );
}

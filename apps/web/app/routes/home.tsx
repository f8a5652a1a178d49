import type { Locale } from "@eventwerk/contract";
import { apiFor } from "../api.server";
import { config } from "../config.server";
import { homePath, localeFromPath } from "../locale";
import type { Route } from "./+types/home";

const text = {
  de: {
    title: "Veranstaltungen & Tickets",
    description:
      "Veranstaltungen entdecken, Tickets kaufen und als QR-Code erhalten – oder als Veranstalter Events veröffentlichen und Gäste am Einlass einchecken.",
    heading: "Veranstaltungen entdecken, Tickets sofort erhalten",
    intro:
      "Eventwerk ist ein Marktplatz für Veranstaltungen: Besucherinnen und Besucher entdecken Events, kaufen Tickets und erhalten sie als QR-Code. Veranstalter veröffentlichen ihre Events und checken ihre Gäste direkt am Einlass ein.",
    languages: "Sprache",
    languagesNav: "Sprachauswahl",
    headerMenu: "Hauptmenü",
    footerMenu: "Informationen",
    contact: "Kontakt",
    email: "E-Mail",
    phone: "Telefon",
    openingHours: "Öffnungszeiten",
  },
  en: {
    title: "Events & tickets",
    description:
      "Discover events, buy tickets and get them as QR codes – or publish your events as an organiser and check people in at the door.",
    heading: "Discover events, get your tickets instantly",
    intro:
      "Eventwerk is a marketplace for events: visitors discover events, buy tickets and get them as QR codes. Organisers publish their events and check people in at the door.",
    languages: "Language",
    languagesNav: "Choose language",
    headerMenu: "Main menu",
    footerMenu: "Information",
    contact: "Contact",
    email: "Email",
    phone: "Phone",
    openingHours: "Opening hours",
  },
} satisfies Record<Locale, Record<string, string>>;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const api = await apiFor(request, locale);
  const [langs, menus, contact] = await Promise.all([
    api.langs(),
    api.menus(),
    api.contactSetting(),
  ]);
  return {
    locale,
    siteName: config.SITE_NAME,
    langs: langs.data,
    menus: menus.data,
    contact: contact.data,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = text[loaderData.locale];
  return [
    { title: `${loaderData.siteName} – ${t.title}` },
    { name: "description", content: t.description },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { locale, siteName, langs, menus, contact } = loaderData;
  const t = text[locale];
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-neutral-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-6 py-4">
          <a
            href={homePath(locale)}
            className="text-xl font-bold tracking-tight text-primary-800 hover:text-primary-900"
          >
            {siteName}
          </a>
          {menus.header.length > 0 && (
            <nav aria-label={t.headerMenu}>
              <ul className="flex flex-wrap gap-4 text-sm font-medium text-neutral-700">
                {menus.header.map((page) => (
                  <li key={page.id}>{page.title}</li>
                ))}
              </ul>
            </nav>
          )}
          <nav aria-label={t.languagesNav}>
            <ul className="flex items-center gap-3">
              {langs.map((lang) => (
                <li key={lang.locale}>
                  <a
                    href={homePath(lang.locale)}
                    hrefLang={lang.locale}
                    lang={lang.locale}
                    aria-current={lang.locale === locale ? "true" : undefined}
                    className="flex items-center gap-2 rounded-md px-2 py-1 text-sm text-neutral-800 hover:bg-neutral-100 aria-[current=true]:font-semibold aria-[current=true]:text-primary-800"
                  >
                    <img
                      src={`/storage/${lang.flag}`}
                      alt={lang.name}
                      width={24}
                      height={16}
                      className="h-4 w-6 rounded-sm object-cover"
                    />
                    <span aria-hidden="true">{lang.locale.toUpperCase()}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>

      <main className="mx-auto w-full max-w-5xl flex-1 px-6 py-16">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-neutral-900 sm:text-5xl">
          {t.heading}
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-8 text-neutral-700">{t.intro}</p>
      </main>

      <footer className="border-t border-neutral-200 bg-neutral-900 text-neutral-100">
        <div className="mx-auto grid max-w-5xl gap-8 px-6 py-10 sm:grid-cols-2">
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="text-base font-semibold text-white">
              {t.contact}
            </h2>
            <address className="mt-3 space-y-1 text-sm not-italic text-neutral-300">
              <p>{contact.company_name}</p>
              <p>{contact.street}</p>
              <p>
                {contact.postal_code} {contact.city}
              </p>
              <p>{contact.country}</p>
              <p>
                {t.email}:{" "}
                <a
                  href={`mailto:${contact.email}`}
                  className="text-primary-200 underline hover:text-white"
                >
                  {contact.email}
                </a>
              </p>
              <p>
                {t.phone}:{" "}
                <a
                  href={`tel:${contact.phone.replace(/[^+0-9]/g, "")}`}
                  className="text-primary-200 underline hover:text-white"
                >
                  {contact.phone}
                </a>
              </p>
              {contact.opening_hours && (
                <p>
                  {t.openingHours}: {contact.opening_hours}
                </p>
              )}
            </address>
          </section>
          {menus.footer.length > 0 && (
            <nav aria-labelledby="footer-menu">
              <h2 id="footer-menu" className="text-base font-semibold text-white">
                {t.footerMenu}
              </h2>
              <ul className="mt-3 space-y-1 text-sm text-neutral-300">
                {menus.footer.map((page) => (
                  <li key={page.id}>{page.title}</li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </footer>
    </div>
  );
}

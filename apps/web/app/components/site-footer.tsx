import { useTranslations } from "use-intl";
import { useLanguageHref, usePaths, useRootData } from "../hooks";
import { AppLink } from "./app-link";
import { footerMenuId, useMenuLinks } from "./site-menu";

export function SiteFooter() {
  const t = useTranslations("nav");
  const { contact, user, langs, locale } = useRootData();
  const { to } = usePaths();
  const languageHref = useLanguageHref();
  const links = useMenuLinks();
  // Every page of the menus, the header's too: the menu button links here without JavaScript.
  const seen = new Set<string>();
  const all = [...links.main, ...links.footer].filter(
    (link) => !seen.has(link.to) && seen.add(link.to),
  );
  return (
    <footer className="site-bar mt-16 border-t">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm md:grid-cols-3">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-2 font-semibold">
            {t("contactHeading")}
          </h2>
          <address className="space-y-1 not-italic text-muted">
            <p>{contact.company_name}</p>
            <p>{contact.street}</p>
            <p>{`${contact.postal_code} ${contact.city}, ${contact.country}`}</p>
            <p>
              {`${t("email")}: `}
              <a className="underline" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </p>
            <p>
              {`${t("phone")}: `}
              <a className="underline" href={`tel:${contact.phone.replace(/\s/g, "")}`}>
                {contact.phone}
              </a>
            </p>
            <p>{`${t("openingHours")}: ${contact.opening_hours}`}</p>
          </address>
        </section>
        <nav id={footerMenuId} aria-label={t("footerMenu")} className="scroll-mt-4">
          <h2 className="mb-2 font-semibold">{t("footerMenu")}</h2>
          <ul className="link-list space-y-1">
            {all.map((link) => (
              <li key={link.key}>
                <AppLink to={link.to}>{link.label}</AppLink>
              </li>
            ))}
            {/* What the header's drawer holds besides, for phones without JavaScript: the account
                and the page in the other language (a whole page load, as the dialog's). */}
            <li>
              <AppLink to={user ? to("account") : to("login")}>
                {user ? t("account") : t("login")}
              </AppLink>
            </li>
            {langs
              .filter((lang) => lang.locale !== locale)
              .map((lang) => (
                <li key={lang.locale}>
                  <a href={languageHref(lang.locale)} hrefLang={lang.locale} lang={lang.locale}>
                    {lang.name}
                  </a>
                </li>
              ))}
          </ul>
        </nav>
        <p className="text-neutral-600 md:text-right dark:text-neutral-400">
          {t("copyright", { year: new Date().getFullYear(), company: contact.company_name })}
        </p>
      </div>
    </footer>
  );
}

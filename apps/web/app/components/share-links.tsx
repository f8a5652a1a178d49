import { useTranslations } from "use-intl";
import { Icon } from "./icon";
import { linkClass } from "./page-parts";

/** Share links built from the canonical URL: plain links, no scripts of the networks. */
export function ShareLinks({ title, url }: { title: string; url: string }) {
  const t = useTranslations("event");
  const text = t("shareText", { title, url });
  const q = encodeURIComponent;
  const links = [
    { key: "shareEmail", href: `mailto:?subject=${q(title)}&body=${q(text)}`, icon: "mail" },
    { key: "shareWhatsApp", href: `https://wa.me/?text=${q(text)}`, icon: "share-2" },
    {
      key: "shareX",
      href: `https://twitter.com/intent/tweet?url=${q(url)}&text=${q(title)}`,
      icon: "share-2",
    },
    {
      key: "shareFacebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`,
      icon: "share-2",
    },
  ] as const;
  return (
    <section aria-labelledby="event-share" className="space-y-3">
      <h2 id="event-share" className="text-lg font-semibold">
        {t("share")}
      </h2>
      <ul className="icon-links space-y-2">
        {links.map(({ key, href, icon }) => {
          const external = href.startsWith("https:");
          return (
            <li key={key}>
              <a
                href={href}
                {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className={linkClass}
              >
                <Icon name={icon} className="size-4" />
                {t(key)}
                {external && <span className="sr-only">{` ${t("opensInNewTab")}`}</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import type { Locale } from "@eventwerk/contract";

/**
 * A locale cookie written in the browser (`i18n_redirected`, `active_lang`) as the server writes
 * it (`session/cookies.server.ts`): a year, path `/`, SameSite=Lax, and Secure only when the
 * configuration asks for it (the root's `secureCookies`), not by the page's protocol.
 */
export const localeCookie = (
  name: "i18n_redirected" | "active_lang",
  locale: Locale,
  secure: boolean,
) =>
  `${name}=${encodeURIComponent(locale)}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax${secure ? "; Secure" : ""}`;

import { randomBytes } from "node:crypto";
import { matchPage } from "../route-table";

export type SecuritySettings = {
  /** Whether the site is served over https (PUBLIC_URL's scheme): adds HSTS. */
  https: boolean;
  /** Origins besides the site itself that may frame the panel's pages (PANEL_FRAME_ANCESTORS). */
  panelFrameAncestors: readonly string[];
};

/** A fresh nonce for the inline scripts of one page (128 random bits). */
export const createNonce = () => randomBytes(16).toString("base64");

/** The nonce a page's policy allows inline scripts with, or null. */
export function nonceOf(policy: string | null): string | null {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? "")?.[1] ?? null;
}

/**
 * Who may frame a page: the organiser panel's pages the site itself and the listed origins, the
 * embeddable ticket shop any site; everything else nobody.
 */
function frameAncestors(pathname: string, settings: SecuritySettings): string | null {
  const area = matchPage(pathname)?.page.area;
  if (area === "embed") return "*";
  if (area === "panel") return ["'self'", ...settings.panelFrameAncestors].join(" ");
  return null;
}

/**
 * The Content-Security-Policy of a web answer. Scripts come from the site's own files, and inline
 * only with the page's nonce (React Router's hydration data, scroll restoration, the theme
 * script); without a nonce (redirects, data, static files) no inline script runs at all. Inline
 * styles stay allowed: React's `style` props and the toasts' stylesheet need them, and they cannot
 * run code.
 */
export function contentSecurityPolicy(
  pathname: string,
  settings: SecuritySettings,
  nonce?: string,
): string {
  return policy(frameAncestors(pathname, settings), nonce);
}

/** That policy with who may frame the page already decided (null: nobody). */
function policy(ancestors: string | null, nonce?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${ancestors ?? "'none'"}`,
  ].join("; ");
}

/** The security headers of every web answer (pages, redirects, data, static files, refusals). */
export function securityHeaders(
  pathname: string,
  settings: SecuritySettings,
  nonce?: string,
): Record<string, string> {
  // Matched against the route table once: this runs for every answer, files included.
  const ancestors = frameAncestors(pathname, settings);
  const headers: Record<string, string> = {
    "Content-Security-Policy": policy(ancestors, nonce),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  // Browsers that predate frame-ancestors; the panel and the shop rely on the policy alone.
  if (!ancestors) headers["X-Frame-Options"] = "DENY";
  // On http HSTS does nothing, and on localhost it would pin the browser to https.
  if (settings.https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

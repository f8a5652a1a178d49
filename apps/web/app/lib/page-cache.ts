import type { HeadersFunction } from "react-router";

/** Anonymous catalogue pages may be kept by shared caches a minute and served stale while refreshing. */
export const publicPageCache = "public, max-age=60, stale-while-revalidate=300";
/** Pages of a logged-in visitor show their name and menu: never stored by anyone. */
export const privatePageCache = "private, no-store";

/**
 * The `headers` export of the catalogue pages: the loader's Cache-Control and Vary (see
 * `cache.server.ts`); an error, or a page without them, is never cached.
 */
export const catalogueHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? privatePageCache);
  const vary = loaderHeaders.get("Vary");
  if (vary) headers.set("Vary", vary);
  return headers;
};

import type { HeadersFunction } from "react-router";

/** Pages of a logged-in visitor show their name and menu: never stored by anyone. */
export const privatePageCache = "private, no-store";

/**
 * The `headers` export of pages with personal or cacheable data: the loader's Cache-Control and Vary (see
 * `cache.server.ts`); an error, or a page without them, is never cached.
 */
export const pageHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? privatePageCache);
  const vary = loaderHeaders.get("Vary");
  if (vary) headers.set("Vary", vary);
  return headers;
};

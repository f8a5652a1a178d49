import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { config } from "./config.server";
import { NonceContext } from "./lib/nonce";
import { contentSecurityPolicy, createNonce } from "./lib/security-headers.server";

export const streamTimeout = 5_000;

/**
 * What React Router logs: the server's errors, not a client's. An error response below 500 (its
 * own 405 for a form posted to a page without one, say) answers the client's mistake, and a bot
 * posting to every page would fill the log with stack traces. Aborted requests stay quiet, as in
 * React Router's default.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // React Router's own error responses carry the error they answer for (not in their type).
  console.error(
    isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error,
  );
};

/**
 * React Router's Node entry, with one addition: every page gets its own nonce, which its
 * Content-Security-Policy allows and its inline scripts carry (React Router's through
 * `ServerRouter`, the theme script through `NonceContext`).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = createNonce();
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(
      new URL(request.url).pathname,
      {
        https: config.PUBLIC_URL?.startsWith("https:") ?? false,
        panelFrameAncestors: config.PANEL_FRAME_ANCESTORS,
      },
      nonce,
    ),
  );
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots get the whole page at once, everyone else the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

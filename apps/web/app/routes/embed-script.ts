import { publicOrigin } from "../config.server";
import { embedFrameAttribute, embedHeightMessage } from "../lib/embed";
import type { Route } from "./+types/embed-script";

/**
 * `/embed.js`: what organisers paste beside the shop's frame. It gives each of our frames on
 * their page the height the frame reports (only messages from this site, only to the frame that
 * sent them).
 */
export function loader({ request }: Route.LoaderArgs) {
  const origin = JSON.stringify(publicOrigin(request));
  const type = JSON.stringify(embedHeightMessage);
  const frames = JSON.stringify(`iframe[${embedFrameAttribute}]`);
  const body = `(function () {
  window.addEventListener("message", function (event) {
    if (event.origin !== ${origin} || !event.data || event.data.type !== ${type}) return;
    var height = Number(event.data.height);
    if (!(height > 0)) return;
    var frames = document.querySelectorAll(${frames});
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) frames[i].style.height = Math.ceil(height) + "px";
    }
  });
})();
`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      // Loaded by other sites' pages.
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}

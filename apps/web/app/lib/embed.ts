import { resources } from "../route-table";

/** The message the shop's frame sends its parent page (`/embed.js` reads it) with its height. */
export const embedHeightMessage = "eventwerk:embed-height";

/** The attribute by which `/embed.js` finds the shop's frames on the organiser's page. */
export const embedFrameAttribute = "data-eventwerk-shop";

/** What an organiser pastes into their site: the shop's frame and the script that sizes it. */
export function embedSnippet(origin: string, shopPath: string, title: string): string {
  const attribute = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return [
    `<iframe src="${origin}${shopPath}" title="${attribute(title)}" ${embedFrameAttribute} loading="lazy" style="width:100%;height:32rem;border:0"></iframe>`,
    `<script src="${origin}${resources.embedScript.path}" async></script>`,
  ].join("\n");
}

import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/** What CMS text may contain: headings below the page's h1, paragraphs, lists, emphasis, links. */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "a",
    "br",
    "blockquote",
  ],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

/** CMS HTML reduced to the tags and link schemes above; everything else is dropped. */
export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** The plain text of the first paragraph, for the page's meta description. */
export function firstParagraphText(html: string, maxLength = 200): string | undefined {
  const paragraph = /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1];
  if (!paragraph) return undefined;
  const text = sanitizeHtml(paragraph, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return undefined;
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), maxLength / 2)).trimEnd()}…`;
}

/** What a CMS page's route sends to the browser: sanitised HTML and its meta description. */
export function cmsPageData(page: { title: string; body: string; updated_at: string }) {
  const html = sanitizeCmsHtml(page.body);
  return {
    title: page.title,
    html,
    description: firstParagraphText(html),
    updatedAt: page.updated_at,
  };
}

/**
 * An event description (Markdown, written by its organiser) as sanitised HTML: headings start
 * at h3 below the page's h1 and the description's own h2; raw HTML goes through the same filter.
 */
const markdown = new Marked({
  async: false,
  gfm: true,
  walkTokens: (token) => {
    if (token.type === "heading") token.depth = Math.min(token.depth + 2, 4);
  },
});

/**
 * Descriptions rendered before, by their text: an event page renders the same one on every view
 * (~0.9 ms each, about a twentieth of the page), and it changes only when its organiser edits it.
 */
const rendered = new Map<string, string>();
const renderedMax = 500;

export function markdownHtml(text: string): string {
  let html = rendered.get(text);
  if (html === undefined) {
    html = sanitizeCmsHtml(markdown.parse(text, { async: false }));
    // The oldest entry makes room (a Map keeps insertion order).
    if (rendered.size >= renderedMax) rendered.delete(rendered.keys().next().value as string);
    rendered.set(text, html);
  }
  return html;
}

import { describe, expect, it } from "vitest";
import { firstParagraphText, markdownHtml } from "./sanitize.server";

describe("event descriptions as Markdown", () => {
  it("renders paragraphs, emphasis, lists and links", () => {
    const html = markdownHtml(
      "Ein **Abend** mit *Musik*.\n\n- Einlass 19 Uhr\n- Beginn 20 Uhr\n\n[Programm](https://example.com/programm)",
    );
    expect(html).toBe(
      '<p>Ein <strong>Abend</strong> mit <em>Musik</em>.</p>\n<ul>\n<li>Einlass 19 Uhr</li>\n<li>Beginn 20 Uhr</li>\n</ul>\n<p><a href="https://example.com/programm">Programm</a></p>\n',
    );
    expect(firstParagraphText(html)).toBe("Ein Abend mit Musik.");
  });

  it("puts headings below the page's own (h1 title, h2 section)", () => {
    expect(markdownHtml("# Programm\n\n## Ablauf\n\n### Pause")).toBe(
      "<h3>Programm</h3>\n<h4>Ablauf</h4>\n<h4>Pause</h4>\n",
    );
  });

  it("drops scripts, event handlers, images, frames and dangerous links", () => {
    const html = markdownHtml(
      [
        "<script>alert(1)</script>",
        '<p onclick="alert(1)">Klick</p>',
        "![Bild](https://example.com/x.png)",
        '<iframe src="https://example.com"></iframe>',
        "[Link](javascript:alert(1))",
        '<a href="data:text/html,x">Daten</a>',
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/script|onclick|<img|iframe|javascript:|data:/i);
    expect(html).toContain("<p>Klick</p>");
  });
});

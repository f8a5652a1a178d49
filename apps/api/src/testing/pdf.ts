import { inflateSync } from "node:zlib";

/** The pages of a PDF (page objects, not the page tree). */
export const pdfPageCount = (pdf: Buffer) =>
  (pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g) ?? []).length;

/**
 * The text a PDF shows, line by line, for tests: every content stream inflated, the hex strings
 * of each `TJ` joined (pdfkit writes text so, in WinAnsi for the standard fonts).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  // Each stream by its dictionary's `/Length`: compressed bytes may end in `\r`, which a search
  // for the line break before `endstream` would take away (and the page's text with it).
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const bytes = raw.slice(start, start + Number(match[1]));
    let content: string;
    try {
      content = inflateSync(Buffer.from(bytes, "latin1")).toString("latin1");
    } catch {
      content = bytes;
    }
    for (const text of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...text[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join("");
      lines.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return lines.join("\n");
}

/** The attachments of a raw MIME email by file name (base64 parts, as nodemailer writes them). */
export function mailAttachments(raw: string): Map<string, { type: string; body: Buffer }> {
  const found = new Map<string, { type: string; body: Buffer }>();
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /filename="?([^"\r\n;]+)"?/i.exec(head)?.[1];
    if (!name) continue;
    const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? "";
    const body = part.slice(split).replace(/\r?\n--[\s\S]*$/, "");
    found.set(name, { type, body: Buffer.from(body.replace(/\s+/g, ""), "base64") });
  }
  return found;
}

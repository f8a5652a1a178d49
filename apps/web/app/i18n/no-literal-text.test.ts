import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const textAttributes = new Set(["alt", "aria-label", "placeholder", "title", "aria-description"]);

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(full);
    return entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx") ? [full] : [];
  });
}

/** JSX text and text attributes that a visitor would read, written in the code instead of a catalogue. */
function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const hasWords = (text: string) => /\p{L}{2,}/u.test(text);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && textAttributes.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const value = ts.isStringLiteral(init)
        ? init.text
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression.text
          : "";
      if (hasWords(value)) found.push(`${node.name.getText()}="${value}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((text) => `${path.relative(appDir, file)}: ${text}`);
}

describe("components", () => {
  it("take every visible text from the message catalogues", () => {
    const files = componentFiles(appDir);
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(literalTexts)).toEqual([]);
  });
});

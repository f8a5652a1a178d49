/**
 * Writes `app/components/icon-sprite.svg`: one `<symbol>` per name in `icon-names.ts`, drawn from
 * lucide's icon data. Pages reference the symbols with `<use>` (components/icon.tsx), so icons
 * cost the browser one cached image instead of JavaScript per icon.
 *
 *   node --import tsx apps/web/scripts/icon-sprite.ts
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { iconNames } from "../app/components/icon-names";

export const spritePath = fileURLToPath(
  new URL("../app/components/icon-sprite.svg", import.meta.url),
);

type IconNode = [tag: string, attributes: Record<string, string | number>][];

const escapeAttribute = (value: string | number) =>
  String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

async function symbolFor(name: string): Promise<string> {
  const icon = (await import(`lucide-react/icons/${name}`)) as {
    __iconData?: { node: IconNode };
  };
  if (!icon.__iconData) {
    throw new Error(`lucide-react/icons/${name} is an alias; use the name it points to`);
  }
  const shapes = icon.__iconData.node.map(([tag, { key: _key, ...attributes }]) => {
    const attrs = Object.entries(attributes).map(([k, v]) => `${kebab(k)}="${escapeAttribute(v)}"`);
    return `<${tag} ${attrs.join(" ")}/>`;
  });
  return `<symbol id="${name}" viewBox="0 0 24 24">${shapes.join("")}</symbol>`;
}

export async function renderSprite(): Promise<string> {
  const symbols = await Promise.all(iconNames.map(symbolFor));
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(spritePath, await renderSprite());
  console.log(`wrote ${spritePath}`);
}

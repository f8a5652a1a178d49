import { readFile } from "node:fs/promises";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderSprite, spritePath } from "../../scripts/icon-sprite";
import { Icon } from "./icon";
import { iconNames } from "./icon-names";

describe("icon sprite", () => {
  it("is what scripts/icon-sprite.ts draws from icon-names.ts (run it after changing the list)", async () => {
    expect(await readFile(spritePath, "utf8")).toBe(await renderSprite());
  });

  it("has one symbol per name", async () => {
    const sprite = await readFile(spritePath, "utf8");
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...iconNames]);
  });
});

describe("Icon", () => {
  it("is 1rem unless a size class says otherwise (SPEC 9)", async () => {
    const css = await readFile(new URL("../app.css", import.meta.url), "utf8");
    expect(css).toMatch(/\.icon \{\s*width: 1rem;\s*height: 1rem;/);
  });

  it("draws the named symbol of the sprite, hidden from assistive technology", () => {
    const html = renderToString(<Icon name="map-pin" className="size-4" />);
    expect(html).toMatch(/^<svg aria-hidden="true"/);
    // The stroke style comes from the `icon` class (app.css).
    expect(html).toContain('class="icon size-4"');
    expect(html).toMatch(/<use href="[^"#]*icon-sprite[^"#]*\.svg[^"#]*#map-pin"><\/use>/);
  });
});

import { describe, expect, it } from "vitest";
import { pathTo, resources } from "../route-table";
import { embedFrameAttribute, embedSnippet } from "./embed";

describe("the embed snippet", () => {
  it("frames the shop and loads the sizing script from this site", () => {
    const shop = pathTo("embed-event", "en", { id: 12 });
    const [frame, script] = embedSnippet("https://tickets.example", shop, "Tickets").split("\n");
    expect(frame).toContain(`src="https://tickets.example${shop}"`);
    expect(frame).toContain(` ${embedFrameAttribute} `);
    expect(script).toBe(
      `<script src="https://tickets.example${resources.embedScript.path}" async></script>`,
    );
  });

  it("keeps an event title with quotes and markup inside its attribute", () => {
    const snippet = embedSnippet("https://tickets.example", "/einbetten/1", 'Tom & "Jerry" <live>');
    expect(snippet).toContain('title="Tom &amp; &quot;Jerry&quot; &lt;live>"');
    expect(snippet).not.toContain("<live>");
  });
});

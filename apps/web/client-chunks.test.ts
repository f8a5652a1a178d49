import { describe, expect, it } from "vitest";
import { sharedChunk } from "./client-chunks";

const app = "/repo/apps/web/app/";
/** React Router's client build names a route module with this query. */
const route = (module: string) => `${app}${module}?__react-router-build-client-route`;

/** A module graph from "importer imports these" lists; route modules are its entries. */
function graph(imports: Record<string, string[]>) {
  const importers = new Map<string, string[]>();
  for (const [importer, ids] of Object.entries(imports)) {
    for (const id of ids) importers.set(id, [...(importers.get(id) ?? []), importer]);
  }
  return {
    getModuleInfo: (id: string) => ({
      isEntry: id.includes("?__react-router-build-client-route"),
      importers: importers.get(id) ?? [],
    }),
  };
}

const shared = `${app}components/shared.tsx`;
const inner = `${app}components/inner.tsx`;

describe("the shared chunks", () => {
  it("put what the root reaches in the shell, through other modules too", () => {
    const modules = graph({ [route("root.tsx")]: [inner], [inner]: [shared] });
    expect(sharedChunk(shared, modules)).toBe("shell");
  });

  it("put the site's layout and what it reaches in the site's chunk", () => {
    const modules = graph({ [route("layouts/default.tsx")]: [inner], [inner]: [shared] });
    expect(sharedChunk(inner, modules)).toBe("site");
    expect(sharedChunk(shared, modules)).toBe("site");
  });

  it("put what two of the site's pages share in the site's chunk", () => {
    const modules = graph({
      [route("routes/home.tsx")]: [shared],
      [route("routes/events.tsx")]: [shared],
    });
    expect(sharedChunk(shared, modules)).toBe("site");
  });

  it("put in the shell what the site shares with the door, the panel or the embed", () => {
    for (const outside of ["routes/door/scanner.tsx", "routes/panel.tsx", "layouts/embed.tsx"]) {
      const pages = graph({
        [route("routes/home.tsx")]: [shared],
        [route("routes/events.tsx")]: [shared],
        [route(outside)]: [shared],
      });
      const layout = graph({
        [route("layouts/default.tsx")]: [shared],
        [route(outside)]: [shared],
      });
      expect(sharedChunk(shared, pages), outside).toBe("shell");
      expect(sharedChunk(shared, layout), outside).toBe("shell");
    }
  });

  it("count the account and checkout as inside the site's layout, a panel screen as outside", () => {
    const account = graph({
      [route("layouts/default.tsx")]: [shared],
      [route("routes/account/profile.tsx")]: [shared],
      [route("routes/checkout.tsx")]: [shared],
    });
    expect(sharedChunk(shared, account)).toBe("site");
    // `routes/panel/event.tsx`, a panel screen, is not `routes/panel.tsx` only by its name's end.
    const panelScreen = graph({
      [route("routes/home.tsx")]: [shared],
      [route("routes/events.tsx")]: [shared],
      [route("routes/panel/event.tsx")]: [shared],
    });
    expect(sharedChunk(shared, panelScreen)).toBe("shell");
    const lookalike = graph({
      [route("routes/home.tsx")]: [shared],
      [route("routes/events.tsx")]: [shared],
      [route("routes/not-a-panel.tsx")]: [shared],
    });
    expect(sharedChunk(shared, lookalike)).toBe("site");
  });

  it("leave out what one site page uses, and what only other areas' pages share", () => {
    const one = graph({ [route("routes/home.tsx")]: [shared] });
    const account = graph({
      [route("routes/account/addresses.tsx")]: [shared],
      [route("routes/account/profile.tsx")]: [shared],
      [route("routes/checkout.tsx")]: [shared],
    });
    // One site page and one outside it.
    const mixed = graph({
      [route("routes/home.tsx")]: [shared],
      [route("routes/panel/event.tsx")]: [shared],
    });
    expect(sharedChunk(shared, one)).toBeNull();
    expect(sharedChunk(shared, account)).toBeNull();
    expect(sharedChunk(shared, mixed)).toBeNull();
  });

  it("count a route module whose id has Windows separators", () => {
    const windows = (module: string) =>
      `C:\\repo\\apps\\web\\app\\${module.replace(/\//g, "\\")}?__react-router-build-client-route`;
    const id = "C:\\repo\\apps\\web\\app\\components\\shared.tsx";
    const modules = graph({
      [windows("routes/home.tsx")]: [id],
      [windows("routes/events.tsx")]: [id],
    });
    expect(sharedChunk(id, modules)).toBe("site");
    expect(sharedChunk(id, graph({ [windows("root.tsx")]: [id] }))).toBe("shell");
  });

  it("never name a shared chunk for a grouped module, even where every page reaches it", () => {
    for (const module of [
      "components/form-field.tsx",
      "components/failure-message.tsx",
      "components/registration-sent.tsx",
      "components/event-card.tsx",
      "lib/ticket-selection.ts",
      "components/dialog.tsx",
    ]) {
      const modules = graph({ [route("root.tsx")]: [`${app}${module}`] });
      expect(sharedChunk(`${app}${module}`, modules), module).toBeNull();
    }
  });
});

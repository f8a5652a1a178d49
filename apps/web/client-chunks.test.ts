import { describe, expect, it } from "vitest";
import { inShell } from "./client-chunks";

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

describe("the shell chunk", () => {
  it("holds what the root or the site's layout reaches, through other modules too", () => {
    const modules = graph({ [route("layouts/default.tsx")]: [inner], [inner]: [shared] });
    expect(inShell(shared, modules)).toBe(true);
    expect(inShell(shared, graph({ [route("root.tsx")]: [shared] }))).toBe(true);
  });

  it("holds what two of the site's pages share", () => {
    const modules = graph({
      [route("routes/home.tsx")]: [shared],
      [route("routes/events.tsx")]: [shared],
    });
    expect(inShell(shared, modules)).toBe(true);
  });

  it("leaves out what one site page uses, and what only other areas' pages share", () => {
    const one = graph({ [route("routes/home.tsx")]: [shared] });
    const account = graph({
      [route("routes/account/addresses.tsx")]: [shared],
      [route("routes/account/profile.tsx")]: [shared],
      [route("routes/checkout.tsx")]: [shared],
    });
    const mixed = graph({
      [route("routes/home.tsx")]: [shared],
      [route("routes/panel/event.tsx")]: [shared],
    });
    expect(inShell(shared, one)).toBe(false);
    expect(inShell(shared, account)).toBe(false);
    expect(inShell(shared, mixed)).toBe(false);
  });

  it("counts a route module whose id has Windows separators", () => {
    const windows = (module: string) =>
      `C:\\repo\\apps\\web\\app\\${module.replace(/\//g, "\\")}?__react-router-build-client-route`;
    const id = "C:\\repo\\apps\\web\\app\\components\\shared.tsx";
    const modules = graph({
      [windows("routes/home.tsx")]: [id],
      [windows("routes/events.tsx")]: [id],
    });
    expect(inShell(id, modules)).toBe(true);
  });

  it("never names the shell for a grouped module, even where every page reaches it", () => {
    for (const module of [
      "components/form-field.tsx",
      "components/failure-message.tsx",
      "components/registration-sent.tsx",
      "components/event-card.tsx",
      "lib/ticket-selection.ts",
      "components/dialog.tsx",
    ]) {
      const modules = graph({ [route("root.tsx")]: [`${app}${module}`] });
      expect(inShell(`${app}${module}`, modules), module).toBe(false);
    }
  });
});

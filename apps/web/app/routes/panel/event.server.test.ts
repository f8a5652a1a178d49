import type { ApiClient } from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import { confirmedIntents, runEventAction } from "./event.server";

/** The panel calls of the API that the event page's forms make, each recording its arguments. */
function recordingApi() {
  const calls: [string, ...unknown[]][] = [];
  const call =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return { data: {} };
    };
  const panel = {
    cancelEvent: call("cancelEvent"),
    closeTicketType: call("closeTicketType"),
    deleteTicketType: call("deleteTicketType"),
    deactivateVoucher: call("deactivateVoucher"),
    publishEvent: call("publishEvent"),
  };
  return { api: { panel } as unknown as ApiClient, calls };
}

const post = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

/** Each step the panel cannot undo, with the API call it makes once ticked. */
const steps = [
  { intent: "cancel", target: "", call: ["cancelEvent", 7, true] },
  { intent: "closeType", target: "31", call: ["closeTicketType", 31] },
  { intent: "deleteType", target: "31", call: ["deleteTicketType", 31] },
  { intent: "deactivateVoucher", target: "45", call: ["deactivateVoucher", 45] },
] as const;

describe("the event page's steps that cannot be undone", () => {
  it("are the four the page asks a tick for", () => {
    expect([...confirmedIntents].sort()).toEqual(steps.map((step) => step.intent).sort());
  });

  it.each(steps)("$intent without the tick calls nothing and names the checkbox", async (step) => {
    for (const confirm of [null, "", "yes", "off"]) {
      const { api, calls } = recordingApi();
      const fields = { intent: step.intent, target: step.target };
      const result = await runEventAction(
        api,
        7,
        post(confirm === null ? fields : { ...fields, confirm }),
      );
      expect(calls).toEqual([]);
      expect(result).toMatchObject({
        intent: step.intent,
        ok: false,
        message: null,
        fields: { confirm: "required" },
      });
      expect(result.target).toBe(step.target ? Number(step.target) : 0);
    }
  });

  it.each(steps)("$intent with the tick makes its call", async (step) => {
    const { api, calls } = recordingApi();
    const result = await runEventAction(
      api,
      7,
      post({ intent: step.intent, target: step.target, confirm: "on" }),
    );
    expect(result).toMatchObject({ intent: step.intent, ok: true });
    expect(calls).toEqual([step.call]);
  });

  it("leave the reversible steps without a tick", async () => {
    const { api, calls } = recordingApi();
    const result = await runEventAction(api, 7, post({ intent: "publish" }));
    expect(result).toMatchObject({ intent: "publish", ok: true });
    expect(calls).toEqual([["publishEvent", 7]]);
  });
});

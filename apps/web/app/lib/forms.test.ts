import { describe, expect, it } from "vitest";
import { confirmed } from "./forms";

const post = (fields: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
};

describe("the tick of a step that cannot be undone", () => {
  it("is there when the checkbox was sent as a browser sends it", () => {
    expect(confirmed(post([["confirm", "on"]]))).toBe(true);
  });

  it("is missing without the field, empty, or with any other value", () => {
    expect(confirmed(post([]))).toBe(false);
    expect(confirmed(post([["confirm", ""]]))).toBe(false);
    expect(confirmed(post([["confirm", "yes"]]))).toBe(false);
    expect(confirmed(post([["confirm", "ON"]]))).toBe(false);
    expect(confirmed(post([["confirmed", "on"]]))).toBe(false);
  });

  it("takes the first value of a repeated field, as the form's own reading does", () => {
    expect(
      confirmed(
        post([
          ["confirm", "on"],
          ["confirm", "off"],
        ]),
      ),
    ).toBe(true);
    expect(
      confirmed(
        post([
          ["confirm", "off"],
          ["confirm", "on"],
        ]),
      ),
    ).toBe(false);
  });

  it("is not a file sent under that name", () => {
    const form = new FormData();
    form.append("confirm", new Blob(["on"]), "confirm.txt");
    expect(confirmed(form)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { linkInput } from "./door.server";

const typed = (expires_in_hours: string) =>
  linkInput({ gate: "", mode: "entry", expires_in_hours }).expires_in_hours;

describe("a door link's form as the API takes it", () => {
  it("sends the hours as typed, so that the API names their range or asks for a whole number", () => {
    expect(typed("12")).toBe(12);
    expect(typed("-5")).toBe(-5);
    expect(typed("1,5")).toBe(1.5);
    expect(typed("abc")).toBeNaN();
    expect(typed("  ")).toBeUndefined();
  });
});

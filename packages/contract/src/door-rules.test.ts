import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { scanSchema } from "./door.ts";
import { scanCodeMaxLength, takesScanCode } from "./door-rules.ts";

describe("takesScanCode", () => {
  // The scanner answers a code it would not take itself; sent, the API would refuse it, and
  // queued offline it would hold up every scan behind it. So the two must agree.
  it("takes exactly the codes the API's scan schema takes", () => {
    const codes = [
      "eyJ2IjoxfQ.c2lnbmF0dXJl",
      "https://example.com/menu",
      "x".repeat(scanCodeMaxLength),
      "x".repeat(scanCodeMaxLength + 1),
      "line one\nline two",
      "tab\there",
      "\u0085next line",
      "lone \uD800 surrogate",
      "emoji 🎫 ticket",
    ];
    for (const code of codes) {
      const api = scanSchema.safeParse({ scan_id: randomUUID(), code, entry_type: "entry" });
      expect(takesScanCode(code), JSON.stringify(code)).toBe(api.success);
    }
    expect(takesScanCode("x".repeat(scanCodeMaxLength + 1))).toBe(false);
    expect(takesScanCode("eyJ2IjoxfQ.c2lnbmF0dXJl")).toBe(true);
  });
});

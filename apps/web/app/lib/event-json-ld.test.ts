import { describe, expect, it } from "vitest";
import { largestImageUrl } from "./event-json-ld";

describe("largestImageUrl", () => {
  it("takes the widest srcset candidate, whatever its place in the list", () => {
    expect(
      largestImageUrl("https://tickets.example", {
        src: "covers/a-640.webp",
        srcset: "covers/a-960.webp 960w, covers/a-320.webp 320w,covers/a-640.webp 640w",
      }),
    ).toBe("https://tickets.example/storage/covers/a-960.webp");
  });

  it("falls back to src when the srcset names no width", () => {
    expect(largestImageUrl("https://x.example", { src: "covers/a.webp", srcset: "" })).toBe(
      "https://x.example/storage/covers/a.webp",
    );
    expect(
      largestImageUrl("https://x.example", { src: "covers/a.webp", srcset: "covers/b.webp 2x" }),
    ).toBe("https://x.example/storage/covers/a.webp");
  });
});

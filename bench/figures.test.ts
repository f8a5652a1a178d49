import { describe, expect, it } from "vitest";
import { goal, kB, ms, percentile, perSecond, treeRss } from "./figures";

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 95)).toBe(10);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
  });

  it("is NaN without values", () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe("treeRss", () => {
  const ps = [
    "  1     0   100",
    " 10     1  2000",
    " 11    10  3000",
    " 12    10  4000",
    " 20     1   500",
    "",
  ].join("\n");

  it("adds a process and its descendants, in bytes", () => {
    expect(treeRss(ps, 10)).toBe((2000 + 3000 + 4000) * 1024);
    expect(treeRss(ps, 11)).toBe(3000 * 1024);
  });

  it("is 0 for a process that is gone", () => {
    expect(treeRss(ps, 99)).toBe(0);
  });
});

describe("goal", () => {
  it("meets an 'at least' target at the target", () => {
    expect(goal("event page", 250, { atLeast: 250 }, perSecond)).toEqual({
      goal: "event page",
      figure: "250 req/s",
      target: "≥ 250 req/s",
      met: true,
    });
    expect(goal("event page", 249, { atLeast: 250 }, perSecond).met).toBe(false);
  });

  it("meets a 'below' target only under it, an 'at most' one also at it", () => {
    expect(goal("p99", 399, { below: 400 }, ms).met).toBe(true);
    expect(goal("p99", 400, { below: 400 }, ms)).toMatchObject({
      figure: "400 ms",
      target: "< 400 ms",
      met: false,
    });
    expect(goal("html", 30_000, { atMost: 30_000 }, kB)).toMatchObject({
      target: "≤ 30.0 kB",
      met: true,
    });
    expect(goal("html", 30_001, { atMost: 30_000 }, kB).met).toBe(false);
  });

  it("fails a latency of requests that all timed out", () => {
    expect(goal("search p95", Number.POSITIVE_INFINITY, { below: 100 }, ms)).toMatchObject({
      figure: "no answer in time",
      met: false,
    });
  });

  it("has no verdict without a figure", () => {
    expect(goal("konto", undefined, { atLeast: 120 }, perSecond)).toMatchObject({
      figure: "not measured",
      met: null,
    });
  });
});

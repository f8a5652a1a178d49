import { describe, expect, it } from "vitest";
import {
  assetRefs,
  cpuSpent,
  databaseBackends,
  goal,
  kB,
  leastMeanMs,
  mostSpent,
  ms,
  percentile,
  perSecond,
  statCpuMs,
  treeRss,
} from "./figures";

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

describe("databaseBackends", () => {
  const ps = [
    " 500     1  9000 /usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main",
    " 501   500  4000 postgres: checkpointer ",
    " 510   500  8000 postgres: postgres test_bench_42 127.0.0.1(40122) idle",
    " 511   500  8000 postgres: postgres test_bench_42 127.0.0.1(40124) SELECT",
    " 512   500  8000 postgres: postgres test_bench_420 127.0.0.1(40126) idle",
    " 513   500  8000 postgres: postgres test 127.0.0.1(40128) idle",
    " 514   500  8000 postgres: 15/main: postgres test_bench_42 127.0.0.1(40130) idle",
    " 515   500  4000 postgres: 15/main: walwriter ",
    " 600     1  1000 node bench/run.ts --postgres postgres://x/test_bench_42",
    "",
  ].join("\n");

  it("finds the server processes of the database's connections, with or without a cluster name", () => {
    expect(databaseBackends(ps, "test_bench_42")).toEqual([510, 511, 514]);
    expect(databaseBackends(ps, "test")).toEqual([513]);
    expect(databaseBackends(ps, "other")).toEqual([]);
  });
});

describe("statCpuMs", () => {
  it("adds user and system time after a command name with spaces and parentheses", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    const stat = "4242 (node (worker) 1) S 1 4242 4242 0 -1 4194560 10 0 0 0 250 50 0 0 20 0";
    expect(statCpuMs(stat, 100)).toBe(3000);
    expect(statCpuMs(stat, 1000)).toBe(300);
  });
});

describe("cpuSpent", () => {
  it("counts the later sample's processes, a new one from zero, a gone one not at all", () => {
    const before = new Map([
      [1, 100],
      [2, 50],
    ]);
    const after = new Map([
      [1, 160],
      [3, 30],
    ]);
    expect(cpuSpent(before, after)).toBe(60 + 30);
  });
});

describe("mostSpent", () => {
  it("is the most one process of the later sample spent", () => {
    const before = new Map([
      [1, 100],
      [2, 50],
    ]);
    // 1 spent 30, 2 spent 70, 3 started in between and spent 40.
    const after = new Map([
      [1, 130],
      [2, 120],
      [3, 40],
    ]);
    expect(mostSpent(before, after)).toBe(70);
    expect(mostSpent(before, new Map())).toBe(0);
  });
});

describe("leastMeanMs", () => {
  const load = { cpuMs: 4, busiestThreadMs: 0, clients: 50, cores: 2 };
  it("is the clients' share of the cores' time", () => {
    // 50 connections on 2 cores at 4 ms a request: 500 requests a second, 100 ms each.
    expect(leastMeanMs(load)).toBe(100);
    expect(leastMeanMs({ ...load, cpuMs: 5.8 })).toBeCloseTo(145);
    expect(leastMeanMs({ ...load, clients: 1 })).toBe(2);
  });

  it("is bound by the busiest main thread where it does most of the work", () => {
    // One process (PGlite) whose main thread takes 3.6 of a request's 4 ms: 278 a second.
    expect(leastMeanMs({ ...load, busiestThreadMs: 3.6 })).toBeCloseTo(180);
    // Two processes share the requests, 1.8 ms each: the cores bound again.
    expect(leastMeanMs({ ...load, busiestThreadMs: 1.8 })).toBe(100);
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

describe("assetRefs", () => {
  it("finds the scripts and stylesheets a page loads, inline imports among them", () => {
    const html = [
      '<link rel="modulepreload" href="/assets/entry-a1.js" nonce="n"/>',
      '<link rel="stylesheet" href="/assets/shell-b2.css#"/>',
      '<link rel="icon" href="/favicon.svg"/>',
      '<script type="module">import "/assets/manifest-c3.js";',
      'import * as route0 from "/assets/root-d4.js";',
      'import("/assets/entry-a1.js");</script>',
      '<a href="/assets/not-loaded.js">a link</a>',
    ].join("");
    expect([...assetRefs(html)].sort()).toEqual([
      "/assets/entry-a1.js",
      "/assets/manifest-c3.js",
      "/assets/root-d4.js",
      "/assets/shell-b2.css",
    ]);
  });
});

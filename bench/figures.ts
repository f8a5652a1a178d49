/** Pure helpers of the benchmark: percentiles, a process tree's memory and the goals' verdicts. */

/** The p-th percentile (nearest rank) of ascending numbers; NaN for none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
    : Number.NaN;

/**
 * Resident memory in bytes of a process and all its descendants (cluster workers), from the
 * output of `ps -e -o pid=,ppid=,rss=` (rss in KiB).
 */
export function treeRss(psOutput: string, rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const line of psOutput.split("\n")) {
    const [pid, ppid, kib] = line.trim().split(/\s+/).map(Number);
    if (pid === undefined || ppid === undefined || kib === undefined || Number.isNaN(kib)) continue;
    rss.set(pid, kib * 1024);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  let total = 0;
  const pending = [rootPid];
  const seen = new Set<number>();
  while (pending.length) {
    const pid = pending.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    total += rss.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** A goal of issue 15 and whether a figure meets it; `null` when the run has no figure. */
export type Goal = {
  goal: string;
  figure: string;
  target: string;
  met: boolean | null;
};

/** A verdict for a figure against its target: at least, at most or below a value. */
export function goal(
  name: string,
  value: number | undefined,
  target: { atLeast: number } | { atMost: number } | { below: number },
  format: (value: number) => string,
): Goal {
  const targetText =
    "atLeast" in target
      ? `≥ ${format(target.atLeast)}`
      : "atMost" in target
        ? `≤ ${format(target.atMost)}`
        : `< ${format(target.below)}`;
  if (value === undefined || Number.isNaN(value))
    return { goal: name, figure: "not measured", target: targetText, met: null };
  // A latency of requests none of which was answered in time.
  if (value === Number.POSITIVE_INFINITY)
    return { goal: name, figure: "no answer in time", target: targetText, met: false };
  const met =
    "atLeast" in target
      ? value >= target.atLeast
      : "atMost" in target
        ? value <= target.atMost
        : value < target.below;
  return { goal: name, figure: format(value), target: targetText, met };
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const ms = (value: number) => `${value.toFixed(0)} ms`;
export const perSecond = (value: number) => `${Math.round(value)} req/s`;
export const percent = (value: number) => `${(value * 100).toFixed(0)} %`;

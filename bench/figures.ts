/**
 * Pure helpers of the benchmark: percentiles, a process tree's memory and CPU time, the files a
 * page loads, and the goals' verdicts.
 */

/** The p-th percentile (nearest rank) of ascending numbers; NaN for none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
    : Number.NaN;

type PsRow = { pid: number; ppid: number; rss: number; args: string };

/** The rows of `ps -e -o pid=,ppid=,rss=,args=` (rss in KiB; args may be left out). */
function psRows(psOutput: string): PsRow[] {
  const rows: PsRow[] = [];
  for (const line of psOutput.split("\n")) {
    const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s*(.*)$/.exec(line);
    if (match) rows.push({ pid: +match[1]!, ppid: +match[2]!, rss: +match[3]!, args: match[4]! });
  }
  return rows;
}

/** A process and all its descendants (cluster workers), from `ps` output (`psRows`). */
export function processTree(psOutput: string, rootPid: number): PsRow[] {
  const rows = new Map<number, PsRow>();
  const children = new Map<number, number[]>();
  for (const row of psRows(psOutput)) {
    rows.set(row.pid, row);
    const siblings = children.get(row.ppid);
    if (siblings) siblings.push(row.pid);
    else children.set(row.ppid, [row.pid]);
  }
  const tree: PsRow[] = [];
  const pending = [rootPid];
  const seen = new Set<number>();
  while (pending.length) {
    const pid = pending.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const row = rows.get(pid);
    if (row) tree.push(row);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Resident memory in bytes of a process and all its descendants, from `ps` output. */
export const treeRss = (psOutput: string, rootPid: number): number =>
  processTree(psOutput, rootPid).reduce((total, row) => total + row.rss * 1024, 0);

/**
 * The PostgreSQL server processes that serve connections to `database`, from `ps` output: their
 * title is `postgres: [<cluster name>:] <user> <database> <client> <state>` (Debian names the
 * cluster, `15/main:`).
 */
export const databaseBackends = (psOutput: string, database: string): number[] =>
  psRows(psOutput)
    .filter((row) => {
      const [title, ...rest] = row.args.split(/\s+/);
      const [, name] = rest[0]?.endsWith(":") ? rest.slice(1) : rest;
      return title === "postgres:" && name === database;
    })
    .map((row) => row.pid);

/**
 * CPU time (user and system) in milliseconds of a process, from the text of its
 * `/proc/<pid>/stat`: fields 14 and 15, counted after the command name, which is in
 * parentheses and may hold spaces and parentheses itself.
 */
export function statCpuMs(stat: string, ticksPerSecond: number): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * The CPU time (ms) each process of the later sample spent between two samples (process → ms): a
 * process that started in between spent all of its time in between.
 */
const spentEach = (before: Map<number, number>, after: Map<number, number>): number[] =>
  [...after].map(([pid, ms]) => ms - (before.get(pid) ?? 0));

/** The CPU time spent between two samples by the processes of the later one, together. */
export const cpuSpent = (before: Map<number, number>, after: Map<number, number>): number =>
  spentEach(before, after).reduce((sum, ms) => sum + ms, 0);

/** The most CPU time that one process of the later sample spent between two samples. */
export const mostSpent = (before: Map<number, number>, after: Map<number, number>): number =>
  Math.max(0, ...spentEach(before, after));

/**
 * The least mean latency in ms that `clients` connections in a closed loop (each sends its next
 * request when the last is answered) can see when a request costs `cpuMs` of CPU, the server's
 * and the database's, of which `busiestThreadMs` on the busiest main thread of the server's
 * processes (the thread that runs their JavaScript). Two things bound the answers per ms: the
 * cores (`cores / cpuMs`) and that thread (`1 / busiestThreadMs`), which binds on PGlite, where
 * one process does nearly all the work. The mean is the clients divided by the answers per ms
 * (Little's law). It bounds the mean, not a percentile: a p95 goal below it is out of reach at
 * that cost as long as the p95 stays above the mean, as it has in every run (decision 015).
 */
export function leastMeanMs(load: {
  cpuMs: number;
  busiestThreadMs: number;
  clients: number;
  cores: number;
}): number {
  const answersPerMs = Math.min(
    load.cores / load.cpuMs,
    load.busiestThreadMs > 0 ? 1 / load.busiestThreadMs : Number.POSITIVE_INFINITY,
  );
  return load.clients / answersPerMs;
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

/**
 * The built scripts and stylesheets (`/assets/…`) a page's HTML loads: its `<script src>` and
 * `<link href>` (React Router may add a fragment to a stylesheet's address, "….css#"), and what
 * its inline module scripts import (`import(…)`, `import "…"`, `… from "…"`).
 */
export function assetRefs(html: string): Set<string> {
  const refs = new Set<string>();
  for (const match of html.matchAll(
    /<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"#?]+\.(?:js|css))[^"]*"/g,
  )) {
    refs.add(match[1]!);
  }
  for (const match of html.matchAll(/(?:import[( ]|from )"(\/assets\/[^"]+\.js)"/g)) {
    refs.add(match[1]!);
  }
  return refs;
}

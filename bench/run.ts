/**
 * `npm run bench [-- --events 10000] [--duration 10]`: starts the production build on a fresh
 * embedded database (optionally filled with generated events), then measures from this process
 * with autocannon: requests per second and p50/p95/p99 latency at 50 connections for the home
 * page, the listing, one event page and search, then for 100 different event pages and 20
 * different searches (mostly micro-cache misses), plus the gzip size of the JS and CSS that each
 * public page of the route table loads. It prints figures; it asserts nothing. `--no-cache` turns
 * the guest page and catalogue micro-caches off, to measure rendering and queries themselves;
 * `--weights-only` skips the load test. `--checkout` measures the purchase instead (bench/checkout.ts).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { pages as routePages } from "../apps/web/app/route-table";
import { runCheckoutBench } from "./checkout.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: {
    events: { type: "string", default: "0" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3990" },
    "no-cache": { type: "boolean", default: false },
    "weights-only": { type: "boolean", default: false },
    checkout: { type: "boolean", default: false },
    buyers: { type: "string", default: "50" },
    seats: { type: "string", default: "3000" },
    "database-url": {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
    },
  },
});
if (values.checkout) {
  await runCheckoutBench({
    buyers: Number(values.buyers),
    seats: Number(values.seats),
    port: Number(values.port),
    databaseUrl: values["database-url"],
  });
  process.exit(0);
}
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const duration = Number(values.duration);
const connections = Number(values.connections);

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("the server stopped");
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : Number.NaN;

/** Measures one URL, or a list of paths on the server that every connection cycles through. */
async function measure(name: string, target: string | string[]) {
  const times: number[] = [];
  const result = await autocannon({
    url: typeof target === "string" ? target : base,
    ...(typeof target === "string" ? {} : { requests: target.map((path) => ({ path })) }),
    connections,
    duration,
    headers: { "accept-language": "de", "user-agent": "eventwerk-bench" },
    setupClient: (client) => {
      client.on("response", (_status: number, _bytes: number, responseTime: number) =>
        times.push(responseTime),
      );
    },
  });
  times.sort((a, b) => a - b);
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    page: name,
    "req/s": Math.round(result.requests.average),
    "p50 ms": percentile(times, 50).toFixed(1),
    "p95 ms": percentile(times, 95).toFixed(1),
    "p99 ms": percentile(times, 99).toFixed(1),
    requests: result.requests.total,
    "non-2xx/errors": non2xx,
  };
}

/** gzip bytes of the scripts and stylesheets a page's HTML loads, and brotli bytes of its scripts. */
async function assetWeight(url: string) {
  const html = await (await fetch(url)).text();
  const refs = new Set<string>();
  for (const match of html.matchAll(
    // React Router may add a fragment to a stylesheet's address ("….css#").
    /<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"#?]+\.(?:js|css))[^"]*"/g,
  )) {
    refs.add(match[1]!);
  }
  // The entry imports its chunks with `import(...)` in inline module scripts too.
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) refs.add(match[1]!);
  let js = 0;
  let css = 0;
  // What browsers are sent: the build's brotli files (quality 11).
  let jsBrotli = 0;
  for (const ref of refs) {
    const body = Buffer.from(await (await fetch(base + ref)).arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    if (ref.endsWith(".css")) css += size;
    else {
      js += size;
      jsBrotli += brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
    }
  }
  return { js, css, jsBrotli };
}

const dataDir = await mkdtemp(path.join(tmpdir(), "eventwerk-bench-"));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
  ...(values["no-cache"] ? { GUEST_PAGE_CACHE_SECONDS: "0", PUBLIC_CACHE_SECONDS: "0" } : {}),
};
delete env.DATABASE_URL;
let server: ChildProcess | undefined;
try {
  if (!existsSync(path.join(root, "apps/web/build/server/index.js")))
    run("npm", ["run", "build"], env);
  run(process.execPath, ["--import", "tsx", "bench/fill.ts", values.events], env);
  server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`${base}/readyz`, server);

  const listing = (await (
    await fetch(`${base}/api/v1/events?per_page=100&sort=popularity`)
  ).json()) as {
    data: { id: number; slug: string }[];
    meta: { total: number };
  };
  const event = listing.data[0];
  if (!event) throw new Error("no events to measure");
  // Many different pages and queries: most requests miss the micro-caches' few seconds.
  const eventPaths = listing.data.map(({ slug, id }) => `/${slug}-evx-${id}`);
  const queries = [
    "konzert",
    "jazz",
    "theater",
    "festival",
    "comedy",
    "kinder",
    "workshop",
    "party",
    "museum",
    "lesung",
    "berlin",
    "münchen",
    "wien",
    "zürich",
    "hamburg",
    "rock",
    "klassik",
    "konzrt",
    "theatre",
    "concerts",
  ];
  const searchPaths = queries.map((q) => `/search?q=${encodeURIComponent(q)}`);
  const varied: [string, string[]][] = [
    [`${eventPaths.length} different event pages`, eventPaths],
    [`/search, ${queries.length} different queries`, searchPaths],
    [
      `API /search, ${queries.length} different queries`,
      searchPaths.map((path) => `/api/v1${path}`),
    ],
  ];
  const pages: [string, string][] = [
    ["/", `${base}/`],
    ["/veranstaltungen", `${base}/veranstaltungen`],
    [`/${event.slug}-evx-${event.id}`, `${base}/${event.slug}-evx-${event.id}`],
    ["/search?q=konzert", `${base}/search?q=konzert`],
    ["API /events/:id", `${base}/api/v1/events/${event.id}`],
    ["API /search?q=konzert", `${base}/api/v1/search?q=konzert`],
  ];
  if (!values["weights-only"]) {
    console.log(
      `\n${listing.meta.total} upcoming events; ${connections} connections, ${duration} s per target, micro-caches ${values["no-cache"] ? "off" : "on"}, Node ${process.version}\n`,
    );
    // Warm up caches (token, JIT) before measuring.
    for (const [, url] of pages) await fetch(url);
    const rows = [];
    for (const [name, url] of pages) rows.push(await measure(name, url));
    for (const [name, paths] of varied) rows.push(await measure(name, paths));
    console.table(rows);
  }

  // Every page a guest can open (the account needs a login), in German; the event page for the
  // pages with parameters.
  const publicPaths = routePages
    .filter(
      (page) =>
        !page.de.includes(":") && !(page.middleware as readonly string[]).includes("signedIn"),
    )
    .map((page) => page.de);
  publicPaths.splice(1, 0, `/${event.slug}-evx-${event.id}`);
  const weights = [];
  for (const path of publicPaths) {
    const { js, css, jsBrotli } = await assetWeight(base + path);
    weights.push({
      page: path,
      // kB = 1000 bytes, KiB = 1024 bytes.
      "JS gzip kB": (js / 1000).toFixed(1),
      "JS gzip KiB": (js / 1024).toFixed(1),
      "JS brotli kB (sent)": (jsBrotli / 1000).toFixed(1),
      "CSS gzip kB": (css / 1000).toFixed(1),
    });
  }
  console.table(weights);
} finally {
  server?.kill("SIGTERM");
  await rm(dataDir, { recursive: true, force: true });
}

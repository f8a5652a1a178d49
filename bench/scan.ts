/**
 * `npm run bench -- --scan [--postgres postgresql://…] [--tickets 50] [--pace 250]`: the door
 * under load. Starts the API in this process on a fresh database (a new PostgreSQL database on
 * the given server, else embedded PGlite), adds tickets to the demo concert, and lets 20 scanners
 * (each with a door link of its own) scan distinct tickets while 5 more scan one and the same
 * ticket over and over, all at once: first flat out (what the server can take), then with one
 * scan every `--pace` ms per scanner (the latency a door sees), the scanners started spread over
 * one pace as independent doors are, and last in step (a burst of every scanner at once each
 * pace, the worst case). Prints scans per second, p50/p95/p99 of each run and whether each ticket
 * was admitted exactly once. It asserts nothing.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { buildApp, createContext } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import * as t from "../apps/api/src/db/schema.ts";
import { createDoorLink } from "../apps/api/src/lib/door.ts";
import { createTicketSigner } from "../apps/api/src/lib/ticket-codes.ts";

const DISTINCT_SCANNERS = 20;
const SAME_TICKET_SCANNERS = 5;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : Number.NaN;

async function freshPostgres(adminUrl: string) {
  const name = `ew_bench_scan_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Runs the scan benchmark with the process's arguments; answers the exit code. */
export async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== "--scan"),
    options: {
      postgres: { type: "string", default: process.env.BENCH_DATABASE_URL ?? "" },
      tickets: { type: "string", default: "50" },
      port: { type: "string", default: "3991" },
      pace: { type: "string", default: "250" },
    },
    strict: false,
  });
  const perScanner = Number(values.tickets);
  const adminUrl = String(values.postgres ?? "");
  const database = adminUrl ? await freshPostgres(adminUrl) : null;
  const dataDir = await mkdtemp(path.join(tmpdir(), "eventwerk-bench-scan-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DOOR_RATE_LIMIT_PER_MINUTE: "100000",
    OAUTH_CLIENT_SECRET: "bench-client-secret-1",
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  console.log(`database: ${database ? "PostgreSQL" : "PGlite (embedded)"}; seeding …`);
  const ctx = await createContext(config, { log: () => {} });
  const app = await buildApp(ctx);
  await app.listen({ port: Number(values.port), host: "127.0.0.1" });
  const base = `http://127.0.0.1:${values.port}`;
  try {
    const [event] = await ctx.db
      .select()
      .from(t.events)
      .where(eq(t.events.slugDe, "hofkonzert-heute-abend"));
    if (!event) throw new Error("the demo concert is missing (seeding off?)");
    const [type] = await ctx.db
      .select()
      .from(t.eventTicketTypes)
      .where(eq(t.eventTicketTypes.eventId, event.id));
    // Tickets for the scanners: one order, as many tickets as the scanners need, signed codes.
    // Three runs (flat out, paced, paced in step), each with tickets of its own, and the one
    // shared ticket.
    const runs = 3;
    const count = runs * DISTINCT_SCANNERS * perScanner + 1;
    const signer = await createTicketSigner(config);
    const codes = await ctx.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(t.orders)
        .values({
          buyerName: "Bench Gruppe",
          buyerEmail: "bench@guests.example",
          status: "paid",
          eventId: event.id,
          totalCents: 0,
          paidAt: new Date(),
        })
        .returning();
      const [item] = await tx
        .insert(t.orderItems)
        .values({ orderId: order!.id, ticketTypeId: type!.id, quantity: 1, unitPriceCents: 0 })
        .returning();
      const ids = await tx.execute(
        sql`select nextval(pg_get_serial_sequence('tickets', 'id'))::int as id
          from generate_series(1, ${count})`,
      );
      const rows = (ids as unknown as { rows: { id: number }[] }).rows.map((row) => {
        const id = Number(row.id);
        return {
          id,
          code: signer.sign({ tid: id, eid: event.id, ttid: type!.id }),
          orderId: order!.id,
          orderItemId: item!.id,
          ticketTypeId: type!.id,
          ticketPriceCents: 0,
        };
      });
      for (let i = 0; i < rows.length; i += 500)
        await tx.insert(t.tickets).values(rows.slice(i, i + 500));
      return rows.map((row) => ({ id: row.id, code: row.code }));
    });
    const shared = codes.at(-1)!;
    const links: string[] = [];
    for (let i = 0; i < DISTINCT_SCANNERS + SAME_TICKET_SCANNERS; i++) {
      links.push(
        (
          await createDoorLink(ctx.db, event.organiserId, event.id, {
            mode: "entry",
            gate: `G${i}`,
          })
        ).token!,
      );
    }

    const times: number[] = [];
    const admitted = new Map<number, number>();
    let failures = 0;
    const scan = async (token: string, ticket: { id: number; code: string }) => {
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/door/scan`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ scan_id: randomUUID(), code: ticket.code, entry_type: "entry" }),
      });
      const body = (await response.json()) as { data?: { outcome: { result: string } } };
      times.push(performance.now() - started);
      if (!response.ok) failures++;
      if (body.data?.outcome.result === "valid") {
        admitted.set(ticket.id, (admitted.get(ticket.id) ?? 0) + 1);
      }
    };
    // Warm-up: connections, prepared plans.
    await scan(links[0]!, { id: -1, code: "warm-up" });

    /**
     * All scanners at once, each scanning its share of the tickets one after another: flat out
     * (`pace` 0: the next scan as soon as the last is answered), or one scan every `pace` ms per
     * scanner, as a door works (a person per lane every second or two; 250 ms is four times that).
     */
    const run = async (
      label: string,
      share: (scanner: number) => { id: number; code: string }[],
      pace: number,
      phased = true,
    ) => {
      times.length = 0;
      failures = 0;
      const loadBefore = load();
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const scanners = DISTINCT_SCANNERS + SAME_TICKET_SCANNERS;
      const scanner = async (
        token: string,
        tickets: { id: number; code: string }[],
        index: number,
      ) => {
        // Doors are not in step: paced scanners start spread over one pace, not all at one instant
        // (in step, every pace would bring a burst of all scanners at once).
        if (pace > 0 && phased) {
          await new Promise((resolve) => setTimeout(resolve, (pace * index) / scanners));
        }
        for (const ticket of tickets) {
          const due = performance.now() + pace;
          await scan(token, ticket);
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      };
      await Promise.all([
        ...Array.from({ length: DISTINCT_SCANNERS }, (_, i) => scanner(links[i]!, share(i), i)),
        ...Array.from({ length: SAME_TICKET_SCANNERS }, (_, i) =>
          scanner(
            links[DISTINCT_SCANNERS + i]!,
            Array.from({ length: perScanner }, () => shared),
            DISTINCT_SCANNERS + i,
          ),
        ),
      ]);
      const seconds = (performance.now() - started) / 1000;
      // This process's CPU (the API and the scanners' HTTP clients) per scan; PostgreSQL's is apart.
      const cpu = process.cpuUsage(cpuBefore);
      times.sort((a, b) => a - b);
      return {
        run: label,
        scans: times.length,
        "scans/s": Math.round(times.length / seconds),
        "p50 ms": percentile(times, 50).toFixed(1),
        "p95 ms": percentile(times, 95).toFixed(1),
        "p99 ms": percentile(times, 99).toFixed(1),
        "process CPU ms/scan": ((cpu.user + cpu.system) / 1000 / times.length).toFixed(2),
        errors: failures,
        load: `${loadBefore} → ${load()}`,
      };
    };
    const ofRun = (n: number) => (i: number) =>
      codes.slice(
        (n * DISTINCT_SCANNERS + i) * perScanner,
        (n * DISTINCT_SCANNERS + i + 1) * perScanner,
      );
    const flatOut = await run("flat out", ofRun(0), 0);
    const paced = await run(
      `one scan per ${values.pace} ms and scanner`,
      ofRun(1),
      Number(values.pace),
    );
    const inStep = await run(
      `the same, all scanners in step`,
      ofRun(2),
      Number(values.pace),
      false,
    );
    const [logged] = await ctx.db
      .select({
        tickets: sql<number>`count(distinct ${t.eventLogs.ticketId})::int`,
        entries: sql<number>`count(*)::int`,
      })
      .from(t.eventLogs)
      .innerJoin(t.tickets, eq(t.tickets.id, t.eventLogs.ticketId))
      .innerJoin(t.eventTicketTypes, eq(t.eventTicketTypes.id, t.tickets.ticketTypeId))
      .where(and(eq(t.eventTicketTypes.eventId, event.id), eq(t.eventLogs.entryType, "entry")));
    const distinctOnce = codes.slice(0, -1).every((ticket) => admitted.get(ticket.id) === 1);
    console.log(
      `${DISTINCT_SCANNERS} scanners scanning distinct tickets + ${SAME_TICKET_SCANNERS} scanning one ticket, ${perScanner} scans each per run`,
    );
    console.table([flatOut, paced, inStep]);
    console.log(`${database ? "PostgreSQL" : "PGlite"}, one API process, Node ${process.version}`);
    console.log(
      `each distinct ticket admitted once: ${distinctOnce ? "yes" : "NO"}; the shared ticket admitted ${admitted.get(shared.id) ?? 0} time(s) in ${runs * SAME_TICKET_SCANNERS * perScanner} scans; entry rows in event_logs: ${logged?.entries} for ${logged?.tickets} tickets`,
    );
  } finally {
    await app.close();
    await ctx.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return 0;
}

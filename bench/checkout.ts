/**
 * `npm run bench -- --checkout [--buyers 50] [--seats 3000] [--postgres postgresql://…]`:
 * starts the API alone on a fresh PostgreSQL database (created on that server, dropped after),
 * puts one event with one ticket type of `seats` seats on sale, and lets `buyers` concurrent
 * buyers each buy one ticket after another through the whole flow with the `test` provider —
 * hold, buyer details, place, the provider's signed webhook (which issues the tickets) — until
 * the event is sold out. Prints orders per minute, p50/p95/p99 per step and the oversold count.
 * `--abandoned N` first gives N other buyers a live hold of one seat each that they never pay
 * (the abandoned carts of a real on-sale, holding seats for the hold time; the capacity grows by
 * N, so the buyers still find `seats` seats). It asserts nothing. `--cpu-prof <dir>` writes a CPU profile of the API there (open it in Chrome's
 * DevTools or speedscope).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { signTestWebhook } from "../apps/api/src/lib/payments/test-provider.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const webhookSecret = "eventwerk-bench-webhook-secret";
const steps = ["hold", "details", "place", "webhook"] as const;

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : Number.NaN;

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

type Answer = { status: number; ok: boolean; body: string };

/**
 * The buyers' client: `node:http` on kept-alive connections. It shares the two cores with the API
 * and PostgreSQL; `fetch` (undici's WHATWG streams) took ~30 % of a core here, this takes ~half.
 */
function client(port: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return (method: string, path: string, headers: Record<string, string>, body = "") =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path,
          agent,
          headers: { ...headers, "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            resolve({ status, ok: status >= 200 && status < 300, body: text });
          });
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
}

export async function runCheckoutBench(options: {
  buyers: number;
  seats: number;
  port: number;
  databaseUrl: string;
  cpuProfileDir?: string;
  abandoned?: number;
}) {
  const abandoned = options.abandoned ?? 0;
  const base = `http://127.0.0.1:${options.port}`;
  const url = new URL(options.databaseUrl);
  // Named after the URL's database, as the other benches do: one's own prefix on a shared server.
  const name = `${url.pathname.slice(1) || "postgres"}_bench_checkout_${process.pid}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "eventwerk-bench-checkout-"));
  let server: ChildProcess | undefined;
  try {
    const profile = options.cpuProfileDir
      ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(options.cpuProfileDir)}`]
      : [];
    server = spawn(process.execPath, [...profile, "--import", "tsx", "apps/api/src/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        PORT: String(options.port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        PAYMENT_PROVIDER: "test",
        TEST_PAYMENT_WEBHOOK_SECRET: webhookSecret,
        // Every buyer comes from this one address.
        HOLD_SEATS_PER_SOURCE: "100000000",
        RATE_LIMIT_PER_MINUTE: "100000000",
        REDIS_URL: "",
        SMTP_URL: "",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitFor(`${base}/readyz`, server);

    // One event on sale with one ticket type, on a demo venue.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query(`
      with event as (
        insert into events (slug_de, slug_en, title_de, title_en, description_de, description_en,
          category_id, venue_id, organiser_id, starts_at, ends_at, cover_image, status)
        select 'bench-kasse', 'bench-checkout', 'Bench', 'Bench', 'Bench', 'Bench',
          (select id from event_categories limit 1), (select id from venues limit 1),
          (select id from users where role = 'organiser' limit 1),
          now() + interval '30 days', now() + interval '30 days 3 hours', 'concerts-1', 'published'
        returning id)
      insert into event_ticket_types (event_id, name_de, name_en, price_cents, capacity, max_per_order)
      select id, 'Stehplatz', 'Standing', 2500, ${options.seats + abandoned}, 10 from event
      returning id, event_id`);
    const { id: typeId, event_id: eventId } = rows[0] as { id: number; event_id: number };
    if (abandoned > 0) {
      await db.query(
        `with held as (
          insert into orders (buyer_name, buyer_email, event_id, subtotal_cents, total_cents,
            hold_expires_at)
          select '', '', $1, 2500, 2500, now() + interval '15 minutes' from generate_series(1, $3)
          returning id)
        insert into order_items (order_id, ticket_type_id, quantity, unit_price_cents)
        select id, $2, 1, 2500 from held`,
        [eventId, typeId, abandoned],
      );
      await db.query("analyze orders; analyze order_items");
    }

    const times: Record<(typeof steps)[number], number[]> = {
      hold: [],
      details: [],
      place: [],
      webhook: [],
    };
    const failures: Record<string, number> = {};
    let paid = 0;
    let soldOutAnswers = 0;
    const send = client(options.port, options.buyers);
    const timed = async (step: (typeof steps)[number], run: () => Promise<Answer>) => {
      const started = performance.now();
      const answer = await run();
      times[step].push(performance.now() - started);
      return answer;
    };
    const json = { "content-type": "application/json" };

    async function buyer() {
      for (;;) {
        const hold = await timed("hold", () =>
          send(
            "POST",
            "/api/v1/checkout/orders",
            json,
            JSON.stringify({ event_id: eventId, items: [{ ticket_type_id: typeId, quantity: 1 }] }),
          ),
        );
        if (hold.status === 409) {
          soldOutAnswers++;
          return;
        }
        if (hold.status !== 201) {
          failures[`hold ${hold.status}`] = (failures[`hold ${hold.status}`] ?? 0) + 1;
          continue;
        }
        const { data, token } = JSON.parse(hold.body) as { data: { id: number }; token: string };
        const orderPath = `/api/v1/checkout/orders/${data.id}`;
        const withToken = { ...json, "x-order-token": token };
        await timed("details", () =>
          send(
            "PATCH",
            orderPath,
            withToken,
            JSON.stringify({ buyer_name: "Bench Käufer", buyer_email: "bench@example.com" }),
          ),
        );
        const place = await timed("place", () =>
          send("POST", `${orderPath}/place`, withToken, JSON.stringify({ accept_terms: true })),
        );
        const { redirect_url } = JSON.parse(place.body) as { redirect_url: string };
        const paymentId = redirect_url.split("/").at(-1)!;
        // The provider's webhook: the payment succeeded; answering it issues the tickets.
        const body = JSON.stringify({
          id: `evt_${paymentId}_payment.succeeded`,
          type: "payment.succeeded",
          payment_id: paymentId,
          created: Math.floor(Date.now() / 1000),
        });
        const webhook = await timed("webhook", () =>
          send(
            "POST",
            "/api/v1/payments/test/webhook",
            { ...json, "eventwerk-signature": signTestWebhook(webhookSecret, body) },
            body,
          ),
        );
        if (webhook.ok) paid++;
        else
          failures[`webhook ${webhook.status}`] = (failures[`webhook ${webhook.status}`] ?? 0) + 1;
      }
    }

    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(", ");
    const started = performance.now();
    await Promise.all(Array.from({ length: options.buyers }, buyer));
    const minutes = (performance.now() - started) / 60_000;

    const counts = await db.query(
      `select tt.capacity, tt.sold_count,
         (select count(*)::int from tickets where ticket_type_id = tt.id) as tickets,
         (select count(*)::int from orders where event_id = $2 and status = 'paid') as paid_orders
       from event_ticket_types tt where tt.id = $1`,
      [typeId, eventId],
    );
    await db.end();
    const state = counts.rows[0] as {
      capacity: number;
      sold_count: number;
      tickets: number;
      paid_orders: number;
    };
    console.log(
      `\ncheckout: ${options.buyers} concurrent buyers, ${options.seats} seats of one ticket type${abandoned ? ` (and ${abandoned} held in abandoned carts)` : ""}, PostgreSQL, one API process, Node ${process.version}; load average before: ${load}\n`,
    );
    console.table(
      steps.map((step) => {
        const sorted = [...times[step]].sort((a, b) => a - b);
        return {
          step,
          requests: sorted.length,
          "p50 ms": percentile(sorted, 50).toFixed(1),
          "p95 ms": percentile(sorted, 95).toFixed(1),
          "p99 ms": percentile(sorted, 99).toFixed(1),
        };
      }),
    );
    console.table([
      {
        "paid orders": paid,
        "orders/min": Math.round(paid / minutes),
        seconds: (minutes * 60).toFixed(1),
        "tickets issued": state.tickets,
        capacity: state.capacity,
        // The abandoned carts' holds last 15 minutes, longer than any run: their seats stay taken.
        oversold: Math.max(
          0,
          state.tickets + abandoned - state.capacity,
          state.sold_count + abandoned - state.capacity,
        ),
        "sold_out answers": soldOutAnswers,
        failures: JSON.stringify(failures),
      },
    ]);
    console.log(
      `load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(", ")}`,
    );
  } finally {
    // SIGTERM: the API closes and exits, which writes the CPU profile.
    const exited = server && new Promise((resolve) => server?.once("exit", resolve));
    server?.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (options.cpuProfileDir) console.log(`CPU profile of the API in ${options.cpuProfileDir}`);
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

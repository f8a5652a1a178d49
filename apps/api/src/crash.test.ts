import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  apiPaths,
  type CheckoutOrder,
  checkoutPaths,
  fillPath,
  orderTokenHeader,
} from "@eventwerk/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { eventTicketTypes } from "./db/schema.ts";
import { seedDatabase } from "./seed/index.ts";
import { createPostgresDatabase, freePort, testClient, testDatabase } from "./testing/app.ts";
import { createSaleEvent } from "./testing/checkout-fixtures.ts";

/**
 * The real API server as a child process, killed with SIGKILL and started again on the same
 * database (PGlite: the same DATA_DIR): acknowledged writes are there after the restart, a hold
 * survives, and a payment whose process died before the tickets were written is completed by the
 * webhook's retry or by the reconciliation at start, with exactly one set of tickets and no seat
 * sold twice.
 */
const apiMain = fileURLToPath(new URL("./main.ts", import.meta.url));
const CAPACITY = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`API process killed with SIGKILL (${testDatabase})`, () => {
  let dataDir = "";
  let databaseUrl = "";
  let dropDatabase: () => Promise<void> = async () => {};
  let eventId = 0;
  let typeId = 0;
  let server: ChildProcess | null = null;
  let origin = "";
  let output = "";

  /** Opens the database from this process (only while no server runs on PGlite's directory). */
  const openDb = (): Promise<DatabaseHandle> =>
    openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "pglite") });

  async function start(env: Record<string, string> = {}) {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    output = "";
    const child = spawn(process.execPath, ["--import", "tsx", apiMain], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: "",
        SMTP_URL: "",
        LOG_LEVEL: "warn",
        OAUTH_CLIENT_ID: testClient.client_id,
        OAUTH_CLIENT_SECRET: testClient.client_secret,
        RATE_LIMIT_PER_MINUTE: "1000",
        HOLD_SEATS_PER_SOURCE: "1000",
        OUTBOX_POLL_MS: "100",
        // A webhook job claimed by the killed process is taken again soon.
        OUTBOX_LEASE_SECONDS: "1",
        RECONCILE_INTERVAL_SECONDS: "0",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server = child;
    const read = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    for (let attempt = 0; attempt < 600; attempt++) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the API exited at start (${child.exitCode}):\n${output}`);
      }
      const ready = await fetch(`${origin}/readyz`).catch(() => null);
      if (ready?.ok) return;
      await sleep(100);
    }
    throw new Error(`the API did not become ready:\n${output}`);
  }

  const exited = () =>
    new Promise<void>((resolve) => {
      if (!server || server.exitCode !== null || server.signalCode !== null) resolve();
      else server.once("exit", () => resolve());
    });

  async function kill() {
    const done = exited();
    server?.kill("SIGKILL");
    await done;
    expect(server?.signalCode).toBe("SIGKILL");
    server = null;
  }

  async function request<T>(
    method: string,
    url: string,
    options: { body?: unknown; token?: string; bearer?: string } = {},
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${origin}${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.token ? { [orderTokenHeader]: options.token } : {}),
        ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  const hold = (quantity: number) =>
    request<{ data: CheckoutOrder; token: string }>("POST", checkoutPaths.orders, {
      body: { event_id: eventId, items: [{ ticket_type_id: typeId, quantity }] },
    });

  const readOrder = (id: number, token: string) =>
    request<{ data: CheckoutOrder }>("GET", fillPath(checkoutPaths.order, { id }), { token });

  /** Buyer details, place, and "success" on the test provider's page: the payment is made. */
  async function pay(id: number, token: string) {
    const order = fillPath(checkoutPaths.order, { id });
    const details = await request("PATCH", order, {
      token,
      body: { buyer_name: "Kim Kasse", buyer_email: `kim${id}@example.com` },
    });
    expect(details.status).toBe(200);
    const placed = await request<{ redirect_url: string }>(
      "POST",
      fillPath(checkoutPaths.placeOrder, { id }),
      { token, body: { accept_terms: true } },
    );
    expect(placed.status).toBe(200);
    const paymentId = new URL(placed.body.redirect_url).pathname.split("/").at(-1) as string;
    const paid = await request<{ data: { status: string } }>(
      "POST",
      fillPath(checkoutPaths.testPayment, { id: paymentId }),
      { body: { action: "success" } },
    );
    // Acknowledged: the provider took the money, whatever becomes of this process now.
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe("succeeded");
  }

  async function waitForPaid(id: number, token: string): Promise<CheckoutOrder> {
    for (let attempt = 0; attempt < 300; attempt++) {
      const { body } = await readOrder(id, token);
      if (body.data.status !== "pending") return body.data;
      await sleep(100);
    }
    throw new Error(`order ${id} stayed pending:\n${output}`);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "eventwerk-crash-"));
    if (testDatabase === "postgres") {
      const database = await createPostgresDatabase();
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
    // The demo data and an event of our own, written before the server owns the database.
    const handle = await openDb();
    await seedDatabase(handle.db, { demo: true });
    const { event, types } = await createSaleEvent(handle.db, [
      { price: 2500, capacity: CAPACITY },
    ]);
    eventId = event.id;
    typeId = types[0]!.id;
    await handle.close();
  }, 180_000);

  afterAll(async () => {
    if (server) await kill();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  let firstHold: { id: number; token: string };

  it("keeps an acknowledged registration and hold, and sells the held seats afterwards", async () => {
    await start();
    const email = `crash${Date.now()}@example.com`;
    const password = "sicher-passwort-1";
    const registered = await request("POST", apiPaths.register, {
      body: { name: "Kai", surname: "Absturz", email, password, accept_terms: true },
    });
    expect(registered.status).toBe(201);
    const held = await hold(2);
    expect(held.status).toBe(201);
    firstHold = { id: held.body.data.id, token: held.body.token };
    await kill();

    await start();
    const login = await request("POST", apiPaths.token, {
      body: { grant_type: "password", username: email, password, ...testClient },
    });
    expect(login.status).toBe(200);
    const order = await readOrder(firstHold.id, firstHold.token);
    expect(order.body.data.status).toBe("pending");
    // The hold still counts: 2 of 6 held, so 5 more do not fit.
    const tooMany = await hold(5);
    expect(tooMany.status).toBe(409);
    expect((tooMany.body as unknown as { error: { code: string } }).error.code).toBe("sold_out");

    await pay(firstHold.id, firstHold.token);
    const paid = await waitForPaid(firstHold.id, firstHold.token);
    expect(paid.status).toBe("paid");
    expect(paid.tickets).toHaveLength(2);
  }, 240_000);

  /**
   * The process dies as the payment issues the tickets (signed, not yet written: the payment's
   * one statement was never sent); the next process completes the order.
   */
  const crashDuringTicketIssue = async (restartEnv: Record<string, string>) => {
    if (server) await kill();
    await start({ FAULT_KILL_BEFORE_TICKET_ISSUE: "true" });
    const held = await hold(2);
    expect(held.status).toBe(201);
    const { id } = held.body.data;
    const { token } = held.body;
    const died = exited();
    await pay(id, token);
    // The provider's webhook reaches the API through the outbox, and the process kills itself.
    await died;
    expect(server?.signalCode).toBe("SIGKILL");
    server = null;

    await start(restartEnv);
    const paid = await waitForPaid(id, token);
    expect(paid.status).toBe("paid");
    expect(paid.tickets).toHaveLength(2);
    return id;
  };

  it("completes a payment cut off before its tickets through the webhook's retry", async () => {
    await crashDuringTicketIssue({});
  }, 240_000);

  it("completes a payment cut off before its tickets through the reconciliation at start", async () => {
    // No outbox worker: the webhook cannot be retried, the reconciliation asks the provider.
    await crashDuringTicketIssue({ OUTBOX_POLL_MS: "0", RECONCILE_INTERVAL_SECONDS: "60" });
  }, 240_000);

  it("has sold every seat once: one ticket per seat, none beyond the capacity", async () => {
    expect((await hold(1)).status).toBe(409);
    await kill();
    const handle = await openDb();
    try {
      const [type] = await handle.db
        .select()
        .from(eventTicketTypes)
        .where(eq(eventTicketTypes.id, typeId));
      expect(type?.soldCount).toBe(CAPACITY);
      const rows = await handle.db.execute(sql`
        select o.id, o.status, count(t.id)::int as tickets,
          (select sum(quantity)::int from order_items i where i.order_id = o.id) as seats
        from orders o left join tickets t on t.order_id = o.id
        where o.event_id = ${eventId} group by o.id order by o.id`);
      const orders = rows.rows as { status: string; tickets: number; seats: number }[];
      expect(orders.map((order) => order.status)).toEqual(["paid", "paid", "paid"]);
      for (const order of orders) expect(Number(order.tickets)).toBe(Number(order.seats));
    } finally {
      await handle.close();
    }
  }, 240_000);
});

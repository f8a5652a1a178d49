import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Locale } from "@eventwerk/contract";
import { fillPlaceholders, type Placeholder, type Query, type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
/** Any constant: every instance takes the same lock while it migrates. */
const MIGRATION_LOCK_ID = 727_001;

export type Database = ReturnType<typeof drizzlePg<typeof schema>>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
};

/**
 * A connection the server ends (restart, failover, an idle-in-transaction timeout) must fail its
 * own request, not the process. The pool listens on its idle connections only; a checked-out
 * one, such as a transaction's between two statements, emits its `error` event on the client,
 * and with no listener there Node ends the process with every request in flight. The statement
 * that next uses the connection fails, and the pool replaces it.
 */
function survivingLostConnections(pool: pg.Pool): pg.Pool {
  pool.on("connect", (client) =>
    client.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`)),
  );
  // An idle connection's error reaches the pool too (the client's listener has logged it); an
  // `error` event without a listener would end the process.
  pool.on("error", () => {});
  return pool;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir`; migrates either. */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
}): Promise<DatabaseHandle> {
  if (options.url) {
    await migratePostgres(options.url);
    const pool = survivingLostConnections(new pg.Pool({ connectionString: options.url, max: 10 }));
    const db = drizzlePg(pool, { schema });
    const close = async () => {
      await Promise.all([pool.end(), ...[...(settingsPools.get(db)?.values() ?? [])].map(end)]);
    };
    return { db, close, kind: "postgres" };
  }
  // PGlite: in-memory when no directory is given (tests).
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  // Both drivers share drizzle's pg-core query API; the handle exposes the common type.
  return {
    db: pgliteDb as unknown as Database,
    close: () => client.close(),
    kind: "pglite",
  };
}

/** Migrates with a session-level advisory lock, so instances starting together take turns. */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

const dialect = new PgDialect();

/** A column of a language, e.g. `e.title_de`; locale is always "de" or "en". */
export const localeColumn = (base: string, locale: Locale) =>
  sql.raw(`${base}_${locale === "en" ? "en" : "de"}`);

/** An instant of a raw statement's row: drizzle's parsers leave timestamps as PostgreSQL's text. */
export const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** An instant in a statement: a date, or where a kept statement's runs put theirs (ISO text). */
export type Instant = Date | Placeholder;
export const timestamptz = (at: Instant) =>
  sql`${at instanceof Date ? at.toISOString() : at}::timestamptz`;

/** A statement's name: the same text gets the same name in every process. */
const statementName = (text: string) =>
  `ew_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;

async function namedRows<T>(
  db: Database,
  query: Query,
  name: string,
  values?: Record<string, unknown>,
): Promise<T[]> {
  const pglite = embeddedDatabaseOf(db);
  if (pglite) {
    const params = fillPlaceholders(query.params, values ?? {});
    if (params.every(isLiteral) && (await preparedOnPglite(db, pglite, name, query.sql))) {
      const literals = params.length ? `(${params.map(literal).join(", ")})` : "";
      return pgliteRows<T>(db, `execute ${name}${literals}`);
    }
  }
  const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
  return (result as { rows: T[] }).rows;
}

/**
 * PGlite's driver parses and plans every statement on every run, in WebAssembly on the server's
 * one thread: the event page's three statements took 11.2 ms unnamed, 3.5 ms prepared (10,000
 * events). There a named statement is SQL's `PREPARE`, once per database and name (the driver
 * sends no named Parse), and a run its `EXECUTE` with the values as literals, read as the
 * parameters' types read text (ids, ISO instants, words), answered through drizzle like any
 * statement, with its parsers. Other values take the unnamed path, as do a transaction's
 * statements but those of `withSettings`. A statement prepared inside a transaction outlives
 * it, even a rolled-back one.
 */
const pglitePrepared = new WeakMap<PGlite, Map<string, true | Promise<void>>>();
/** The embedded database of each `withSettings` transaction on PGlite. */
const settledOnPglite = new WeakMap<object, PGlite>();

function embeddedDatabaseOf(db: Database): PGlite | undefined {
  const client: unknown = db.$client;
  return client instanceof PGlite ? client : settledOnPglite.get(db);
}

type Literal = string | number | boolean | null;
const isLiteral = (value: unknown): value is Literal =>
  value === null ||
  typeof value === "string" ||
  typeof value === "boolean" ||
  (typeof value === "number" && Number.isFinite(value));
// Quoted, so that the statement's parameter type reads it as its own (an int, a timestamptz).
const literal = (value: Literal) =>
  value === null ? "null" : pg.escapeLiteral(typeof value === "string" ? value : String(value));

async function pgliteRows<T>(db: Database, statement: string): Promise<T[]> {
  const result = await db._.session
    .prepareQuery({ sql: statement, params: [] }, undefined, undefined, false)
    .execute();
  return (result as { rows: T[] }).rows;
}

/** Whether `name` is prepared on this PGlite for this run to execute; prepares it if no one has. */
async function preparedOnPglite(db: Database, pglite: PGlite, name: string, text: string) {
  let prepared = pglitePrepared.get(pglite);
  if (!prepared) {
    prepared = new Map();
    pglitePrepared.set(pglite, prepared);
  }
  const state = prepared.get(name);
  if (state === true) return true;
  if (state) {
    // Another run's PREPARE: inside a transaction it may be queued behind this very one, so
    // waiting for it would wait for ever. Its failure is its own run's to report.
    if (settledOnPglite.has(db)) return false;
    return state.then(
      () => true,
      () => false,
    );
  }
  const preparing = pgliteRows(db, `prepare ${name} as ${text}`).then(
    () => {
      prepared.set(name, true);
    },
    (error: unknown) => {
      prepared.delete(name);
      throw error;
    },
  );
  prepared.set(name, preparing);
  await preparing;
  return true;
}

/**
 * Runs a read as a named statement: PostgreSQL parses it once per connection and, after a few
 * runs, keeps its plan. Parsing and planning were ~3 of the ~5 ms of database CPU of an event
 * page. Only for statements whose text depends on nothing but the language: a connection keeps
 * every statement it has prepared, so texts built from a request's filters must not be named.
 * On PGlite, with `PREPARE` and `EXECUTE` (`preparedOnPglite`).
 */
export async function preparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  return namedRows<T>(db, built, statementName(built.sql));
}

/**
 * A named statement (`preparedRows`) built once per process and shape: `build` writes its text
 * from the shape alone (its language, say) with `sql.placeholder(name)` wherever a run's value
 * goes, and each run passes only the values (one missing throws). Shapes come from a small,
 * fixed set, as each is kept for good. The search's statements are hundreds of drizzle
 * fragments: building and naming them on every search was a sixth of the API's time per search.
 */
export function keptStatement<Shape extends Record<string, string | boolean>>(
  build: (shape: Shape) => SQL,
) {
  const built = new Map<string, { query: Query; name: string }>();
  return <T>(db: Database, shape: Shape, values: Record<string, unknown>): Promise<T[]> => {
    const key = JSON.stringify(shape);
    let statement = built.get(key);
    if (!statement) {
      const query = dialect.sqlToQuery(build(shape));
      statement = { query, name: statementName(query.sql) };
      built.set(key, statement);
    }
    return namedRows<T>(db, statement.query, statement.name, values);
  };
}

/** Per database, a pool per set of settings (`withSettings`), and how to end it. */
const settingsPools = new WeakMap<Database, Map<string, Database>>();
const end = (db: Database) => (db.$client as pg.Pool).end();

/**
 * Runs `work`'s statements with these settings (for the planner, say) and no others. On
 * PostgreSQL they run on a small pool of their own (up to 4 connections per process) whose
 * connections start with the settings: no transaction around them, one round trip per
 * statement (in a transaction, `BEGIN`, `set_config` and `COMMIT` were three of the search's
 * round trips). PGlite, one connection in this process, sets them in a transaction around
 * `work`. Not for a transaction: its savepoint would leave the settings to the rest of it.
 */
export async function withSettings<T>(
  db: Database,
  settings: Record<string, string>,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const client: unknown = db.$client;
  if (client instanceof PGlite) {
    return db.transaction(async (tx) => {
      settledOnPglite.set(tx, client);
      await tx.execute(
        sql`select ${sql.join(
          Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
          sql`, `,
        )}`,
      );
      return work(tx as unknown as Database);
    });
  }
  if (!(client instanceof pg.Pool))
    throw new Error("withSettings takes a database, not a transaction");
  // The server's startup options: whitespace or a backslash inside a value is escaped.
  const key = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value.replace(/[\\\s]/g, "\\$&")}`)
    .join(" ");
  let pools = settingsPools.get(db);
  if (!pools) {
    pools = new Map();
    settingsPools.set(db, pools);
  }
  let settled = pools.get(key);
  if (!settled) {
    const pool = survivingLostConnections(
      new pg.Pool({ ...withStartupOptions(client.options, key), max: 4 }),
    );
    settled = drizzlePg(pool, { schema });
    pools.set(key, settled);
  }
  return work(settled);
}

/**
 * A pool's connection settings with `extra` startup options after those it has already (the
 * URL's `options`, else PGOPTIONS): an `options` setting would hide PGOPTIONS, and the URL's
 * would replace it.
 */
function withStartupOptions(config: pg.PoolConfig, extra: string): pg.PoolConfig {
  const url = config.connectionString ? new URL(config.connectionString) : null;
  const own = url?.searchParams.get("options") ?? config.options ?? process.env.PGOPTIONS;
  url?.searchParams.delete("options");
  return {
    ...config,
    connectionString: url?.toString(),
    options: [own, extra].filter(Boolean).join(" "),
  };
}

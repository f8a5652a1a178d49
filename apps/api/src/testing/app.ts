import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiPaths, type Locale, localeHeader, type TokenResponse } from "@eventwerk/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { buildApp, type Context, createContext, loadConfig } from "../app.ts";
import type { Database } from "../db/client.ts";
import { demoUsers } from "../seed/index.ts";

export const testClient = { client_id: "eventwerk-web", client_secret: "test-client-secret-1" };

/** A TCP port free on 127.0.0.1 just now, for a server a test starts as a process of its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** Which database the suite runs on: PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabase = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/** A fresh database of its own on the PostgreSQL server, dropped when the test file ends. */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `ew_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
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

export type TestApp = {
  app: FastifyInstance;
  ctx: Context;
  dataDir: string;
  close: () => Promise<void>;
  /** Emails written to the outbox so far, newest last (the due jobs are run first), readable. */
  outbox: () => Promise<string[]>;
  /** The same as written (MIME): attachments are read from these (`mailAttachments`). */
  rawOutbox: () => Promise<string[]>;
  /** Runs outbox jobs until none is due (also those another runner of this instance holds). */
  drainOutbox: () => Promise<void>;
};

/**
 * The next transaction id the database will hand out. PostgreSQL gives a transaction an id only
 * when it writes a row (insert, update, delete or row lock) in any table, so an unchanged value
 * around a request means it wrote and locked nothing anywhere, with no table to list. The id is
 * the cluster's: this holds while no other test file writes at the same time (one worker here).
 */
export async function nextTransactionId(t: TestApp): Promise<bigint> {
  const result = await t.ctx.db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`,
  );
  return BigInt(String(result.rows[0]!.xid));
}

/** Runs the context's due outbox jobs until none is left, waiting for any still running. */
export async function drainOutbox(ctx: Context): Promise<void> {
  for (let round = 0; round < 500; round++) {
    await ctx.outbox.runDue(100);
    const result = await ctx.db.execute(
      sql`select count(*)::int as n from outbox_jobs
        where sent_at is null and failed_at is null and next_attempt_at <= now()`,
    );
    if (Number((result.rows[0] as { n: number }).n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the outbox did not drain");
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "eventwerk-test-"));
  const database = testDatabase === "postgres" ? await createPostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "1000",
    HOLD_SEATS_PER_SOURCE: "100000",
    // Tests change data and read it back at once; the micro-cache has its own test.
    PUBLIC_CACHE_SECONDS: "0",
    OAUTH_CLIENT_ID: testClient.client_id,
    OAUTH_CLIENT_SECRET: testClient.client_secret,
    PUBLIC_URL: "http://localhost:3000",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const ctx = await createContext(config, { log: () => {}, inMemory: true });
  const app = await buildApp(ctx);
  await app.ready();
  const outboxDir = path.join(dataDir, "outbox");
  const rawOutbox = async () => {
    await drainOutbox(ctx);
    const files = (await readdir(outboxDir).catch(() => [])).sort();
    return Promise.all(files.map((file) => readFile(path.join(outboxDir, file), "utf8")));
  };
  return {
    app,
    ctx,
    dataDir,
    close: async () => {
      await app.close();
      await ctx.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
    drainOutbox: () => drainOutbox(ctx),
    outbox: async () => (await rawOutbox()).map(readMail),
    rawOutbox,
  };
}

/** A JSON request with an optional bearer token and language. */
export function call(
  app: FastifyInstance,
  options: InjectOptions & { token?: string; locale?: Locale },
) {
  const { token, locale, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(locale ? { [localeHeader]: locale } : {}),
      ...headers,
    },
  });
}

export async function passwordLogin(app: FastifyInstance, username: string, password: string) {
  const response = await call(app, {
    method: "POST",
    url: "/api/v1/token",
    payload: { grant_type: "password", username, password, ...testClient },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<TokenResponse>();
}

export const loginDemoVisitor = (app: FastifyInstance) =>
  passwordLogin(app, demoUsers.visitor.email, demoUsers.visitor.password);

let counter = 0;
/** Registers a new visitor with a unique email and answers its tokens and email. */
export async function registerVisitor(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
) {
  const email = `user${Date.now()}${counter++}@example.com`;
  const password = "sicher-passwort-1";
  const response = await call(app, {
    method: "POST",
    url: "/api/v1/register",
    payload: { name: "Max", surname: "Muster", email, password, accept_terms: true, ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  // Registering signs nobody in (a known address answers the same): the new visitor logs in.
  return { email, password, tokens: await passwordLogin(app, email, password) };
}

const decodeQuotedPrintable = (value: string) =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    "latin1",
  ).toString("utf8");

/**
 * A raw email made readable: encoded words in the header decoded, and the quoted-printable body.
 * Each part is decoded once (decoding the decoded header again would garble its umlauts).
 */
export function readMail(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split);
  const decodedHead = head
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
  return decodedHead + decodeQuotedPrintable(body);
}

/** The token of the reset link in an email. */
export const resetTokenFrom = (mail: string) => /token=([\w-]+)/.exec(mail)?.[1];

/** Asks for a reset link for the email and answers the token from the newest mail. */
export async function requestResetToken(t: TestApp, email: string): Promise<string> {
  const response = await call(t.app, {
    method: "POST",
    url: apiPaths.passwordForgot,
    payload: { email },
  });
  if (response.statusCode !== 200) throw new Error(`forgot answered ${response.statusCode}`);
  const token = resetTokenFrom((await t.outbox()).at(-1) ?? "");
  if (!token) throw new Error("no reset link in the newest mail");
  return token;
}

/** Sets a new password with a reset token. */
export const resetPassword = (t: TestApp, token: string, password: string, locale?: Locale) =>
  call(t.app, {
    method: "POST",
    url: apiPaths.passwordReset,
    payload: { token, password },
    locale,
  });

/** The mails to one address so far (the outbox is drained first), oldest first. */
export const mailsTo = async (t: TestApp, email: string) =>
  (await t.outbox()).filter((mail) => mail.toLowerCase().includes(`to: ${email.toLowerCase()}`));

/** The token of the newest link mailed to the address. */
export async function linkTokenTo(t: TestApp, email: string): Promise<string> {
  const token = resetTokenFrom((await mailsTo(t, email)).at(-1) ?? "");
  if (!token) throw new Error(`no link mailed to ${email}`);
  return token;
}

/** Follows the newest email change link mailed to `email`, signed in as its user. */
export async function confirmEmailChange(t: TestApp, accessToken: string, email: string) {
  const token = await linkTokenTo(t, email);
  const response = await call(t.app, {
    method: "POST",
    url: apiPaths.emailConfirm,
    token: accessToken,
    payload: { token },
  });
  if (response.statusCode !== 200) throw new Error(`confirm failed: ${response.body}`);
}

/** Runs a migration's statements again on a test's database, as the migrator splits them. */
export async function runMigration(db: Database, tag: string): Promise<void> {
  const text = await readFile(new URL(`../../drizzle/${tag}.sql`, import.meta.url), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    await db.execute(sql.raw(statement));
  }
}

import {
  apiPaths,
  doorPaths,
  type ErrorBody,
  errorBodySchema,
  fillPath,
} from "@eventwerk/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUsers } from "./seed/index.ts";
import {
  call,
  createTestApp,
  loginDemoVisitor,
  nextTransactionId,
  passwordLogin,
  type TestApp,
  testDatabase,
} from "./testing/app.ts";

/**
 * Every operation of the API's own OpenAPI document, sent generated bad input: wrong types, huge
 * and empty values, control and bidi characters, deep nesting, wrong content types and methods.
 * Never a 5xx, every error in the one shape, nothing committed, and the server still answers.
 */
let t: TestApp;
/** A token of each role, and a door link's: the guards let each through to its own operations. */
const tokens = { visitor: "", organiser: "", admin: "", door: "" };
/** Ids that exist (events, ticket types, orders, vouchers, organisers, door links), as paths take them. */
let existingIds: string[] = [];
beforeAll(async () => {
  // No background work (outbox, reconciliation) commits while a refusal is watched.
  t = await createTestApp({ OUTBOX_POLL_MS: "0", RECONCILE_INTERVAL_SECONDS: "0" });
  tokens.visitor = (await loginDemoVisitor(t.app)).access_token;
  const { organiser, admin } = demoUsers;
  tokens.organiser = (await passwordLogin(t.app, organiser.email, organiser.password)).access_token;
  tokens.admin = (await passwordLogin(t.app, admin.email, admin.password)).access_token;
  const event = await t.ctx.db.execute(sql`select e.id from events e join users u
    on u.id = e.organiser_id where u.email = ${organiser.email} and e.status = 'published'
      and e.starts_at > now()
    order by e.starts_at limit 1`);
  const link = await call(t.app, {
    method: "POST",
    url: fillPath(doorPaths.links, { id: String(event.rows[0]!.id) }),
    token: tokens.organiser,
    payload: {},
  });
  expect(link.statusCode, link.body).toBe(201);
  tokens.door = link.json<{ data: { token: string } }>().data.token;
  const ids = await t.ctx.db.execute(sql`select id::text from events
    union select id::text from event_ticket_types union select id::text from orders
    union select id::text from vouchers union select id::text from door_links
    union select id::text from users where role = 'organiser'`);
  existingIds = ids.rows.map((row) => String(row.id));
});
afterAll(() => t.close());

type Operation = {
  method: string;
  path: string;
  params: { name: string; in: string }[];
  bodyFields: string[];
};

type SchemaObject = { $ref?: string; properties?: Record<string, unknown> };

async function operations(): Promise<Operation[]> {
  const response = await call(t.app, { method: "GET", url: apiPaths.openapi });
  const document = response.json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          requestBody?: {
            content: Record<string, { schema?: SchemaObject }>;
          };
        }
      >
    >;
    components?: { schemas?: Record<string, SchemaObject> };
  }>();
  const resolve = (schema: SchemaObject | undefined) =>
    schema?.$ref ? document.components?.schemas?.[schema.$ref.split("/").at(-1) ?? ""] : schema;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      params: operation.parameters ?? [],
      bodyFields: Object.values(operation.requestBody?.content ?? {}).flatMap((media) =>
        Object.keys(resolve(media.schema)?.properties ?? {}),
      ),
    })),
  );
}

/**
 * Whether a transaction with an id from `from` up to `to` committed here. A refused request may
 * lock a row to read its state (cancelling a paid order locks it, then answers 409) and roll back;
 * it must commit nothing, not even a lock on its own row. On PGlite, the only database, any
 * committed id counts (a delete too). On PostgreSQL the ids are the whole server's, where the
 * other test files' databases commit meanwhile: a committed one counts when it left a row of this
 * database written (`xmin`) or locked (`xmax`); a delete shows in the PGlite run.
 */
async function committedBetween(from: bigint, to: bigint): Promise<boolean> {
  const result = await t.ctx.db.execute(
    sql`select x::text as xid from generate_series(${from.toString()}::bigint,
      ${to.toString()}::bigint - 1) as x
      where pg_xact_status(x::text::xid8) = 'committed'`,
  );
  const committed = result.rows.map((row) => String(row.xid));
  if (committed.length === 0 || testDatabase === "pglite") return committed.length > 0;
  const tables = await t.ctx.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  for (const { tablename } of tables.rows) {
    const rows = await t.ctx.db.execute(
      sql`select 1 from ${sql.identifier(String(tablename))}
        where xmin::text in ${committed} or xmax::text in ${committed}
        limit 1`,
    );
    if (rows.rows.length > 0) return true;
  }
  return false;
}

/** For a failure's message: the tables holding rows written since the transaction id. */
async function tablesWrittenSince(xid: bigint): Promise<string[]> {
  const result = await t.ctx.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const written: string[] = [];
  for (const { tablename } of result.rows) {
    const rows = await t.ctx.db.execute(
      sql`select 1 from ${sql.identifier(String(tablename))}
        where xmin::text::bigint >= ${xid.toString()}::bigint limit 1`,
    );
    if (rows.rows.length > 0) written.push(String(tablename));
  }
  return written;
}

const badString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\r\nBcc: x@evil.example",
    "\u202Eevil",
    "\u2066x\u2069",
    "%00",
    "%E0%A4%A",
    "../../etc/passwd",
    "-1",
    "0",
    "1e309",
    "99999999999999999999",
    "NaN",
    "true",
    "null",
    "[object Object]",
    "x".repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
);

const badValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    badString,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 3 }),
  ),
})).value;

const deeplyNested = `${"[".repeat(5000)}${"]".repeat(5000)}`;
const contentTypes = [
  "application/json",
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded",
  "text/plain",
  "multipart/form-data; boundary=x",
  "application/xml",
  undefined,
] as const;
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** One generated request: an operation of the document, sent this input. */
type FuzzInput = {
  pathValue: string;
  query: Record<string, string>;
  body: unknown;
  raw: string | null;
  contentType: (typeof contentTypes)[number];
  method: string | null;
  token: "none" | "bogus" | keyof typeof tokens;
};
type FuzzCase = FuzzInput & { operation: Operation };

function requestFor(operation: Operation, input: FuzzInput) {
  const path = operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(input.pathValue));
  const query = new URLSearchParams(input.query).toString();
  const payload =
    input.raw ??
    (input.contentType === "application/x-www-form-urlencoded"
      ? new URLSearchParams(
          Object.entries(
            typeof input.body === "object" && input.body !== null
              ? input.body
              : { value: input.body },
          ).map(([key, value]): [string, string] => [
            key,
            typeof value === "string" ? value : JSON.stringify(value),
          ]),
        ).toString()
      : JSON.stringify(input.body ?? null));
  const method = input.method ?? operation.method;
  return {
    method: method as "GET",
    url: query ? `${path}?${query}` : path,
    ...(method === "GET" || method === "HEAD" ? {} : { payload }),
    headers: {
      ...(input.contentType ? { "content-type": input.contentType } : {}),
      ...(input.token === "none"
        ? {}
        : {
            authorization: `Bearer ${input.token === "bogus" ? "not.a.jwt" : tokens[input.token]}`,
          }),
    },
  };
}

describe("fuzzing every API operation", () => {
  it("answers bad input with a 4xx in the one error shape and commits nothing", async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(20);
    // The probe sees a write: a no-op update of one row still commits a transaction id.
    const probe = await nextTransactionId(t);
    await t.ctx.db.execute(sql`update users set updated_at = updated_at where id in
      (select id from users limit 1)`);
    expect(await committedBetween(probe, await nextTransactionId(t))).toBe(true);
    // Refusals found by earlier runs, tried on every run: deleting an address that is not the
    // visitor's, and cancelling the visitor's paid order.
    const result = await t.ctx.db.execute(sql`select o.id from orders o join users u
      on u.id = o.user_id where u.email = ${demoUsers.visitor.email} and o.status = 'paid' limit 1`);
    const paidOrder = String(result.rows[0]!.id);
    const visitorSends = (method: string, path: string, pathValue: string, query = {}) => {
      const operation = all.find((o) => o.method === method && o.path === path);
      if (!operation) throw new Error(`no operation ${method} ${path}`);
      const example: FuzzCase = {
        operation,
        pathValue,
        query,
        body: "",
        raw: null,
        contentType: "application/json",
        method: null,
        token: "visitor",
      };
      return [example] as [FuzzCase];
    };
    const examples = [
      visitorSends("DELETE", "/api/v1/auth/address", "", { id: "2147483647" }),
      visitorSends("POST", "/api/v1/checkout/orders/{id}/cancel", paidOrder),
    ];
    // Logging out and revoking a door link need no input, and would end the shared tokens.
    const ending = /\/(logout|revoke)$/;
    const property = fc.asyncProperty(
      fc.constantFrom(...all.filter((operation) => !ending.test(operation.path))).chain(
        (operation): fc.Arbitrary<FuzzCase> =>
          fc.record({
            operation: fc.constant(operation),
            pathValue: fc.oneof(badString, fc.constantFrom(...existingIds)),
            query: fc.dictionary(
              fc.constantFrom(...operation.params.map((p) => p.name), "q", "page"),
              badString,
              { maxKeys: 4 },
            ),
            body: fc.oneof(
              badValue,
              fc.dictionary(fc.constantFrom(...operation.bodyFields, "extra"), badValue, {
                maxKeys: 6,
              }),
            ),
            raw: fc.option(
              fc.constantFrom(deeplyNested, "{", "x".repeat(200_000), '{"a":1,"a":2}'),
              {
                freq: 5,
              },
            ),
            contentType: fc.constantFrom(...contentTypes),
            method: fc.option(fc.constantFrom(...methods), { freq: 4 }),
            token: fc.constantFrom("none", "bogus", "visitor", "organiser", "admin", "door"),
          }),
      ),
      async ({ operation, ...input }) => {
        const request = requestFor(operation, input);
        const before = await nextTransactionId(t);
        const response = await call(t.app, request);
        const where = `${request.method} ${request.url.slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400 && String(request.method) !== "HEAD") {
          expect(errorBodySchema.safeParse(response.json()).success, where).toBe(true);
        }
        // A refused request committed nothing. (Generated input that happens to be valid, say an
        // organiser's unpublishing of an event, may write: it answered 2xx.)
        if (response.statusCode < 400) return;
        const after = await nextTransactionId(t);
        if (after !== before && (await committedBetween(before, after))) {
          expect.fail(
            `${where}\ncommitted; rows written in: ${(await tablesWrittenSince(before)).join(", ")}`,
          );
        }
        // A refusal is in the visitor's language: asked in English, the same refusal reads
        // otherwise (its message and each field's).
        if (response.statusCode !== 429 && String(request.method) !== "HEAD") {
          const english = await call(t.app, {
            ...request,
            headers: { ...request.headers, "x-localization": "en" },
          });
          if (english.statusCode === response.statusCode) {
            const [de, en] = [response, english].map((answer) => answer.json<ErrorBody>().error);
            expect(en!.message, where).not.toBe(de!.message);
            for (const [field, message] of Object.entries(de!.fields ?? {})) {
              expect(en!.fields?.[field], `${where} ${field}`).not.toBe(message);
            }
          }
        }
      },
    );
    await fc.assert(property, { numRuns: 1000, examples });
    const health = await call(t.app, { method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
  }, 180_000);
});

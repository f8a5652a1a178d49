import { apiPaths, errorBodySchema } from "@eventwerk/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, loginDemoVisitor, type TestApp } from "./testing/app.ts";

/**
 * Every operation of the API's own OpenAPI document, sent generated bad input: wrong types, huge
 * and empty values, control and bidi characters, deep nesting, wrong content types and methods.
 * Never a 5xx, every error in the one shape, no row written, and the server still answers.
 */
let t: TestApp;
let visitorToken = "";
beforeAll(async () => {
  t = await createTestApp();
  visitorToken = (await loginDemoVisitor(t.app)).access_token;
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
 * The next transaction id the database will hand out. PostgreSQL gives a transaction an id only
 * when it writes a row (insert, update, delete or row lock) in any table, so an unchanged value
 * around a request means it wrote nothing anywhere: every table, including those added later,
 * with nothing to exclude (rate limits count in memory or Redis, not in the database).
 */
async function nextTransactionId(): Promise<bigint> {
  const result = await t.ctx.db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`,
  );
  return BigInt(String(result.rows[0]!.xid));
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

function requestFor(
  operation: Operation,
  input: {
    pathValue: string;
    query: Record<string, string>;
    body: unknown;
    raw: string | null;
    contentType: (typeof contentTypes)[number];
    method: string | null;
    token: "none" | "bogus" | "visitor";
  },
) {
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
      ...(input.token === "bogus" ? { authorization: "Bearer not.a.jwt" } : {}),
      ...(input.token === "visitor" ? { authorization: `Bearer ${visitorToken}` } : {}),
    },
  };
}

describe("fuzzing every API operation", () => {
  it("answers bad input with a 4xx in the one error shape and writes no row", async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(20);
    // The probe sees a write: a no-op update of one row still takes a transaction id.
    const probe = await nextTransactionId();
    await t.ctx.db.execute(sql`update users set updated_at = updated_at where id in
      (select id from users limit 1)`);
    expect(await nextTransactionId()).toBeGreaterThan(probe);
    const property = fc.asyncProperty(
      fc.constantFrom(...all).chain((operation) =>
        fc.record({
          operation: fc.constant(operation),
          pathValue: badString,
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
          raw: fc.option(fc.constantFrom(deeplyNested, "{", "x".repeat(200_000), '{"a":1,"a":2}'), {
            freq: 5,
          }),
          contentType: fc.constantFrom(...contentTypes),
          method: fc.option(fc.constantFrom(...methods), { freq: 4 }),
          token: fc.constantFrom("none", "bogus", "visitor"),
        }),
      ),
      async ({ operation, ...input }) => {
        const request = requestFor(operation, input);
        const before = await nextTransactionId();
        const response = await call(t.app, request);
        const where = `${request.method} ${request.url.slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400 && String(request.method) !== "HEAD") {
          expect(errorBodySchema.safeParse(response.json()).success, where).toBe(true);
        }
        // A refused request changed no row. (Generated input that happens to be valid, say a
        // logout with the visitor's token, may write: it answered 2xx.)
        if (response.statusCode >= 400 && (await nextTransactionId()) !== before) {
          expect.fail(`${where}\nwrote rows in: ${(await tablesWrittenSince(before)).join(", ")}`);
        }
      },
    );
    await fc.assert(property, { numRuns: 1000 });
    const health = await call(t.app, { method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
  }, 60_000);
});

import type { z } from "zod";
import { type ErrorBody, errorBodySchema } from "../errors.ts";
import { defaultLocale, type Locale, localeHeader } from "../locale.ts";

/** Statuses after which an idempotent GET is tried once more; writes are never retried. */
export const retryableStatuses: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);
export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return method.toUpperCase() === "GET" && attempt === 0 && retryableStatuses.has(status);
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.error.message ?? `API request failed with status ${status}`);
    this.name = "ApiError";
  }
  get code() {
    return this.body?.error.code;
  }
}

export type ApiClientOptions = {
  baseUrl: string;
  token?: string | null;
  locale?: Locale;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * The visitor's address chain (`X-Forwarded-For`) when a server calls on a visitor's behalf,
   * so that the API's per-IP limits count visitors, not the server.
   */
  forwardedFor?: string | null;
};

type Widen<T> = T extends boolean
  ? boolean
  : T extends number
    ? number
    : T extends string
      ? string
      : T extends null | undefined
        ? T
        : T extends readonly unknown[]
          ? T
          : T extends object
            ? Loose<T>
            : T;

/**
 * A request body as a form forwards it: any field may be missing or hold what was typed (any
 * text, either boolean, a number that may be out of range). The API is the one validator and
 * answers per field in the visitor's language; the body's shape stays the contract's.
 */
export type Loose<T> = { [K in keyof T]?: Widen<T[K]> };

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Query = Record<string, string | number | undefined>;
type RequestOptions<T extends z.ZodType> = {
  schema: T;
  query?: Query;
  json?: unknown;
  /** Per-call headers: an order's guest token, an idempotency key. */
  headers?: Record<string, string>;
};

/** How each resource's calls reach the API: one request function, every answer parsed. */
export type Transport = {
  request<T extends z.ZodType>(
    method: Method,
    path: string,
    options: RequestOptions<T>,
  ): Promise<z.infer<T>>;
  get<T extends z.ZodType>(path: string, schema: T, query?: Query): Promise<z.infer<T>>;
  /** A file the API answers as text (CSV exports), unparsed. */
  getText(path: string, query?: Query): Promise<string>;
};

export function createTransport(options: ApiClientOptions): Transport {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function send(
    method: Method,
    path: string,
    query: Query | undefined,
    json: unknown,
    callHeaders: Record<string, string> | undefined,
    accept: string,
  ): Promise<Response> {
    const url = new URL(baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {
      accept,
      [localeHeader]: options.locale ?? defaultLocale,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
    if (json !== undefined) headers["content-type"] = "application/json";
    Object.assign(headers, callHeaders);

    for (let attempt = 0; ; attempt++) {
      const response = await doFetch(url, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (shouldRetry(method, response.status, attempt)) continue;
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        const parsed = errorBodySchema.safeParse(body);
        throw new ApiError(response.status, parsed.success ? parsed.data : null);
      }
      return response;
    }
  }

  async function request<T extends z.ZodType>(
    method: Method,
    path: string,
    { schema, query, json, headers }: RequestOptions<T>,
  ): Promise<z.infer<T>> {
    const response = await send(method, path, query, json, headers, "application/json");
    const body: unknown = await response.json().catch(() => null);
    return schema.parse(body);
  }

  return {
    request,
    get: (path, schema, query) => request("GET", path, { schema, query }),
    getText: async (path, query) =>
      (await send("GET", path, query, undefined, undefined, "text/csv, */*")).text(),
  };
}

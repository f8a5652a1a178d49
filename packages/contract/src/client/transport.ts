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
  /**
   * Take successful answers as they come instead of parsing them with their schema again: for
   * a server calling this API, which holds every answer to the same schemas when it sends it
   * (its serializer validates them). Parsing them twice cost measurable CPU on every page view.
   * Error answers are always checked.
   */
  trustAnswers?: boolean;
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
  /** A file as the raw body (a cover picture), instead of JSON. */
  upload?: Blob;
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
  /** A file the API answers (a PDF, a calendar): its bytes, type and suggested name. */
  file(
    path: string,
    options?: { query?: Query; headers?: Record<string, string> },
  ): Promise<ApiFile>;
  /** A file the API answers as text (CSV exports), unparsed. */
  getText(path: string, query?: Query): Promise<string>;
};

export type ApiFile = { body: Uint8Array; contentType: string; filename: string | null };

export function createTransport(options: ApiClientOptions): Transport {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;

  function urlOf(path: string, query: Query | undefined) {
    const url = new URL(baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    return url;
  }

  function headersOf(json: unknown, accept = "application/json") {
    const headers: Record<string, string> = {
      accept,
      [localeHeader]: options.locale ?? defaultLocale,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
    if (json !== undefined) headers["content-type"] = "application/json";
    return headers;
  }

  async function errorOf(response: Response) {
    const body: unknown = await response.json().catch(() => null);
    const parsed = errorBodySchema.safeParse(body);
    return new ApiError(response.status, parsed.success ? parsed.data : null);
  }

  async function request<T extends z.ZodType>(
    method: Method,
    path: string,
    { schema, query, json, upload, headers: callHeaders }: RequestOptions<T>,
  ): Promise<z.infer<T>> {
    const url = urlOf(path, query);
    const headers = headersOf(json);
    // The API tells a picture's type by its bytes; the declared one only has to be a picture's.
    if (upload) headers["content-type"] = upload.type || "application/octet-stream";
    Object.assign(headers, callHeaders);

    for (let attempt = 0; ; attempt++) {
      const response = await doFetch(url, {
        method,
        headers,
        body: upload ?? (json === undefined ? undefined : JSON.stringify(json)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (shouldRetry(method, response.status, attempt)) continue;
      if (!response.ok) throw await errorOf(response);
      const body: unknown = await response.json().catch(() => null);
      return options.trustAnswers ? (body as z.infer<T>) : schema.parse(body);
    }
  }

  async function file(
    path: string,
    { query, headers }: { query?: Query; headers?: Record<string, string> } = {},
  ): Promise<ApiFile> {
    const url = urlOf(path, query);
    for (let attempt = 0; ; attempt++) {
      const response = await doFetch(url, {
        headers: { ...headersOf(undefined), accept: "*/*", ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (shouldRetry("GET", response.status, attempt)) continue;
      if (!response.ok) throw await errorOf(response);
      const disposition = response.headers.get("content-disposition") ?? "";
      return {
        body: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
        filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
      };
    }
  }

  return {
    request,
    get: (path, schema, query) => request("GET", path, { schema, query }),
    file,
    getText: async (path, query) =>
      new TextDecoder().decode(
        (await file(path, { query, headers: { accept: "text/csv, */*" } })).body,
      ),
  };
}

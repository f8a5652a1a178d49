import {
  type ErrorBody,
  type ErrorCode,
  type Locale,
  localeHeader,
  toLocale,
} from "@eventwerk/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { $ZodIssue, $ZodRawIssue } from "zod/v4/core";
import { de as zodDe, en as zodEn } from "zod/v4/locales";
import { intlLocale } from "../lib/checkout/format.ts";
import { HttpError } from "../lib/http-error.ts";
import { isMessageKey, type MessageKey, t } from "../lib/messages.ts";

const zodLocales = { de: zodDe(), en: zodEn() };

declare module "fastify" {
  interface FastifyRequest {
    locale: Locale;
  }
}

/**
 * A zod issue in the request's language: our own key if the schema named one, our own wording
 * for the issues a form meets most (missing, too short or long text, email, a number out of its
 * range or none), else zod's text (which speaks of types: "erwartet, dass number <=99 ist").
 */
function issueMessage(issue: $ZodIssue, locale: Locale): string {
  if (isMessageKey(issue.message)) return t(locale, issue.message);
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) {
    return t(locale, "field_required");
  }
  if (issue.code === "too_small" && issue.origin === "string") {
    return Number(issue.minimum) <= 1
      ? t(locale, "field_required")
      : t(locale, "field_too_short", { minimum: Number(issue.minimum) });
  }
  if (issue.code === "too_big" && issue.origin === "string") {
    return t(locale, "field_too_long", { maximum: Number(issue.maximum) });
  }
  if (issue.code === "invalid_format" && issue.format === "email") return t(locale, "field_email");
  if (issue.code === "invalid_type" && issue.expected === "number") {
    return t(locale, "field_number");
  }
  // A fraction where a whole number belongs (zod: "expected int, received number").
  if (issue.code === "invalid_type" && issue.expected === "int") {
    return t(locale, "field_whole_number");
  }
  // zod's own text names what it received from the issue's input, which parsing does not keep:
  // "received undefined" for a string sent where a boolean belongs.
  if (issue.code === "invalid_type") return t(locale, "field_type", { expected: issue.expected });
  const number = (value: unknown) =>
    new Intl.NumberFormat(intlLocale(locale)).format(Number(value));
  const numeric = "origin" in issue && (issue.origin === "number" || issue.origin === "int");
  if (issue.code === "too_small" && numeric && issue.inclusive) {
    return t(locale, "field_number_min", { minimum: number(issue.minimum) });
  }
  if (issue.code === "too_big" && numeric && issue.inclusive) {
    return t(locale, "field_number_max", { maximum: number(issue.maximum) });
  }
  const translated = zodLocales[locale].localeError(issue as unknown as $ZodRawIssue);
  if (typeof translated === "string") return translated;
  return translated?.message ?? issue.message;
}

const isSafeIntegerRange = (params: Record<string, unknown>) => params.origin === "int";

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

const fastifyCodes: Record<string, [number, ErrorCode, MessageKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "malformed_request", "malformed_request"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "malformed_request", "malformed_request"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "unsupported_media_type", "unsupported_media_type"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "malformed_request", "bad_request"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "payload_too_large", "payload_too_large"],
};

/** Other client errors by status; anything else in 4xx is a plain bad request (not "bad JSON"). */
const clientErrors: Record<number, ErrorCode> = {
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

function clientError(reply: FastifyReply, locale: Locale, status: number) {
  const code = clientErrors[status];
  const answer = status >= 400 && status < 500 ? status : 400;
  return send(reply, answer, {
    error: { code: code ?? "malformed_request", message: t(locale, code ?? "bad_request") },
  });
}

/**
 * Fastify's own errors before routing (a URL that does not decode, a bad header): Fastify's
 * `frameworkErrors` option, so they answer in the one shape too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = toLocale(request.headers[localeHeader]);
  // No hook ran for these, the security headers plugin's neither: the strictest set for an error.
  reply.headers({
    "content-security-policy":
      "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  });
  return clientError(reply, locale, error.statusCode ?? 400);
}

/** Routes by method, to tell "no such address" (404) from "not with this method" (405). */
type RouteShape = { pattern: RegExp; methods: Set<string> };

function routePattern(url: string) {
  const escaped = url
    .split(/(:[A-Za-z0-9_]+)/)
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${escaped}/?$`);
}

/** One error shape for every failure, and the request's language for its message. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("locale", "de");
  app.addHook("onRequest", async (request) => {
    request.locale = toLocale(request.headers[localeHeader]);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      // A field's own range says more than the safe-integer range zod checks first (99 rather
      // than 9,007,199,254,740,991 for 10^20): those issues count only when nothing else does.
      const validation = [...error.validation].sort(
        (a, b) => Number(isSafeIntegerRange(a.params)) - Number(isSafeIntegerRange(b.params)),
      );
      for (const item of validation) {
        const path = item.instancePath.split("/").filter(Boolean);
        const issue = {
          ...item.params,
          code: item.keyword,
          message: item.message,
          path,
        } as $ZodIssue;
        const where = path.length ? path.join(".") : (error.validationContext ?? "body");
        fields[where] ??= issueMessage(issue, locale);
      }
      return send(reply, 400, {
        error: { code: "validation_failed", message: t(locale, "validation_failed"), fields },
      });
    }
    if (error instanceof HttpError) {
      if (error.cause) request.log.error({ err: error.cause }, error.messageKey);
      if (error.headers) reply.headers(error.headers);
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([field, key]) => [
              field,
              t(locale, key as MessageKey),
            ]),
          )
        : undefined;
      return send(reply, error.statusCode, {
        error: { code: error.code, message: t(locale, error.messageKey), fields },
      });
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) {
      return send(reply, known[0], { error: { code: known[1], message: t(locale, known[2]) } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return clientError(reply, locale, error.statusCode);
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, 500, {
      error: { code: "internal_error", message: t(locale, "internal_error") },
    });
  });

  const routes = new Map<string, RouteShape>();
  app.addHook("onRoute", (route) => {
    // Catch-alls (static files, the combined server's web app) say nothing about one address.
    if (route.url.includes("*")) return;
    const shape = routes.get(route.url) ?? { pattern: routePattern(route.url), methods: new Set() };
    for (const method of [route.method].flat()) shape.methods.add(method);
    routes.set(route.url, shape);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const allowed = new Set<string>();
    for (const { pattern, methods } of routes.values()) {
      if (pattern.test(path)) for (const method of methods) allowed.add(method);
    }
    if (allowed.size > 0) {
      return send(reply.header("allow", [...allowed].sort().join(", ")), 405, {
        error: { code: "method_not_allowed", message: t(request.locale, "method_not_allowed") },
      });
    }
    return send(reply, 404, {
      error: { code: "not_found", message: t(request.locale, "route_not_found") },
    });
  });
});

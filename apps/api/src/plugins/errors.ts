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
 * for the issues a form meets most (missing, too short or long text, email), else zod's text.
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
  const translated = zodLocales[locale].localeError(issue as unknown as $ZodRawIssue);
  if (typeof translated === "string") return translated;
  return translated?.message ?? issue.message;
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

const fastifyCodes: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "malformed_request"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "malformed_request"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "unsupported_media_type"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "malformed_request"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "payload_too_large"],
};

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
      for (const item of error.validation) {
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
      return send(reply, known[0], { error: { code: known[1], message: t(locale, known[1]) } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, {
        error: { code: "malformed_request", message: t(locale, "malformed_request") },
      });
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, 500, {
      error: { code: "internal_error", message: t(locale, "internal_error") },
    });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, {
      error: { code: "not_found", message: t(request.locale, "route_not_found") },
    }),
  );
});

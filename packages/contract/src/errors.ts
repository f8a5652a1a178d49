import { z } from "zod";

export const errorCodes = [
  "validation_failed",
  "malformed_request",
  "unsupported_media_type",
  "payload_too_large",
  "unauthorized",
  "invalid_token",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "email_taken",
  "unprocessable",
  "invalid_grant",
  "invalid_client",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_reset_token",
  "reset_token_used",
  "reset_token_expired",
  "invalid_email_token",
  "email_token_used",
  "email_token_expired",
  "wrong_password",
  "rate_limited",
  "sold_out",
  "not_on_sale",
  "hold_expired",
  "order_closed",
  "order_not_paid",
  "voucher_unknown",
  "voucher_expired",
  "voucher_not_yet_valid",
  "voucher_used_up",
  "voucher_not_applicable",
  "invalid_signature",
  "door_link_invalid",
  "exit_not_allowed",
  "door_closed",
  "door_link_key_used",
  "idempotency_key_reused",
  "internal_error",
  "service_unavailable",
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The one error shape every API error answers with. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      /** Per-field messages, keyed by the field's dotted path. */
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof errorBodySchema>;

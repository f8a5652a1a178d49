import type { ErrorCode } from "@eventwerk/contract";
import type { MessageKey } from "./messages.ts";

/** An error that answers with the API's error shape; its message is translated per request. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey = code,
    /** Per-field message keys. */
    readonly fields?: Record<string, MessageKey>,
    readonly headers?: Record<string, string>,
    /** What failed beneath an answer of 500 or more: logged, never sent. */
    cause?: unknown,
  ) {
    super(messageKey, { cause });
    this.name = "HttpError";
  }
}

export const notFound = () => new HttpError(404, "not_found");
export const fieldError = (field: string, key: MessageKey) =>
  new HttpError(400, "validation_failed", "validation_failed", { [field]: key });

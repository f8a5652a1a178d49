import { type ApiClient, coverMediaTypes } from "@eventwerk/contract";
import { ApiError } from "../../api.server";
import { confirmed, formFailure, optionalId, textValues } from "../../lib/forms";
import { centsOf, decimal, numberOrNull } from "../../lib/panel-values";
import {
  eventFields,
  eventPayload,
  ticketTypeErrorNames,
  ticketTypeFields,
  ticketTypePayload,
  voucherFields,
  voucherPayload,
} from "./panel.server";

export const eventIntents = [
  "save",
  "cover",
  "publish",
  "unpublish",
  "duplicate",
  "cancel",
  "addType",
  "updateType",
  "closeType",
  "deleteType",
  "addVoucher",
  "deactivateVoucher",
] as const;
export type EventIntent = (typeof eventIntents)[number];

/**
 * The forms whose step the panel cannot undo (`ConfirmedForm`): an event called off, a ticket
 * type deleted or its sale ended, a voucher deactivated. Each needs the form's tick.
 */
export const confirmedIntents: ReadonlySet<EventIntent> = new Set([
  "cancel",
  "closeType",
  "deleteType",
  "deactivateVoucher",
]);

/** The fields a ticket type's row in the list changes. */
const typeUpdateFields = ["capacity", "price", "vat_percent", "max_per_order"] as const;

/** Renames the API's field names to the form's (the price is typed in euros as `price`). */
function withFormNames(error: unknown, names: Record<string, string>): unknown {
  if (error instanceof ApiError && error.body?.error.fields) {
    const fields = error.body.error.fields;
    for (const [api, form] of Object.entries(names)) {
      if (fields[api]) fields[form] = fields[api];
    }
  }
  return error;
}

const failed = (intent: EventIntent, failure: object, target?: number) => ({
  intent,
  target: target ?? null,
  ok: false as const,
  ...failure,
});

/**
 * Runs one of the event page's forms. Answers what the page shows: success (with a new event's
 * id after duplicating) or the API's messages for that form, keeping what was typed.
 */
export async function runEventAction(api: ApiClient, eventId: number, form: FormData) {
  const intent = eventIntents.find((name) => name === form.get("intent"));
  if (!intent) return failed("save", { message: null, fields: {}, values: {} });
  const target = optionalId(String(form.get("target") ?? "")) ?? 0;
  const ok = (extra: { duplicate?: number } = {}) => ({
    intent,
    target,
    ok: true as const,
    ...extra,
  });
  if (confirmedIntents.has(intent) && !confirmed(form)) {
    return failed(intent, { message: null, fields: { confirm: "required" }, values: {} }, target);
  }
  const simple = async (run: () => Promise<unknown>) => {
    try {
      await run();
      return ok();
    } catch (error) {
      return failed(intent, formFailure(error, [], {}), target);
    }
  };
  switch (intent) {
    case "save": {
      const values = textValues(form, eventFields);
      try {
        const stored = {
          starts_at: String(form.get("starts_at_stored") ?? ""),
          ends_at: String(form.get("ends_at_stored") ?? ""),
        };
        await api.panel.updateEvent(eventId, eventPayload(values, stored));
        return ok();
      } catch (error) {
        return failed(intent, formFailure(error, eventFields, values));
      }
    }
    case "cover": {
      const file = form.get("cover");
      // The API tells a picture by its bytes; any other declared type is only sent as bytes.
      const picture =
        file instanceof Blob && (coverMediaTypes as readonly string[]).includes(file.type)
          ? file
          : new Blob(file instanceof Blob ? [file] : [], { type: "application/octet-stream" });
      try {
        await api.panel.uploadEventCover(eventId, picture);
        return ok();
      } catch (error) {
        return failed(intent, formFailure(error, ["cover"], {}));
      }
    }
    case "publish":
      return simple(() => api.panel.publishEvent(eventId));
    case "unpublish":
      return simple(() => api.panel.unpublishEvent(eventId));
    case "duplicate": {
      try {
        const copy = await api.panel.duplicateEvent(eventId);
        return ok({ duplicate: copy.data.id });
      } catch (error) {
        return failed(intent, formFailure(error, [], {}));
      }
    }
    case "cancel":
      // Ticked above: that is the confirmation the API asks for once tickets were sold.
      return simple(() => api.panel.cancelEvent(eventId, true));
    case "addType": {
      const values = textValues(form, ticketTypeFields);
      try {
        await api.panel.createTicketType(eventId, ticketTypePayload(values));
        return ok();
      } catch (error) {
        return failed(
          intent,
          formFailure(withFormNames(error, ticketTypeErrorNames), ticketTypeFields, values),
        );
      }
    }
    case "updateType": {
      const values = textValues(form, typeUpdateFields);
      try {
        await api.panel.updateTicketType(target, {
          capacity: numberOrNull(values.capacity) ?? Number.NaN,
          price_cents: centsOf(values.price),
          vat_percent: decimal(values.vat_percent),
          max_per_order: numberOrNull(values.max_per_order) ?? Number.NaN,
        });
        return ok();
      } catch (error) {
        return failed(
          intent,
          formFailure(withFormNames(error, ticketTypeErrorNames), typeUpdateFields, values),
          target,
        );
      }
    }
    case "closeType":
      return simple(() => api.panel.closeTicketType(target));
    case "deleteType":
      return simple(() => api.panel.deleteTicketType(target));
    case "addVoucher": {
      const values = textValues(form, voucherFields);
      try {
        await api.panel.createVoucher(eventId, voucherPayload(values));
        return ok();
      } catch (error) {
        return failed(intent, formFailure(error, voucherFields, values));
      }
    }
    case "deactivateVoucher":
      return simple(() => api.panel.deactivateVoucher(target));
  }
}

import { useState } from "react";
import { Form } from "react-router";
import { useTranslations } from "use-intl";
import type { FormFailure } from "../../lib/forms";
import { FailureMessage } from "../failure-message";
import { SelectField, TextField } from "../form-field";

type EventField =
  | "title_de"
  | "title_en"
  | "description_de"
  | "description_en"
  | "category_id"
  | "venue_id"
  | "starts_at"
  | "ends_at"
  | "age_limit";

type Option = { value: number; label: string };

/** The event's fields in both languages; posts `intent=save` to the page's action. */
export function EventForm({
  initial,
  failure,
  categories,
  venues,
  busy,
  submitLabel,
  notice,
  stored,
}: {
  initial: Partial<Record<EventField, string>>;
  /** An existing event's times as stored, sent back so that unchanged ones stay exact. */
  stored?: { starts_at: string; ends_at: string };
  failure: FormFailure<EventField> | null;
  categories: Option[];
  venues: Option[];
  busy: boolean;
  submitLabel: string;
  /** What saving does besides (told before the button, which it describes). */
  notice?: string;
}) {
  const t = useTranslations("panel");
  const tf = useTranslations("forms");
  const value = (name: EventField) => failure?.values[name] ?? initial[name] ?? "";
  const field = (name: EventField) => ({
    id: `event-${name}`,
    name,
    defaultValue: value(name),
    error: failure?.fields[name],
  });
  // The venue alone is held here: a venue created beside the form comes as a new starting
  // choice with the page's new data, where an uncontrolled list would not choose it; what else
  // was typed stays.
  const [venue, setVenue] = useState(value("venue_id"));
  const [startVenue, setStartVenue] = useState(initial.venue_id);
  if (initial.venue_id !== startVenue) {
    setStartVenue(initial.venue_id);
    if (initial.venue_id) setVenue(initial.venue_id);
  }
  return (
    <Form method="post" className="space-y-5" aria-labelledby="event-form-heading">
      <h2 id="event-form-heading" className="text-lg font-semibold">
        {t("eventFormHeading")}
      </h2>
      <FailureMessage id="event-form-error" failure={failure} />
      <input type="hidden" name="intent" value="save" />
      {stored && (
        <>
          <input type="hidden" name="starts_at_stored" value={stored.starts_at} />
          <input type="hidden" name="ends_at_stored" value={stored.ends_at} />
        </>
      )}
      <div className="grid gap-5 md:grid-cols-2">
        <TextField {...field("title_de")} label={t("titleDe")} maxLength={120} />
        <TextField {...field("title_en")} label={t("titleEn")} maxLength={120} />
        <TextField
          {...field("description_de")}
          label={t("descriptionDe")}
          multiline
          hint={t("markdownHint")}
        />
        <TextField
          {...field("description_en")}
          label={t("descriptionEn")}
          multiline
          hint={t("markdownHint")}
        />
        <SelectField
          {...field("category_id")}
          label={t("category")}
          placeholder={t("choose")}
          options={categories}
        />
        <SelectField
          {...field("venue_id")}
          value={venue}
          onChange={setVenue}
          label={t("venue")}
          placeholder={t("choose")}
          options={venues}
        />
        <TextField {...field("starts_at")} type="datetime-local" label={t("startsAt")} />
        <TextField {...field("ends_at")} type="datetime-local" label={t("endsAt")} />
        <TextField
          {...field("age_limit")}
          type="number"
          min={0}
          max={99}
          required={false}
          label={t("ageLimit")}
          hint={t("ageLimitHint")}
        />
      </div>
      {notice && (
        <p id="event-form-notice" className="text-sm text-muted">
          {notice}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="button-primary"
        aria-describedby={notice ? "event-form-notice" : undefined}
      >
        {busy ? tf("saving") : submitLabel}
      </button>
    </Form>
  );
}

import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { apiFor } from "../../api.server";
import { FailureMessage } from "../../components/failure-message";
import { FormMessage, SelectField, TextField } from "../../components/form-field";
import { EventForm } from "../../components/panel/event-form";
import { Card } from "../../components/ui/card";
import { requestState } from "../../context";
import { type FormFailure, formFailure, textValues } from "../../lib/forms";
import { pathTo } from "../../route-table";
import type { Route } from "./+types/event-new";
import {
  type EventField,
  eventChoices,
  eventFields,
  eventPayload,
  type VenueField,
  venueFields,
  venuePayload,
} from "./panel.server";

export async function loader({ context }: Route.LoaderArgs) {
  return eventChoices(await apiFor(context), context.get(requestState).locale);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = await apiFor(context);
  const { locale } = context.get(requestState);
  if (form.get("intent") === "venue") {
    const values = textValues(form, venueFields);
    try {
      const created = await api.panel.createVenue(venuePayload(values));
      return { intent: "venue" as const, ok: true as const, venueId: created.data.id };
    } catch (error) {
      const failure = formFailure(
        renamed(error, "venue_"),
        venueFields,
        values,
      ) as FormFailure<VenueField>;
      return data({ intent: "venue" as const, ...failure }, { status: 400 });
    }
  }
  const values = textValues(form, eventFields);
  try {
    const created = await api.panel.createEvent(eventPayload(values));
    throw redirect(pathTo("panel-event", locale, { id: created.data.id }));
  } catch (error) {
    if (error instanceof Response) throw error;
    return data(
      { intent: "save" as const, ...formFailure(error, eventFields, values) },
      { status: 400 },
    );
  }
}

/** The API names the venue's fields without the form's `venue_` prefix. */
function renamed(error: unknown, prefix: string): unknown {
  const body = (error as { body?: { error: { fields?: Record<string, string> } } }).body;
  if (body?.error.fields) {
    body.error.fields = Object.fromEntries(
      Object.entries(body.error.fields).map(([name, message]) => [prefix + name, message]),
    );
  }
  return error;
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("panel");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const eventFailure =
    actionData?.intent === "save" && !actionData.ok
      ? (actionData as FormFailure<EventField>)
      : null;
  const venueFailure =
    actionData?.intent === "venue" && !actionData.ok
      ? (actionData as FormFailure<VenueField>)
      : null;
  const newVenue = actionData?.intent === "venue" && actionData.ok ? actionData.venueId : null;
  // The last venue made: the venue form empties for each new one, and keeps what is typed in it
  // through the event form's posts.
  const [lastVenue, setLastVenue] = useState(newVenue);
  if (newVenue && newVenue !== lastVenue) setLastVenue(newVenue);
  return (
    <main
      id="main"
      className="flex-1 space-y-8 bg-neutral-50 px-4 py-8 sm:px-8 dark:bg-neutral-950"
    >
      <h1 className="text-2xl font-bold tracking-tight">{t("newEventHeading")}</h1>
      <Card className="p-6">
        <EventForm
          initial={newVenue ? { venue_id: String(newVenue) } : {}}
          failure={eventFailure}
          categories={loaderData.categories}
          venues={loaderData.venues}
          busy={busy === "save"}
          submitLabel={t("createEvent")}
        />
      </Card>
      <Card as="section" aria-labelledby="venue-heading" className="space-y-4 p-6">
        <h2 id="venue-heading" className="text-lg font-semibold">
          {t("venueHeading")}
        </h2>
        <p>{t("venueText")}</p>
        {newVenue && (
          <FormMessage id="venue-created" tone="success">
            {t("venueCreated")}
          </FormMessage>
        )}
        <FailureMessage id="venue-error" failure={venueFailure} />
        {/* Emptied once its venue is made (a new key), so that a second click makes no twin. */}
        <Form key={lastVenue ?? "venue"} method="post" className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="venue" />
          {(
            [
              ["venue_name", t("venueName")],
              ["venue_address_line", t("venueAddress")],
              ["venue_postal_code", t("venuePostalCode")],
              ["venue_latitude", t("venueLatitude")],
              ["venue_longitude", t("venueLongitude")],
            ] as const
          ).map(([name, label]) => (
            <TextField
              key={name}
              id={name}
              name={name}
              label={label}
              defaultValue={venueFailure?.values[name]}
              error={venueFailure?.fields[name]}
            />
          ))}
          <SelectField
            id="venue_city_id"
            name="venue_city_id"
            label={t("venueCity")}
            placeholder={t("choose")}
            options={loaderData.cities}
            defaultValue={venueFailure?.values.venue_city_id}
            error={venueFailure?.fields.venue_city_id}
          />
          <div className="md:col-span-2">
            <button type="submit" className="button-secondary" disabled={busy === "venue"}>
              {t("createVenue")}
            </button>
          </div>
        </Form>
      </Card>
    </main>
  );
}

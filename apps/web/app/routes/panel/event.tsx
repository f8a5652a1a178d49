import type { AuditEntry } from "@eventwerk/contract";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { apiFor, orNotFound } from "../../api.server";
import { ConfirmedForm, useNoticeFocus } from "../../components/confirmed-form";
import { FormMessage } from "../../components/form-field";
import { CoverForm } from "../../components/panel/cover-form";
import { EventForm } from "../../components/panel/event-form";
import { EventStatusBadge, FigureCards, SalesChart } from "../../components/panel/figures";
import { type PanelFormResult, TicketTypes } from "../../components/panel/ticket-types";
import { Vouchers } from "../../components/panel/vouchers";
import { Card } from "../../components/ui/card";
import { requestState } from "../../context";
import { useRootData } from "../../hooks";
import { embedSnippet } from "../../lib/embed";
import { type FormFailure, noticeIn, redirectHere } from "../../lib/forms";
import { berlinLocal } from "../../lib/panel-values";
import { pathTo } from "../../route-table";
import type { Route } from "./+types/event";
import { eventIntents, runEventAction } from "./event.server";
import { type EventField, eventChoices } from "./panel.server";

const eventId = (params: { id?: string }) => {
  if (!/^\d{1,9}$/.test(params.id ?? "")) throw data("Page Not Found", { status: 404 });
  return Number(params.id);
};

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = eventId(params);
  const api = await apiFor(context);
  const event = (await orNotFound(api.panel.event(id))).data;
  const [vouchers, audit, choices] = await Promise.all([
    api.panel.vouchers(id),
    api.panel.eventAudit(id),
    eventChoices(api, context.get(requestState).locale),
  ]);
  // The door screen: door links while the doors are to open, the scan log for good (past events
  // too); a draft never had a door.
  const door = event.status !== "draft";
  return {
    event,
    vouchers: vouchers.data,
    audit: audit.data,
    door,
    notice: noticeIn(url, eventIntents),
    ...choices,
  };
}

export async function action({ params, request, url, context }: Route.ActionArgs) {
  const id = eventId(params);
  const result = await runEventAction(await apiFor(context), id, await request.formData());
  if (!result.ok) return data(result, { status: 400 });
  if ("duplicate" in result && result.duplicate) {
    const { locale } = context.get(requestState);
    throw redirect(pathTo("panel-event", locale, { id: result.duplicate }));
  }
  redirectHere(url, result.intent);
}

export default function PanelEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("panel");
  const navigation = useNavigation();
  const { event, vouchers, audit, door, categories, venues, locale } = loaderData;
  // Successes come back as the page's address with a notice; failures as the action's answer.
  const result = actionData as PanelFormResult | undefined;
  const statusResult =
    result && ["publish", "unpublish", "duplicate", "cancel"].includes(result.intent)
      ? result
      : null;
  const saveFailure =
    result?.intent === "save" && !result.ok ? (result as unknown as FormFailure<EventField>) : null;
  const notice =
    !result && loaderData.notice && loaderData.notice !== "duplicate"
      ? t(`done.${loaderData.notice}`)
      : null;
  // A deleted type, a deactivated voucher or a cancelled event takes its button with it.
  const noticeRef = useNoticeFocus(notice);
  const title = locale === "en" ? event.title_en : event.title_de;
  const publicPath = pathTo("event", locale, {
    slug: locale === "en" ? event.slug_en : event.slug_de,
    id: event.id,
  });
  return (
    <main
      id="main"
      className="flex-1 space-y-8 bg-neutral-50 px-4 py-8 sm:px-8 dark:bg-neutral-950"
    >
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="flex flex-wrap items-center gap-3">
          <EventStatusBadge status={event.status} />
          {event.status === "published" && (
            <a href={publicPath} target="_top" className="underline">
              {t("publicPage")}
            </a>
          )}
          <Link to={pathTo("panel-orders", locale, { id: event.id })} className="underline">
            {t("ordersLink")}
          </Link>
          {door && (
            <a
              href={`${pathTo("account-door", locale)}?event=${event.id}`}
              target="_top"
              className="underline"
            >
              {t("doorLink")}
            </a>
          )}
        </p>
      </header>
      {notice && (
        <FormMessage id="event-saved" tone="success" ref={noticeRef} tabIndex={-1}>
          {notice}
        </FormMessage>
      )}
      <section aria-labelledby="figures-heading" className="space-y-3">
        <h2 id="figures-heading" className="text-lg font-semibold">
          {t("figuresHeading")}
        </h2>
        <FigureCards figures={event.figures} />
        <SalesChart sales={event.sales} />
      </section>

      {event.status !== "cancelled" && (
        <Card as="section" aria-labelledby="status-actions" className="space-y-3 p-5">
          <h2 id="status-actions" className="text-lg font-semibold">
            {t("statusHeading")}
          </h2>
          {statusResult?.message && !statusResult.ok && (
            <FormMessage id="status-error" tone="error">
              {statusResult.message}
            </FormMessage>
          )}
          <div className="flex flex-wrap items-end gap-3">
            <Form method="post">
              <input
                type="hidden"
                name="intent"
                value={event.status === "published" ? "unpublish" : "publish"}
              />
              <button type="submit" className="button-primary">
                {event.status === "published" ? t("unpublish") : t("publish")}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="duplicate" />
              <button type="submit" className="button-secondary">
                {t("duplicate")}
              </button>
            </Form>
            <ConfirmedForm
              id="cancel-confirm"
              hidden={{ intent: "cancel" }}
              confirmLabel={t("cancelConfirm")}
              error={statusResult?.fields?.confirm ? t("confirmRequired.cancel") : undefined}
              submit={t("cancelEvent")}
            />
          </div>
        </Card>
      )}

      {event.status !== "cancelled" && (
        <Card className="p-6">
          <EventForm
            initial={{
              title_de: event.title_de,
              title_en: event.title_en,
              description_de: event.description_de,
              description_en: event.description_en,
              category_id: String(event.category_id),
              venue_id: String(event.venue_id),
              starts_at: berlinLocal(event.starts_at),
              ends_at: berlinLocal(event.ends_at),
              age_limit: event.age_limit === null ? "" : String(event.age_limit),
            }}
            stored={{ starts_at: event.starts_at, ends_at: event.ends_at }}
            failure={saveFailure}
            categories={categories}
            venues={venues}
            busy={navigation.state === "submitting"}
            submitLabel={t("saveEvent")}
            notice={event.figures.sold > 0 ? t("changeNotice") : undefined}
          />
        </Card>
      )}
      {event.status !== "cancelled" && (
        <Card className="p-6">
          <CoverForm cover={event.cover} result={result} />
        </Card>
      )}
      <Card className="p-6">
        <TicketTypes
          types={event.ticket_types}
          vouchers={vouchers}
          result={result}
          locale={locale}
        />
      </Card>
      <Card className="p-6">
        <Vouchers vouchers={vouchers} result={result} />
      </Card>
      {event.status === "published" && (
        <Card className="p-6">
          <EmbedCode id={event.id} titles={{ de: event.title_de, en: event.title_en }} />
        </Card>
      )}
      <AuditLog entries={audit} />
    </main>
  );
}

/** The snippet per language that puts the event's ticket shop on the organiser's site. */
function EmbedCode({ id, titles }: { id: number; titles: Record<"de" | "en", string> }) {
  const t = useTranslations("panel");
  const { origin } = useRootData();
  return (
    <section aria-labelledby="embed-heading" className="space-y-3">
      <h2 id="embed-heading" className="text-lg font-semibold">
        {t("embedHeading")}
      </h2>
      <p>{t("embedText")}</p>
      {(["de", "en"] as const).map((language) => (
        <div key={language} className="space-y-1">
          <label htmlFor={`embed-${language}`} className="block font-medium">
            {language === "de" ? t("embedLabelDe") : t("embedLabelEn")}
          </label>
          <textarea
            id={`embed-${language}`}
            readOnly
            rows={3}
            className="field font-mono text-sm"
            value={embedSnippet(
              origin,
              pathTo("embed-event", language, { id }),
              t("embedTitle", { title: titles[language] }),
            )}
          />
        </div>
      ))}
    </section>
  );
}

function AuditLog({ entries }: { entries: AuditEntry[] }) {
  const t = useTranslations("panel");
  const format = useFormatter();
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-lg font-semibold">
        {t("auditHeading")}
      </h2>
      <ol className="space-y-1 text-sm">
        {entries.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.created_at}>
              {format.dateTime(new Date(entry.created_at), {
                dateStyle: "medium",
                timeStyle: "short",
                timeZone: "Europe/Berlin",
              })}
            </time>{" "}
            · {entry.actor_name} ·{" "}
            {t.has(`audit.${entry.action as "event_created"}`)
              ? t(`audit.${entry.action as "event_created"}`)
              : entry.action}
          </li>
        ))}
      </ol>
    </section>
  );
}

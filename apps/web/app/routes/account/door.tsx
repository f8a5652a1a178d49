import { randomUUID } from "node:crypto";
import { data, Form, Link, useNavigation } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { apiFor, orNotFound } from "../../api.server";
import { Section } from "../../components/account/section";
import { Pagination } from "../../components/catalogue-parts";
import { ConfirmedForm, useNoticeFocus } from "../../components/confirmed-form";
import { FormMessage, SelectField, TextField } from "../../components/form-field";
import { linkClass, mutedText } from "../../components/page-parts";
import { Badge } from "../../components/ui/badge";
import { usePaths } from "../../hooks";
import {
  confirmed,
  formFailure,
  noticeIn,
  optionalId,
  redirectHere,
  textValues,
} from "../../lib/forms";
import type { Route } from "./+types/door";
import {
  doorFieldNames,
  doorScreen,
  linkInput,
  linkToShare,
  requireOrganiser,
} from "./door.server";

export async function loader({ url, context }: Route.LoaderArgs) {
  requireOrganiser(context);
  return {
    ...(await doorScreen(await apiFor(context), url)),
    notice: noticeIn(url, ["revoke"]),
    // The create form's Idempotency-Key: a reload that posts it again answers the same link.
    nonce: randomUUID(),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requireOrganiser(context);
  const form = await request.formData();
  const api = await apiFor(context);
  const eventId = optionalId(String(form.get("event") ?? ""));
  if (!eventId) throw data(null, { status: 400 });
  if (form.get("intent") === "revoke") {
    const id = optionalId(String(form.get("id") ?? ""));
    if (!id) throw data(null, { status: 400 });
    // The door staff's phone stops scanning for good: only with the form's tick.
    if (!confirmed(form)) {
      return data({ intent: "revoke" as const, ok: false as const, target: id }, { status: 400 });
    }
    await orNotFound(api.door.revokeLink(id));
    redirectHere(url, "revoke");
  }
  const values = textValues(form, doorFieldNames);
  try {
    const nonce = String(form.get("nonce") ?? "");
    const link = (await api.door.createLink(eventId, linkInput(values), nonce || undefined)).data;
    const created = await linkToShare(request, context, link);
    return { intent: "create" as const, ok: true as const, created };
  } catch (error) {
    const failure = formFailure(error, doorFieldNames, values);
    return data({ intent: "create" as const, ...failure }, { status: 400 });
  }
}

/**
 * Door links of the organiser's events (made, shown once as address and QR code, revoked once
 * ticked) and the scan log. Until the organiser panel has a place for it, it is a screen of the
 * account.
 */
export default function AccountDoor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("doorLinks");
  const format = useFormatter();
  // Also while the page reloads its data after a post: only then does the form hold the next
  // Idempotency-Key, and a click before would answer the link just made.
  const busy = useNavigation().state !== "idle";
  const { events, past, event, refusal, links, log } = loaderData;
  const { to } = usePaths();
  const failure = actionData?.intent === "create" && !actionData.ok ? actionData : null;
  const created = actionData?.intent === "create" && actionData.ok ? actionData.created : null;
  const unconfirmed = actionData?.intent === "revoke" && !actionData.ok ? actionData.target : null;
  const revoked = !actionData && loaderData.notice ? t("revoked") : null;
  // A revoked link's row keeps no button: the focus goes to the notice.
  const noticeRef = useNoticeFocus(revoked);
  const time = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: "short", timeStyle: "short" });

  const doorPath = to("account-door");
  const pastSection = (
    <Section id="door-past" title={t("pastHeading")} intro={t("pastIntro")}>
      {past.pages === 0 ? (
        <p>{t("noPastEvents")}</p>
      ) : (
        <>
          <ul className="divide-y divide-neutral-200 dark:divide-neutral-700">
            {past.events.map((entry) => (
              <li key={entry.id} className="py-2">
                <Link
                  to={`${doorPath}?event=${entry.id}&past_page=${past.page}`}
                  className={linkClass}
                  aria-current={entry.id === event?.id ? "true" : undefined}
                >
                  {entry.title}
                </Link>{" "}
                <span className={mutedText}>({time(entry.starts_at)})</span>
              </li>
            ))}
          </ul>
          <Pagination
            page={past.page}
            pages={past.pages}
            hrefFor={(page) => `${doorPath}?past_page=${page}`}
          />
        </>
      )}
    </Section>
  );

  if (!event) {
    return (
      <>
        <Section id="door" title={t("heading")} intro={t("intro")}>
          <p>{t("noEvents")}</p>
        </Section>
        {pastSection}
      </>
    );
  }
  const now = Date.now();
  return (
    <>
      <Section id="door" title={t("heading")} intro={t("intro")}>
        {refusal && (
          <p data-testid="door-refused-event">
            {t(`refusedEvent.${refusal}`, { title: event.title, time: time(event.starts_at) })}
          </p>
        )}
        {events.length > 0 && (
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <SelectField
              id="door-event"
              name="event"
              label={t("event")}
              // A choice is always made: no empty first option to require against.
              required={false}
              defaultValue={refusal ? undefined : String(event.id)}
              // The chosen event among them, also when it is not one of the listed first 100.
              options={[
                ...(refusal || events.some((entry) => entry.id === event.id) ? [] : [event]),
                ...events,
              ].map((entry) => ({
                value: entry.id,
                label: `${entry.title} (${time(entry.starts_at)})`,
              }))}
            />
            <button type="submit" className="button-secondary">
              {t("show")}
            </button>
          </Form>
        )}
      </Section>

      {!refusal && (
        <Section id="door-new" title={t("newHeading")} intro={t("newIntro")}>
          <Form method="post" className="grid gap-4 sm:grid-cols-3">
            <input type="hidden" name="event" value={event.id} />
            <input type="hidden" name="nonce" value={loaderData.nonce} />
            <TextField
              id="door-gate"
              name="gate"
              label={t("gate")}
              required={false}
              maxLength={60}
              defaultValue={failure?.values.gate}
              error={failure?.fields.gate}
            />
            <SelectField
              id="door-mode"
              name="mode"
              label={t("mode")}
              required={false}
              defaultValue={failure?.values.mode ?? "entry"}
              options={[
                { value: "entry", label: t("modes.entry") },
                { value: "entry_exit", label: t("modes.entry_exit") },
              ]}
              error={failure?.fields.mode}
            />
            <TextField
              id="door-expires"
              name="expires_in_hours"
              type="number"
              min={1}
              label={t("expires")}
              hint={t("expiresHint")}
              required={false}
              defaultValue={failure?.values.expires_in_hours}
              error={failure?.fields.expires_in_hours}
            />
            <div className="sm:col-span-3">
              <button type="submit" className="button-primary" disabled={busy}>
                {t("create")}
              </button>
            </div>
            {failure?.message && (
              <FormMessage id="door-new-error" tone="error">
                {failure.message}
              </FormMessage>
            )}
          </Form>
          {created && (
            <div className="grid gap-4 sm:grid-cols-[12rem_1fr]" data-testid="door-link-created">
              <div
                className="rounded-lg bg-white p-2"
                role="img"
                aria-label={t("qrLabel")}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG from the qrcode library
                dangerouslySetInnerHTML={{ __html: created.qr }}
              />
              <div className="space-y-2">
                <p className="font-semibold">{t("createdHeading")}</p>
                <p className={mutedText}>{t("createdText")}</p>
                <label htmlFor="door-link-url" className="block font-medium">
                  {t("linkLabel")}
                </label>
                <input id="door-link-url" readOnly value={created.url} className="field w-full" />
              </div>
            </div>
          )}
        </Section>
      )}

      <Section id="door-links" title={t("linksHeading")}>
        {revoked && (
          <FormMessage id="door-link-revoked" tone="success" ref={noticeRef} tabIndex={-1}>
            {revoked}
          </FormMessage>
        )}
        {links.length === 0 ? (
          <p>{t("noLinks")}</p>
        ) : (
          <ul className="divide-y divide-neutral-200 dark:divide-neutral-700">
            {links.map((link) => {
              const state = link.revoked_at
                ? "revoked"
                : link.expires_at && Date.parse(link.expires_at) <= now
                  ? "expired"
                  : "active";
              return (
                // A gate's name may be one long word: it wraps rather than widen the page.
                <li key={link.id} className="flex flex-wrap items-center gap-3 py-3 wrap-anywhere">
                  <span className="font-medium">{link.gate ?? t("noGate")}</span>
                  <span className={mutedText}>{t(`modes.${link.mode}`)}</span>
                  {link.expires_at && (
                    <span className={mutedText}>{t("until", { time: time(link.expires_at) })}</span>
                  )}
                  <Badge tone={state === "active" ? "positive" : "neutral"}>
                    {t(`states.${state}`)}
                  </Badge>
                  {state === "active" && (
                    <ConfirmedForm
                      id={`door-link-${link.id}-confirm-revoke`}
                      hidden={{ event: event.id, id: link.id, intent: "revoke" }}
                      confirmLabel={
                        link.gate
                          ? t("revokeConfirm", { gate: link.gate })
                          : t("revokeConfirmNoGate")
                      }
                      error={unconfirmed === link.id ? t("revokeConfirmRequired") : undefined}
                      submit={t("revoke")}
                      submitLabel={
                        link.gate ? t("revokeLabel", { gate: link.gate }) : t("revokeLabelNoGate")
                      }
                      className="ml-auto space-y-2"
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Section>

      <Section id="door-log" title={t("logHeading")} intro={t("logIntro")}>
        {log.length === 0 ? (
          <p>{t("noScans")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    {t("columns.time")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("columns.ticket")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("columns.result")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("columns.direction")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("columns.gate")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("columns.device")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.map((entry) => (
                  <tr
                    key={entry.id}
                    data-result={entry.result}
                    className="border-t border-neutral-200 dark:border-neutral-700"
                  >
                    <td className="py-2 pr-3">{time(entry.scanned_at)}</td>
                    <td className="py-2 pr-3">{entry.ticket_id ?? "–"}</td>
                    <td className="py-2 pr-3">
                      {t(`results.${entry.result}`)}
                      {entry.offline && <span className={mutedText}> · {t("offline")}</span>}
                    </td>
                    <td className="py-2 pr-3">{t(`directions.${entry.entry_type}`)}</td>
                    <td className="py-2 pr-3">{entry.gate ?? "–"}</td>
                    <td className="py-2 pr-3">{entry.device ?? "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      {pastSection}
    </>
  );
}

import type { Address, AddressUpdate, ApiClient, TicketRecord } from "@eventwerk/contract";
import { locales } from "@eventwerk/contract/constants";
import QRCode from "qrcode";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import { apiFor } from "../api.server";
import {
  AddressBook,
  type AddressField,
  addressFieldNames,
} from "../components/account/address-book";
import { Dashboard } from "../components/account/dashboard";
import { type AccountTicket, TicketList } from "../components/account/tickets";
import {
  CheckboxField,
  FormMessage,
  NewPasswordField,
  SelectField,
  TextField,
} from "../components/form-field";
import { Icon } from "../components/icon";
import { requestState } from "../context";
import { usePaths } from "../hooks";
import { summariseTickets } from "../lib/dashboard-summary";
import { type FormFailure, formFailure, optionalId, textValues } from "../lib/forms";
import { pageHeaders, privatePageCache } from "../lib/page-cache";
import { linkClass, mutedText } from "../lib/page-parts";
import { placeLists } from "../lib/places.server";
import { pathTo, resources } from "../route-table";
import { logoutCookies } from "../session/cookies.server";
import type { Route } from "./+types/account";

/** Every ticket of the visitor (the dashboard sums over all of them), page by page. */
async function allTickets(api: ApiClient): Promise<TicketRecord[]> {
  const tickets: TicketRecord[] = [];
  for (let page = 1; page <= 50; page++) {
    const response = await api.tickets({ page, per_page: 100 });
    tickets.push(...response.data);
    if (page >= response.meta.pages) break;
  }
  return tickets;
}

const toAccountTicket = async (ticket: TicketRecord): Promise<AccountTicket> => {
  const { event } = ticket.event_ticket_type;
  return {
    id: ticket.id,
    code: ticket.code,
    qr: await QRCode.toString(ticket.code, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
    eventId: event.id,
    slug: event.slug,
    title: event.title,
    date: event.date,
    endDate: event.end_date,
    venue: event.event_venue.name,
    city: event.event_venue.city_name,
    ticketType: ticket.event_ticket_type.name,
    paidCents: ticket.ticket_price - (ticket.discount_price ?? 0),
    discountCents: ticket.discount_price,
    attended: ticket.event_log.some((log) => log.entry_type === "entry"),
    cancelled: event.status === "cancelled",
  };
};

/** The account area: dashboard, tickets, profile, addresses and privacy (middleware `login`). */
export const headers = pageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = context.get(requestState);
  // The login middleware has let only a visitor with a user through.
  if (!user) throw redirect(pathTo("login", context.get(requestState).locale));
  const api = await apiFor(context);
  const editId = optionalId(new URL(request.url).searchParams.get("edit") ?? undefined);
  const [tickets, addresses] = await Promise.all([allTickets(api), api.addresses.list()]);
  const editing = addresses.data.find((address) => address.id === editId) ?? null;
  const now = new Date();
  const converted = await Promise.all(tickets.map(toAccountTicket));
  // A ticket stays upcoming until its event has ended: tonight's concert is still ahead.
  const isOver = (ticket: AccountTicket) => Date.parse(ticket.endDate) < now.getTime();
  const upcoming = converted
    .filter((ticket) => !isOver(ticket))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const past = converted.filter(isOver);
  return data(
    {
      user,
      summary: summariseTickets(tickets, now),
      upcoming,
      past,
      addresses: addresses.data,
      editing,
      places: await placeLists(api, {
        country_id: editing ? String(editing.country_id) : undefined,
        city_id: editing ? String(editing.city_id) : undefined,
      }),
    },
    { headers: { "Cache-Control": privatePageCache } },
  );
}

const intents = [
  "profile",
  "email",
  "password",
  "address-create",
  "address-update",
  "address-delete",
  "address-default",
  "delete-account",
] as const;
type Intent = (typeof intents)[number];
const accountFields = [
  "name",
  "surname",
  "phone",
  "preferred_locale",
  "email",
  "current_password",
  "new_password",
  "password",
  "confirm",
] as const;
type AccountField = (typeof accountFields)[number];
const notices = ["profile", "email", "password", "address-saved", "address-deleted"] as const;
type Notice = (typeof notices)[number];

type ActionResult =
  | ({ intent: "address-create" | "address-update" } & FormFailure<AddressField>)
  | ({ intent: Exclude<Intent, "address-create" | "address-update"> } & FormFailure<AccountField>);

/** An address as the update call takes it. */
const addressInput = (address: Address): Omit<AddressUpdate, "id"> => ({
  title: address.title,
  recipient: address.recipient,
  line: address.line,
  postal_code: address.postal_code,
  country_id: address.country_id,
  city_id: address.city_id,
  district_id: address.district_id,
  phone: address.phone,
});

/** Back to the account page with a notice (post, redirect, get: a reload never posts twice). */
function done(locale: "de" | "en", notice: Notice, hash: string): never {
  throw redirect(`${pathTo("account", locale)}?notice=${notice}#${hash}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestState);
  const form = await request.formData();
  const intent = intents.find((name) => name === form.get("intent"));
  const api = await apiFor(context);
  if (!intent) {
    return data<ActionResult>(
      { intent: "profile", ok: false, message: null, fields: {}, values: {} },
      { status: 400 },
    );
  }

  if (intent === "address-create" || intent === "address-update") {
    const values = textValues(form, addressFieldNames);
    const body = {
      title: values.title,
      recipient: values.recipient,
      line: values.line,
      postal_code: values.postal_code,
      country_id: optionalId(values.country_id),
      city_id: optionalId(values.city_id),
      district_id: optionalId(values.district_id) ?? null,
      phone: values.phone.trim() || null,
      is_default: values.is_default === "on",
    };
    try {
      // Sent as typed: the API validates and names each bad field.
      if (intent === "address-create") await api.addresses.create(body);
      else await api.addresses.update({ ...body, id: optionalId(values.id) });
    } catch (error) {
      const failure = formFailure(error, addressFieldNames, values);
      const places = await placeLists(api, values);
      return data({ intent, ...failure, places }, { status: 400 });
    }
    done(state.locale, "address-saved", "addresses");
  }

  const values = textValues(form, accountFields);
  const fail = (error: unknown) =>
    data<ActionResult>(
      {
        intent,
        ...formFailure(error, accountFields, {
          ...values,
          current_password: "",
          new_password: "",
          password: "",
        }),
      },
      { status: 400 },
    );
  try {
    switch (intent) {
      case "address-delete":
      case "address-default": {
        const id = optionalId(form.get("id")?.toString());
        if (!id) {
          return data<ActionResult>(
            { intent, ok: false, message: null, fields: {}, values: {} },
            { status: 400 },
          );
        }
        if (intent === "address-delete") await api.addresses.remove(id);
        else {
          const address = (await api.addresses.list()).data.find((entry) => entry.id === id);
          if (!address) throw redirect(`${pathTo("account", state.locale)}#addresses`);
          await api.addresses.update({ ...addressInput(address), id, is_default: true });
        }
        done(
          state.locale,
          intent === "address-delete" ? "address-deleted" : "address-saved",
          "addresses",
        );
        break;
      }
      case "profile":
        await api.updateProfile({
          name: values.name,
          surname: values.surname,
          phone: values.phone.trim() || null,
          preferred_locale: values.preferred_locale,
        });
        done(state.locale, "profile", "profile");
        break;
      case "email":
        await api.changeEmail({ email: values.email, current_password: values.current_password });
        done(state.locale, "email", "profile");
        break;
      case "password":
        await api.changePassword({
          current_password: values.current_password,
          new_password: values.new_password,
        });
        done(state.locale, "password", "profile");
        break;
      case "delete-account":
        if (values.confirm !== "on") {
          return data<ActionResult>(
            {
              intent,
              ok: false,
              message: null,
              fields: { confirm: "confirm" },
              values: { confirm: "" },
            },
            { status: 400 },
          );
        }
        await api.deleteAccount(values.password);
        state.setCookies = logoutCookies();
        throw redirect(pathTo("home", state.locale));
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return fail(error);
  }
}

const sectionClass =
  "scroll-mt-24 space-y-5 rounded-xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900";

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={sectionClass}>
      <div className="space-y-1">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title}
        </h2>
        {intro && <p className={mutedText}>{intro}</p>}
      </div>
      {children}
    </section>
  );
}

const noticeMessages = {
  profile: "profileSaved",
  email: "emailChanged",
  password: "passwordChanged",
  "address-saved": "addressSaved",
  "address-deleted": "addressDeleted",
} as const satisfies Record<Notice, string>;

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("account");
  const tf = useTranslations("forms");
  const { to } = usePaths();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent")?.toString() : undefined;
  const result = actionData as (ActionResult & { places?: typeof loaderData.places }) | undefined;
  const noticeKey = notices.find((key) => key === params.get("notice"));
  const notice = (section: "profile" | "addresses") => {
    if (!noticeKey) return null;
    const inAddresses = noticeKey.startsWith("address");
    return inAddresses === (section === "addresses") ? t(noticeMessages[noticeKey]) : null;
  };
  const failureOf = (intent: Intent) =>
    result?.intent === intent ? (result as FormFailure<AccountField>) : null;
  const profileFailure = failureOf("profile");
  const emailFailure = failureOf("email");
  const passwordFailure = failureOf("password");
  const deleteFailure = failureOf("delete-account");
  const addressActionFailure = failureOf("address-delete") ?? failureOf("address-default");
  const addressFailure =
    result?.intent === "address-create" || result?.intent === "address-update"
      ? (result as FormFailure<AddressField>)
      : null;
  const { user, summary, upcoming, past, addresses, editing, places } = loaderData;

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-8 px-4 py-12">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t("greeting", { name: user.name })}
        </h1>
        <p className={`max-w-3xl text-lg ${mutedText}`}>{t("intro")}</p>
        <nav aria-label={t("sectionsLabel")}>
          <ul className="flex flex-wrap gap-2">
            {(["dashboard", "tickets", "profile", "addresses", "privacy"] as const).map((key) => (
              <li key={key}>
                <a href={`#${key}`} className="button-secondary px-3 py-1.5 text-sm">
                  {t(`nav.${key}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      {user.role === "organiser" && user.organiser && (
        <aside
          aria-labelledby="account-organiser"
          className="flex flex-col gap-3 rounded-xl border border-primary-700/40 bg-primary-50 p-6 sm:flex-row sm:items-center dark:border-primary-300/40 dark:bg-primary-950"
        >
          <Icon
            name="layout-dashboard"
            className="size-8 shrink-0 text-primary-800 dark:text-primary-300"
          />
          <div className="flex-1 space-y-1">
            <h2 id="account-organiser" className="font-semibold">
              {t("organiserHeading")}
            </h2>
            <p className="font-semibold" data-approval={user.organiser.approval_status}>
              {t("approvalLabel", { status: user.organiser.approval_status })}
            </p>
            <p className="text-neutral-800 dark:text-neutral-200">
              {t(`approval.${user.organiser.approval_status}`)}
            </p>
          </div>
          <Link to={to("panel")} className="button-primary">
            {t("organiserPanel")}
          </Link>
        </aside>
      )}

      <Section id="dashboard" title={t("dashboardHeading")}>
        <Dashboard summary={summary} />
      </Section>

      <Section id="tickets" title={t("ticketsHeading")}>
        <TicketList upcoming={upcoming} past={past} />
      </Section>

      <Section id="profile" title={t("profileHeading")} intro={t("profileText")}>
        {notice("profile") && (
          <FormMessage id="profile-notice" tone="success">
            {notice("profile")}
          </FormMessage>
        )}
        <Form
          method="post"
          preventScrollReset
          className="space-y-5"
          aria-labelledby="profile-heading"
        >
          {profileFailure && (
            <FormMessage id="profile-error" tone="error">
              {profileFailure.message ?? tf("invalidForm")}
            </FormMessage>
          )}
          <input type="hidden" name="intent" value="profile" />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id="profile-name"
              name="name"
              label={tf("name")}
              autoComplete="given-name"
              maxLength={80}
              defaultValue={profileFailure?.values.name ?? user.name}
              error={profileFailure?.fields.name}
            />
            <TextField
              id="profile-surname"
              name="surname"
              label={tf("surname")}
              autoComplete="family-name"
              maxLength={80}
              defaultValue={profileFailure?.values.surname ?? user.surname}
              error={profileFailure?.fields.surname}
            />
            <TextField
              id="profile-phone"
              name="phone"
              type="tel"
              label={tf("phone")}
              autoComplete="tel"
              required={false}
              maxLength={32}
              hint={t("phoneOptional")}
              defaultValue={profileFailure?.values.phone ?? user.phone ?? ""}
              error={profileFailure?.fields.phone}
            />
            <SelectField
              id="profile-locale"
              name="preferred_locale"
              label={t("preferredLocale")}
              placeholder={t("preferredLocale")}
              options={locales.map((code) => ({ value: code, label: t(`localeNames.${code}`) }))}
              defaultValue={profileFailure?.values.preferred_locale ?? user.preferred_locale}
              error={profileFailure?.fields.preferred_locale}
            />
          </div>
          <button type="submit" disabled={busyIntent === "profile"} className="button-primary">
            {busyIntent === "profile" ? tf("saving") : tf("save")}
          </button>
        </Form>

        <div className="grid gap-6 border-t border-neutral-200 pt-6 lg:grid-cols-2 dark:border-neutral-800">
          <Form
            method="post"
            preventScrollReset
            className="space-y-4"
            aria-labelledby="email-heading"
          >
            <h3 id="email-heading" className="text-lg font-semibold">
              {t("emailHeading")}
            </h3>
            <p className={mutedText}>{t("emailText")}</p>
            <p className="font-medium">{t("emailCurrent", { email: user.email })}</p>
            {emailFailure && (
              <FormMessage id="email-error" tone="error">
                {emailFailure.message ?? tf("invalidForm")}
              </FormMessage>
            )}
            <input type="hidden" name="intent" value="email" />
            <TextField
              id="email-new"
              name="email"
              type="email"
              label={t("newEmail")}
              autoComplete="email"
              maxLength={254}
              defaultValue={emailFailure?.values.email}
              error={emailFailure?.fields.email}
            />
            <TextField
              id="email-password"
              name="current_password"
              type="password"
              label={tf("currentPassword")}
              autoComplete="current-password"
              maxLength={200}
              error={emailFailure?.fields.current_password}
            />
            <button type="submit" disabled={busyIntent === "email"} className="button-primary">
              {t("emailSubmit")}
            </button>
          </Form>

          <Form
            method="post"
            preventScrollReset
            className="space-y-4"
            aria-labelledby="password-heading"
          >
            <h3 id="password-heading" className="text-lg font-semibold">
              {t("passwordHeading")}
            </h3>
            <p className={mutedText}>{t("passwordText")}</p>
            {passwordFailure && (
              <FormMessage id="password-error" tone="error">
                {passwordFailure.message ?? tf("invalidForm")}
              </FormMessage>
            )}
            <input type="hidden" name="intent" value="password" />
            <TextField
              id="password-current"
              name="current_password"
              type="password"
              label={tf("currentPassword")}
              autoComplete="current-password"
              maxLength={200}
              error={passwordFailure?.fields.current_password}
            />
            <NewPasswordField
              id="password-new"
              name="new_password"
              label={tf("newPassword")}
              error={passwordFailure?.fields.new_password}
            />
            <button type="submit" disabled={busyIntent === "password"} className="button-primary">
              {t("passwordSubmit")}
            </button>
          </Form>
        </div>
      </Section>

      <Section id="addresses" title={t("addressesHeading")}>
        <AddressBook
          addresses={addresses}
          busy={busyIntent === "address-create" || busyIntent === "address-update"}
          notice={notice("addresses")}
          error={addressActionFailure ? (addressActionFailure.message ?? tf("invalidForm")) : null}
          form={{
            editing: addressFailure
              ? (addresses.find((entry) => String(entry.id) === addressFailure.values.id) ?? null)
              : editing,
            failure: addressFailure,
            ...(addressFailure && result?.places ? result.places : places),
          }}
        />
      </Section>

      <Section
        id="privacy"
        title={t("privacyHeading")}
        intro={t.rich("privacyText", {
          link: (chunks) => (
            <Link className={linkClass} to={to("privacy-policy")}>
              {chunks}
            </Link>
          ),
        })}
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-3">
            <h3 className="text-lg font-semibold">{t("exportHeading")}</h3>
            <p className={mutedText}>{t("exportText")}</p>
            <a href={resources.accountExport.path} download className="button-secondary">
              <Icon name="download" className="size-4" />
              {t("exportAction")}
            </a>
          </div>
          <Form method="post" className="space-y-4" aria-labelledby="delete-heading">
            <h3 id="delete-heading" className="text-lg font-semibold">
              {t("deleteHeading")}
            </h3>
            <p className={mutedText}>{t("deleteText")}</p>
            {deleteFailure?.message && (
              <FormMessage id="delete-error" tone="error">
                {deleteFailure.message}
              </FormMessage>
            )}
            <input type="hidden" name="intent" value="delete-account" />
            <CheckboxField
              id="delete-confirm"
              name="confirm"
              required
              label={t("deleteConfirm")}
              error={deleteFailure?.fields.confirm ? t("deleteConfirmRequired") : undefined}
            />
            <TextField
              id="delete-password"
              name="password"
              type="password"
              label={t("deletePassword")}
              autoComplete="current-password"
              maxLength={200}
              error={deleteFailure?.fields.password}
            />
            <button
              type="submit"
              disabled={busyIntent === "delete-account"}
              className="button-primary bg-red-700 hover:bg-red-800"
            >
              {t("deleteSubmit")}
            </button>
          </Form>
        </div>
      </Section>
    </main>
  );
}

import type { Address, CheckoutOrder } from "@eventwerk/contract";
import { useCallback, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { usePaths } from "../../hooks";
import { newAddressPrefix } from "../../lib/address-fields";
import { selectionQuery } from "../../lib/ticket-selection";
import type { CheckoutFailure, DetailField } from "../../routes/checkout.server";
import { AddressFields, type AddressFormState } from "../account/address-book";
import { CheckboxField, FormMessage, RadioGroupField, TextField } from "../form-field";
import { Icon } from "../icon";
import { linkClass, mutedText, PageHeader } from "../page-parts";
import { cardClass } from "../ui/card";
import { Panel } from "../ui/panel";
import { HoldCountdown, OrderSummary, TestModeNotice } from "./parts";

type Props = {
  order: CheckoutOrder;
  addresses: Address[];
  /** The address fields' place lists, for signed-in buyers (guests type free text). */
  places: Pick<AddressFormState, "countries" | "cities" | "districts"> | null;
  signedIn: { name: string } | null;
  serverNow: number;
  eventPath: string;
  /** Where to pay a placed order (a path for the test provider's page). */
  paymentPath: string | null;
  failure: CheckoutFailure | null;
};

const sectionClass = `${cardClass} space-y-4 p-5`;

/** The checkout page: summary, hold, voucher, sign-in, buyer details, terms and the order button. */
export function CheckoutForms(props: Props) {
  const { order, eventPath, paymentPath } = props;
  const t = useTranslations("checkout.page");
  const format = useFormatter();
  const { to } = usePaths();
  const [runOut, setRunOut] = useState(false);
  const onExpired = useCallback(() => setRunOut(true), []);
  const expired = runOut || order.status === "expired";
  const open = order.status === "pending" && !paymentPath && !expired;

  return (
    <main id="main" className="mx-auto max-w-4xl space-y-8 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      {order.test_mode && <TestModeNotice />}
      <p className={`flex flex-wrap items-center gap-2 ${mutedText}`}>
        <Icon name="calendar-days" className="size-5 shrink-0" />
        <Link to={eventPath} className={linkClass}>
          {order.event.title}
        </Link>
        <span suppressHydrationWarning>
          {format.dateTime(new Date(order.event.starts_at), {
            dateStyle: "full",
            timeStyle: "short",
          })}
        </span>
        · {order.event.venue_name}
      </p>
      {expired ? (
        <Panel tone="danger" icon="clock" title={t("expiredTitle")} role="alert">
          <p>{t("expiredText")}</p>
          <Link to={eventPath + selectionQuery(order.items)} className="button-primary">
            {t("startAgain")}
          </Link>
        </Panel>
      ) : paymentPath ? (
        <Panel tone="neutral" icon="credit-card" title={t("placedTitle")}>
          <p>{t("placedText")}</p>
          <a href={paymentPath} className="button-primary">
            {t("continuePayment")}
          </a>
        </Panel>
      ) : order.status !== "pending" ? (
        <Panel tone="neutral" icon="receipt-text" title={t("closedTitle")}>
          <Link to={`${to("ticket-buy-status")}?order=${order.id}`} className={linkClass}>
            {t("toStatus")}
          </Link>
        </Panel>
      ) : null}
      {open && order.hold_expires_at && (
        <HoldCountdown
          expiresAt={order.hold_expires_at}
          serverNow={props.serverNow}
          onExpired={onExpired}
        />
      )}
      <OrderSummary order={order} />
      {open && <OpenOrderForms {...props} />}
    </main>
  );
}

/** A form's own error, when the last post was that form's. */
function Failure({ failure, id }: { failure: CheckoutFailure | null; id: string }) {
  return failure?.message ? (
    <FormMessage id={id} tone="error">
      {failure.message}
    </FormMessage>
  ) : null;
}

function OpenOrderForms({ order, addresses, places, signedIn, failure }: Props) {
  const t = useTranslations("checkout.page");
  const { to } = usePaths();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mine = (intent: CheckoutFailure["intent"]) => (failure?.intent === intent ? failure : null);
  const field = (name: DetailField, intent: CheckoutFailure["intent"]) =>
    mine(intent)?.fields[name];
  const typed = (name: DetailField, fallback = "") => mine("place")?.values[name] ?? fallback;
  const saved = addresses.find((address) => address.is_default) ?? addresses[0];
  // The order's own choice; a signed-in buyer's typed address is shown as the saved one (or
  // typed again).
  const orderBilling =
    order.billing_address && !(signedIn && saved) ? "new" : saved ? String(saved.id) : "none";

  return (
    <>
      <section aria-labelledby="voucher-heading" className={sectionClass}>
        <h2 id="voucher-heading" className="text-xl font-semibold">
          {t("voucherHeading")}
        </h2>
        {order.voucher_code ? (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <p role="status">{t("voucherApplied", { code: order.voucher_code })}</p>
            <button type="submit" name="intent" value="voucher-remove" className="button-secondary">
              {t("voucherRemove")}
            </button>
          </Form>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <TextField
              id="voucher_code"
              name="voucher_code"
              label={t("voucherCode")}
              defaultValue={mine("voucher")?.values.voucher_code}
              error={field("voucher_code", "voucher") ?? mine("voucher")?.message ?? undefined}
              autoComplete="off"
              maxLength={40}
              className="min-w-60 flex-1"
            />
            <button type="submit" name="intent" value="voucher" className="button-secondary">
              {t("voucherApply")}
            </button>
          </Form>
        )}
      </section>

      {signedIn ? (
        <p className={mutedText}>{t("signedInAs", { name: signedIn.name })}</p>
      ) : (
        <section aria-labelledby="signin-heading" className={sectionClass}>
          <h2 id="signin-heading" className="text-xl font-semibold">
            {t("signInHeading")}
          </h2>
          <p className={mutedText}>{t("signInText")}</p>
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <Failure failure={mine("login")} id="signin-error" />
            <TextField
              id="signin-email"
              name="email"
              type="email"
              label={t("signInEmail")}
              autoComplete="username"
              defaultValue={mine("login")?.values.email}
            />
            <TextField
              id="signin-password"
              name="password"
              type="password"
              label={t("signInPassword")}
              autoComplete="current-password"
            />
            <div className="sm:col-span-2">
              <button type="submit" name="intent" value="login" className="button-secondary">
                {t("signInSubmit")}
              </button>
            </div>
          </Form>
        </section>
      )}

      <Form method="post" className="space-y-6" aria-labelledby="buyer-heading">
        <section className={sectionClass}>
          <h2 id="buyer-heading" className="text-xl font-semibold">
            {t("buyerHeading")}
          </h2>
          <Failure failure={mine("place")} id="place-error" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="buyer_name"
              name="buyer_name"
              label={t("buyerName")}
              autoComplete="name"
              maxLength={120}
              defaultValue={typed("buyer_name", order.buyer_name)}
              error={field("buyer_name", "place")}
            />
            <TextField
              id="buyer_email"
              name="buyer_email"
              type="email"
              label={t("buyerEmail")}
              autoComplete="email"
              maxLength={254}
              hint={t("buyerEmailHint")}
              defaultValue={typed("buyer_email", order.buyer_email)}
              error={field("buyer_email", "place")}
            />
          </div>
        </section>
        <BillingSection
          // The radios and fields are uncontrolled: a new choice of the order's (a sign-in's
          // saved address) remounts them. Another form's post (a voucher) keeps what the buyer
          // chose and typed, as does a refused order, whose post came from these fields.
          key={orderBilling}
          chosen={typed("billing", orderBilling)}
          order={order}
          addresses={addresses}
          places={places}
          signedIn={signedIn}
          failure={mine("place")}
        />
        <CheckboxField
          id="accept_terms"
          name="accept_terms"
          label={t.rich("terms", {
            link: (chunks) => (
              <Link to={to("terms")} className={linkClass}>
                {chunks}
              </Link>
            ),
          })}
          error={mine("place")?.termsMissing ? t("termsRequired") : undefined}
        />
        <button
          type="submit"
          name="intent"
          value="place"
          className="button-primary w-full sm:w-auto"
          disabled={busy}
        >
          <Icon name="credit-card" className="size-5" />
          {t("placeOrder")}
        </button>
      </Form>

      <Form method="post">
        <button type="submit" name="intent" value="cancel" className={`text-sm ${linkClass}`}>
          {t("cancel")}
        </button>
      </Form>
    </>
  );
}

/** The guest's free-text address fields: part, autocomplete token, most characters. */
const guestAddressParts = [
  ["recipient", "name", 120],
  ["line", "address-line1", 200],
  ["postal_code", "postal-code", 10],
  ["city", "address-level2", 120],
  ["country", "country-name", 120],
] as const;

/**
 * The billing address: a saved one, one typed in, or none. The typed address's fields show only
 * while "new" is checked, by CSS on the radio's state, so that they do without JavaScript too
 * (the server ignores the fields of a choice not made); a browser without `:has()` shows them
 * always. The CSS alone decides, never state of its own: a choice made before the page was
 * interactive, or restored by the browser, shows the same fields as one made after. Focus stays
 * on the radio, where the arrow keys keep moving through the choices; the
 * fields come right after the group, the next Tab.
 */
function BillingSection({
  chosen,
  order,
  addresses,
  places,
  signedIn,
  failure,
}: Pick<Props, "order" | "addresses" | "places" | "signedIn"> & {
  chosen: string;
  /** The failed post of the details form, if it was the last post. */
  failure: CheckoutFailure | null;
}) {
  const t = useTranslations("checkout.page");
  const { to } = usePaths();
  // What was typed comes back only when it was the choice: a hidden form's leftovers are dropped.
  const kept = failure?.values.billing === "new" ? failure : null;
  const address = order.billing_address;
  const fieldsetClass = `group-not-has-[[name=billing][value=new]:checked]/billing:hidden ${
    signedIn && places ? "space-y-5" : "grid gap-4 sm:grid-cols-2"
  }`;

  return (
    // A grid, not space-y: the hidden fields leave no gap behind.
    <section
      aria-labelledby="billing-heading"
      className={`${cardClass} group/billing grid gap-4 p-5`}
    >
      <h2 id="billing-heading" className="text-xl font-semibold">
        {t("billingHeading")}
      </h2>
      <RadioGroupField
        id="billing"
        name="billing"
        legend={addresses.length ? t("billingSaved") : t("billingHeading")}
        options={[
          ...addresses.map((entry) => ({
            value: String(entry.id),
            label: `${entry.recipient}, ${entry.line}, ${entry.postal_code} ${entry.city_name}`,
          })),
          { value: "new", label: t("billingNew") },
          { value: "none", label: t("billingNone") },
        ]}
        defaultValue={chosen}
        error={failure?.fields.address_id}
      />
      {signedIn && places ? (
        <fieldset className={fieldsetClass}>
          <legend className="mb-2 font-medium">{t("billingNew")}</legend>
          <AddressFields
            idPrefix="billing-new"
            namePrefix={newAddressPrefix}
            value={(name) =>
              kept?.values[`${newAddressPrefix}${name}`] ??
              (name === "title"
                ? t("billingHeading")
                : name === "recipient"
                  ? order.buyer_name
                  : undefined)
            }
            errors={kept?.fields ?? {}}
            places={kept?.places ?? places}
            required={false}
          />
          <CheckboxField
            id="save_address"
            name="save_address"
            label={t("billingSave")}
            defaultChecked={kept?.values.save_address === "on"}
          />
        </fieldset>
      ) : (
        <fieldset className={fieldsetClass}>
          <legend className="mb-2 font-medium">{t("billingNew")}</legend>
          {guestAddressParts.map(([part, autoComplete, maxLength]) => {
            const name = `billing_address.${part}` as const;
            const labels = {
              recipient: t("recipient"),
              line: t("line"),
              postal_code: t("postalCode"),
              city: t("city"),
              country: t("country"),
            };
            return (
              <TextField
                key={part}
                id={`billing-${part}`}
                name={name}
                label={labels[part]}
                required={false}
                autoComplete={autoComplete}
                maxLength={maxLength}
                defaultValue={kept?.values[name] ?? address?.[part] ?? ""}
                error={kept?.fields[name]}
              />
            );
          })}
        </fieldset>
      )}
      {signedIn && (
        <Link to={to("account-addresses")} className={`justify-self-start text-sm ${linkClass}`}>
          {t("billingManage")}
        </Link>
      )}
    </section>
  );
}

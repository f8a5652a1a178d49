import type { Address, City, Country, District } from "@eventwerk/contract";
import { Form, Link } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../../hooks";
import type { AddressField } from "../../lib/address-fields";
import type { FormFailure } from "../../lib/forms";
import { ConfirmedForm, useNoticeFocus } from "../confirmed-form";
import { FailureMessage } from "../failure-message";
import { CheckboxField, FormMessage, TextField } from "../form-field";
import { EmptyState, mutedText } from "../page-parts";
import { PlaceFields } from "../place-fields";

export type AddressFormState = {
  /** The address being edited, or null for a new one. */
  editing: Address | null;
  countries: readonly Country[];
  cities: readonly City[];
  districts: readonly District[];
  failure: FormFailure<AddressField> | null;
};

type Places = Pick<AddressFormState, "countries" | "cities" | "districts">;

/**
 * An address book entry's fields (label, recipient, street, postal code, phone, country, city,
 * district), shared by the address book and the checkout. `namePrefix` nests the names as the
 * API does (`new_address.`), so its field errors land on them; `required: false` when the
 * fields are one choice among others (the checkout's billing address).
 */
export function AddressFields({
  idPrefix,
  namePrefix = "",
  value,
  errors,
  places,
  required = true,
}: {
  idPrefix: string;
  namePrefix?: string;
  value: (name: AddressField) => string | undefined;
  errors: Partial<Record<string, string>>;
  places: Places;
  required?: boolean;
}) {
  const t = useTranslations("account");
  const tf = useTranslations("forms");
  const text = (name: AddressField, label: string, autoComplete: string, maxLength: number) => (
    <TextField
      id={`${idPrefix}-${name}`}
      name={`${namePrefix}${name}`}
      label={label}
      autoComplete={autoComplete}
      maxLength={maxLength}
      required={required}
      defaultValue={value(name)}
      error={errors[`${namePrefix}${name}`]}
    />
  );
  const placeErrors = {
    country_id: errors[`${namePrefix}country_id`],
    city_id: errors[`${namePrefix}city_id`],
    district_id: errors[`${namePrefix}district_id`],
  };
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        {text("title", t("addressTitle"), "off", 60)}
        {text("recipient", t("recipient"), "name", 120)}
      </div>
      {text("line", tf("line"), "address-line1", 200)}
      <div className="grid gap-5 sm:grid-cols-2">
        {text("postal_code", tf("postalCode"), "postal-code", 10)}
        <TextField
          id={`${idPrefix}-phone`}
          name={`${namePrefix}phone`}
          type="tel"
          label={tf("phone")}
          autoComplete="tel"
          required={false}
          maxLength={32}
          hint={t("phoneOptional")}
          defaultValue={value("phone")}
          error={errors[`${namePrefix}phone`]}
        />
      </div>
      <PlaceFields
        idPrefix={idPrefix}
        namePrefix={namePrefix}
        countries={places.countries}
        cities={places.cities}
        districts={places.districts}
        values={{
          country_id: value("country_id"),
          city_id: value("city_id"),
          district_id: value("district_id"),
        }}
        errors={placeErrors}
        required={required}
      />
    </>
  );
}

/** Adds or edits one address; the place selects cascade. */
function AddressForm({ state, busy }: { state: AddressFormState; busy: boolean }) {
  const t = useTranslations("account");
  const tf = useTranslations("forms");
  const { to } = usePaths();
  const { editing, failure } = state;
  const value = (name: AddressField): string | undefined => {
    if (failure) return failure.values[name];
    if (!editing) return undefined;
    const field = editing[name as keyof Address];
    return field === null || field === undefined ? undefined : String(field);
  };
  const prefix = editing ? `address-${editing.id}` : "address-new";
  return (
    <Form
      method="post"
      preventScrollReset
      className="space-y-5 rounded-lg border border-neutral-200 p-5 dark:border-neutral-700"
      aria-labelledby={`${prefix}-heading`}
      key={editing?.id ?? "new"}
    >
      <h3 id={`${prefix}-heading`} className="text-lg font-semibold">
        {editing ? t("editAddress") : t("addAddress")}
      </h3>
      <FailureMessage id={`${prefix}-error`} failure={failure} />
      <input type="hidden" name="intent" value="save" />
      {editing && <input type="hidden" name="id" value={editing.id} />}
      <AddressFields
        idPrefix={prefix}
        value={value}
        errors={failure?.fields ?? {}}
        places={state}
      />
      <CheckboxField
        id={`${prefix}-default`}
        name="is_default"
        label={t("isDefault")}
        defaultChecked={failure ? failure.values.is_default === "on" : editing?.is_default}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className="button-primary">
          {busy ? tf("saving") : tf("save")}
        </button>
        {editing && (
          <Link to={to("account-addresses")} preventScrollReset className="button-secondary">
            {tf("cancel")}
          </Link>
        )}
      </div>
    </Form>
  );
}

/**
 * The visitor's addresses: list, default, edit, delete and a form to add one. Deleting asks for
 * a tick first, as the site's other deletions do, so one stray click or key loses nothing.
 */
export function AddressBook({
  addresses,
  form,
  busy,
  notice,
  error,
  unconfirmed,
}: {
  addresses: readonly Address[];
  form: AddressFormState;
  busy: boolean;
  notice: string | null;
  /** A failed delete or default change. */
  error: string | null;
  /** The address whose delete came without the tick (a browser that does not check forms). */
  unconfirmed: number | null;
}) {
  const t = useTranslations("account");
  const { to } = usePaths();
  // A deleted address takes its focused button with it, a saved one its form.
  const noticeRef = useNoticeFocus(notice);
  return (
    <div className="space-y-6">
      {notice && (
        <FormMessage id="address-notice" tone="success" ref={noticeRef} tabIndex={-1}>
          {notice}
        </FormMessage>
      )}
      {error && (
        <FormMessage id="address-action-error" tone="error">
          {error}
        </FormMessage>
      )}
      {addresses.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address.id}
              className="flex flex-col rounded-lg border border-neutral-200 p-4 dark:border-neutral-700"
            >
              <h3 className="font-semibold">
                {address.title}
                {address.is_default && (
                  <>
                    {/* A space, so that the heading reads "Home Default", not "HomeDefault". */}{" "}
                    <span className="ml-1 rounded-xs bg-primary-100 px-1.5 py-0.5 text-xs font-semibold text-primary-900 dark:bg-primary-900 dark:text-primary-100">
                      {t("defaultAddress")}
                    </span>
                  </>
                )}
              </h3>
              <address className={`mt-1 flex-1 not-italic ${mutedText}`}>
                <span className="block">{address.recipient}</span>
                <span className="block">{address.line}</span>
                <span className="block">
                  {t("cityLine", { postalCode: address.postal_code, city: address.city_name })}
                </span>
                {address.district_name && <span className="block">{address.district_name}</span>}
                <span className="block">{address.country_name}</span>
                {address.phone && <span className="block">{address.phone}</span>}
              </address>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link
                  to={`${to("account-addresses")}?edit=${address.id}`}
                  preventScrollReset
                  className="button-secondary px-3 py-1.5 text-sm"
                  aria-label={t("editAddressLabel", { title: address.title })}
                >
                  {t("editAddress")}
                </Link>
                {!address.is_default && (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="default" />
                    <input type="hidden" name="id" value={address.id} />
                    <button
                      type="submit"
                      className="button-secondary px-3 py-1.5 text-sm"
                      aria-label={t("makeDefaultLabel", { title: address.title })}
                    >
                      {t("makeDefault")}
                    </button>
                  </Form>
                )}
              </div>
              <ConfirmedForm
                id={`address-${address.id}-confirm-delete`}
                hidden={{ intent: "delete", id: address.id }}
                confirmLabel={t("deleteAddressConfirm", { title: address.title })}
                error={unconfirmed === address.id ? t("deleteAddressConfirmRequired") : undefined}
                submit={t("deleteAddress")}
                submitLabel={t("deleteAddressLabel", { title: address.title })}
                buttonClassName="button-secondary px-3 py-1.5 text-sm text-red-800 dark:text-red-300"
                className="mt-3 space-y-2 border-t border-neutral-200 pt-3 dark:border-neutral-700"
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon="map-pin-house" headingLevel={3} title={t("addressesEmptyTitle")}>
          <p>{t("addressesEmptyText")}</p>
        </EmptyState>
      )}
      {/* A new address in the list empties the add form (with JavaScript the page stays). */}
      <AddressForm key={form.editing?.id ?? `new-${addresses.length}`} state={form} busy={busy} />
    </div>
  );
}

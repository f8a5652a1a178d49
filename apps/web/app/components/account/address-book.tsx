import type { Address, City, Country, District } from "@eventwerk/contract";
import { Form, Link } from "react-router";
import { useTranslations } from "use-intl";
import { usePaths } from "../../hooks";
import type { FormFailure } from "../../lib/forms";
import { FailureMessage } from "../failure-message";
import { CheckboxField, FormMessage, TextField } from "../form-field";
import { EmptyState, mutedText } from "../page-parts";
import { PlaceFields } from "../place-fields";

export const addressFieldNames = [
  "id",
  "title",
  "recipient",
  "line",
  "postal_code",
  "country_id",
  "city_id",
  "district_id",
  "phone",
  "is_default",
] as const;
export type AddressField = (typeof addressFieldNames)[number];

export type AddressFormState = {
  /** The address being edited, or null for a new one. */
  editing: Address | null;
  countries: readonly Country[];
  cities: readonly City[];
  districts: readonly District[];
  failure: FormFailure<AddressField> | null;
};

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
  const errors = failure?.fields ?? {};
  const prefix = editing ? `address-${editing.id}` : "address-new";
  const text = (name: AddressField, label: string, autoComplete: string, maxLength: number) => (
    <TextField
      id={`${prefix}-${name}`}
      name={name}
      label={label}
      autoComplete={autoComplete}
      maxLength={maxLength}
      defaultValue={value(name)}
      error={errors[name]}
    />
  );
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
      <div className="grid gap-5 sm:grid-cols-2">
        {text("title", t("addressTitle"), "off", 60)}
        {text("recipient", t("recipient"), "name", 120)}
      </div>
      {text("line", tf("line"), "address-line1", 200)}
      <div className="grid gap-5 sm:grid-cols-2">
        {text("postal_code", tf("postalCode"), "postal-code", 10)}
        <TextField
          id={`${prefix}-phone`}
          name="phone"
          type="tel"
          label={tf("phone")}
          autoComplete="tel"
          required={false}
          maxLength={32}
          hint={t("phoneOptional")}
          defaultValue={value("phone")}
          error={errors.phone}
        />
      </div>
      <PlaceFields
        idPrefix={prefix}
        countries={state.countries}
        cities={state.cities}
        districts={state.districts}
        values={{
          country_id: value("country_id"),
          city_id: value("city_id"),
          district_id: value("district_id"),
        }}
        errors={errors}
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

/** The visitor's addresses: list, default, edit, delete and a form to add one. */
export function AddressBook({
  addresses,
  form,
  busy,
  notice,
  error,
}: {
  addresses: readonly Address[];
  form: AddressFormState;
  busy: boolean;
  notice: string | null;
  /** A failed delete or default change. */
  error: string | null;
}) {
  const t = useTranslations("account");
  const { to } = usePaths();
  return (
    <div className="space-y-6">
      {notice && (
        <FormMessage id="address-notice" tone="success">
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
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={address.id} />
                  <button
                    type="submit"
                    className="button-secondary px-3 py-1.5 text-sm text-red-800 dark:text-red-300"
                    aria-label={t("deleteAddressLabel", { title: address.title })}
                  >
                    {t("deleteAddress")}
                  </button>
                </Form>
              </div>
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

import { optionalId } from "./forms";

/** The address book's form fields, as the API names them (the checkout's prefixed). */
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

/** A signed-in buyer's checkout names the address fields as the API's `new_address` object. */
export const newAddressPrefix = "new_address.";

/**
 * What was typed in the address fields, as the API takes it (the address book and the
 * checkout): the API validates and names each bad field.
 */
export const addressBody = (values: Record<AddressField, string>) => ({
  title: values.title,
  recipient: values.recipient,
  line: values.line,
  postal_code: values.postal_code,
  country_id: optionalId(values.country_id),
  city_id: optionalId(values.city_id),
  district_id: optionalId(values.district_id) ?? null,
  phone: values.phone.trim() || null,
  is_default: values.is_default === "on",
});

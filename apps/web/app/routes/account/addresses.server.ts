import type { Address, AddressUpdate, ApiClient } from "@eventwerk/contract";
import { type AddressField, addressBody, addressFieldNames } from "../../lib/address-fields";
import { optionalId, textValues } from "../../lib/forms";

/** The address screen's forms: save (add or edit), delete, make default. */
export const addressIntents = ["save", "delete", "default"] as const;
export type AddressIntent = (typeof addressIntents)[number];

/** Adds or changes an address of the address form. */
export async function saveAddress(api: ApiClient, values: Record<AddressField, string>) {
  const body = addressBody(values);
  const id = optionalId(values.id);
  if (id) await api.addresses.update({ ...body, id });
  else await api.addresses.create(body);
}

export const addressValues = (form: FormData) => textValues(form, addressFieldNames);

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

/** Makes an address the default one; false when the visitor has no address with that id. */
export async function makeDefault(api: ApiClient, id: number): Promise<boolean> {
  const address = (await api.addresses.list()).data.find((entry) => entry.id === id);
  if (!address) return false;
  await api.addresses.update({ ...addressInput(address), id, is_default: true });
  return true;
}

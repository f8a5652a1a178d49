import { data, redirect, useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { apiFor } from "../../api.server";
import { AddressBook } from "../../components/account/address-book";
import { Section, useNotice } from "../../components/account/section";
import { requestState } from "../../context";
import { type AddressField, addressFieldNames } from "../../lib/address-fields";
import { confirmed, type FormFailure, formFailure, optionalId } from "../../lib/forms";
import { placeLists } from "../../lib/places.server";
import { pathTo } from "../../route-table";
import type { Route } from "./+types/addresses";
import { redirectWithNotice } from "./account.server";
import {
  type AddressIntent,
  addressIntents,
  addressValues,
  makeDefault,
  saveAddress,
} from "./addresses.server";

/** The addresses, and the one `?edit=` names in the form with its place lists. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const api = await apiFor(context);
  const editId = optionalId(url.searchParams.get("edit") ?? undefined);
  const addresses = (await api.addresses.list()).data;
  const editing = addresses.find((address) => address.id === editId) ?? null;
  return {
    addresses,
    editing,
    places: await placeLists(api, {
      country_id: editing ? String(editing.country_id) : undefined,
      city_id: editing ? String(editing.city_id) : undefined,
    }),
  };
}

type PlaceLists = Awaited<ReturnType<typeof placeLists>>;
/**
 * A refused post: which form, the API's answer (or the missing tick of a delete), and the place
 * lists for what was chosen.
 */
type AddressFailure = FormFailure<AddressField | "confirm"> & {
  intent: AddressIntent | null;
  places: PlaceLists | null;
};
const refused = (failure: AddressFailure) => data(failure, { status: 400 });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = addressIntents.find((name) => name === form.get("intent")) ?? null;
  const api = await apiFor(context);
  if (intent === "save") {
    const values = addressValues(form);
    try {
      await saveAddress(api, values);
    } catch (error) {
      // Without JavaScript the place lists must match what was chosen.
      const places = await placeLists(api, values);
      return refused({ intent, ...formFailure(error, addressFieldNames, values), places });
    }
    redirectWithNotice(context, "address-saved");
  }
  const id = optionalId(form.get("id")?.toString());
  if (!intent || !id) {
    return refused({ intent, ok: false, message: null, fields: {}, values: {}, places: null });
  }
  // The form's checkbox is required; a post without the tick (a browser that skips the check,
  // or no form at all) deletes nothing either.
  if (intent === "delete" && !confirmed(form)) {
    return refused({
      intent,
      ok: false,
      message: null,
      fields: { confirm: "required" },
      values: { id: String(id) },
      places: null,
    });
  }
  try {
    if (intent === "delete") await api.addresses.remove(id);
    else if (!(await makeDefault(api, id))) {
      throw redirect(pathTo("account-addresses", context.get(requestState).locale));
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return refused({ intent, ...formFailure(error, addressFieldNames, {}), places: null });
  }
  redirectWithNotice(context, intent === "delete" ? "address-deleted" : "address-saved");
}

/** The address book: the list with default, edit and delete, and the form to add or edit one. */
export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("account");
  const tf = useTranslations("forms");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const notice = useNotice("account-addresses");
  const { addresses, editing, places } = loaderData;
  const result = actionData as AddressFailure | undefined;
  const saveFailure = result?.intent === "save" ? result : null;
  const otherFailure = result && result.intent !== "save" ? result : null;
  return (
    <Section id="addresses" title={t("addressesHeading")}>
      <AddressBook
        addresses={addresses}
        busy={busy}
        notice={notice}
        error={
          otherFailure && !otherFailure.fields.confirm
            ? (otherFailure.message ?? tf("invalidForm"))
            : null
        }
        unconfirmed={otherFailure?.fields.confirm ? Number(otherFailure.values.id) : null}
        form={{
          editing: saveFailure
            ? (addresses.find((entry) => String(entry.id) === saveFailure.values.id) ?? null)
            : editing,
          failure: saveFailure,
          ...(saveFailure?.places ?? places),
        }}
      />
    </Section>
  );
}

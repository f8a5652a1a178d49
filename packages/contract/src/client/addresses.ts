import { z } from "zod";
import { type AddressInput, type AddressUpdate, addressSchema } from "../address.ts";
import { dataOf, okSchema } from "../common.ts";
import { apiPaths } from "../paths.ts";
import type { Loose, Transport } from "./transport.ts";

/** The signed-in visitor's address book. */
export const addressCalls = ({ request, get }: Transport) => ({
  addresses: {
    list: () => get(apiPaths.address, dataOf(z.array(addressSchema))),
    create: (body: Loose<AddressInput>) =>
      request("POST", apiPaths.address, { schema: dataOf(addressSchema), json: body }),
    update: (body: Loose<AddressUpdate>) =>
      request("PUT", apiPaths.address, { schema: dataOf(addressSchema), json: body }),
    remove: (id: number) =>
      request("DELETE", apiPaths.address, { schema: okSchema, query: { id } }),
  },
});

import { z } from "zod";
import { messageSchema } from "../auth.ts";
import { dataOf } from "../common.ts";
import {
  type ContactMessageInput,
  companyCategorySchema,
  contactSettingSchema,
  currencySchema,
  languageSchema,
  menusSchema,
  pageSchema,
} from "../content.ts";
import { apiPaths, fillPath } from "../paths.ts";
import type { Loose, Transport } from "./transport.ts";

/** Site content: languages, menus, CMS pages, settings and the contact form. */
export const contentCalls = ({ request, get }: Transport) => ({
  langs: () => get(apiPaths.langs, dataOf(z.array(languageSchema))),
  menus: () => get(apiPaths.pages, dataOf(menusSchema)),
  page: (id: number) => get(fillPath(apiPaths.page, { id }), dataOf(pageSchema)),
  companyCategories: () => get(apiPaths.companyCategories, dataOf(z.array(companyCategorySchema))),
  currency: () => get(apiPaths.currency, z.object({ currency: currencySchema })),
  contactSetting: () => get(apiPaths.contactSetting, dataOf(contactSettingSchema)),
  sendContact: (body: Loose<ContactMessageInput>) =>
    request("POST", apiPaths.contact, { schema: messageSchema, json: body }),
});

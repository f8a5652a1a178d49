import { type EmailChange, messageSchema, type PasswordChange } from "../auth.ts";
import { dataOf, okSchema } from "../common.ts";
import { apiPaths } from "../paths.ts";
import { type TicketsQuery, ticketListSchema } from "../ticket.ts";
import {
  accountExportSchema,
  type ProfileUpdate,
  userActivitySchema,
  userSchema,
} from "../user.ts";
import type { Loose, Transport } from "./transport.ts";

/** The signed-in visitor's own account: profile, credentials, tickets, export, deletion. */
export const accountCalls = ({ request, get }: Transport) => ({
  getUser: () => get(apiPaths.getUser, dataOf(userSchema)),
  updateUser: () => get(apiPaths.updateUser, dataOf(userActivitySchema)),
  updateProfile: (body: Loose<ProfileUpdate>) =>
    request("PATCH", apiPaths.profile, { schema: dataOf(userSchema), json: body }),
  changePassword: (body: Loose<PasswordChange>) =>
    request("POST", apiPaths.password, { schema: messageSchema, json: body }),
  changeEmail: (body: Loose<EmailChange>) =>
    request("POST", apiPaths.email, { schema: messageSchema, json: body }),
  /** Mails the verification link of the account's address again (rate limited). */
  resendVerification: () => request("POST", apiPaths.emailVerification, { schema: messageSchema }),
  tickets: (query: TicketsQuery = {}) => get(apiPaths.tickets, ticketListSchema, query),
  exportAccount: () => get(apiPaths.accountExport, dataOf(accountExportSchema)),
  deleteAccount: (password: string) =>
    request("DELETE", apiPaths.account, { schema: okSchema, json: { password } }),
});

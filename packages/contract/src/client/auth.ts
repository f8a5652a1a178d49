import {
  emailConfirmResponseSchema,
  messageSchema,
  passwordResetCheckResponseSchema,
  passwordResetResponseSchema,
  type RegisterOrganiser,
  type RegisterVisitor,
  type TokenRequest,
  tokenResponseSchema,
} from "../auth.ts";
import { okSchema } from "../common.ts";
import { apiPaths } from "../paths.ts";
import type { Loose, Transport } from "./transport.ts";

/** Tokens, registration and the password reset. */
export const authCalls = ({ request }: Transport) => ({
  token: (body: TokenRequest) =>
    request("POST", apiPaths.token, { schema: tokenResponseSchema, json: body }),
  logout: () => request("POST", apiPaths.logout, { schema: okSchema }),
  /** The same answer for a new and a known address (the owner of a known one gets a mail). */
  register: (body: Loose<RegisterVisitor>) =>
    request("POST", apiPaths.register, { schema: messageSchema, json: body }),
  registerOrganiser: (body: Loose<RegisterOrganiser>) =>
    request("POST", apiPaths.registerOrganiser, { schema: messageSchema, json: body }),
  /** Follows an emailed address link; an email change's link needs its user signed in. */
  confirmEmail: (token: string) =>
    request("POST", apiPaths.emailConfirm, { schema: emailConfirmResponseSchema, json: { token } }),
  forgotPassword: (email: string) =>
    request("POST", apiPaths.passwordForgot, { schema: messageSchema, json: { email } }),
  resetPassword: (token: string, password: string, deviceToken?: string) =>
    request("POST", apiPaths.passwordReset, {
      schema: passwordResetResponseSchema,
      json: { token, password, ...(deviceToken ? { device_token: deviceToken } : {}) },
    }),
  /** Whether a reset token still works, without using it; an ApiError names why not. */
  checkResetToken: (token: string) =>
    request("POST", apiPaths.passwordResetCheck, {
      schema: passwordResetCheckResponseSchema,
      json: { token },
    }),
});

import { z } from "zod";
import {
  dataOf,
  lengthBetween,
  oneLine,
  opaqueText,
  personName,
  phoneSchema,
  refIdSchema,
} from "./common.ts";
import { localeSchema } from "./locale.ts";

export { loginDeviceDays } from "./constants.ts";

const clientFields = {
  client_id: opaqueText(100),
  client_secret: opaqueText(200),
};

/** A browser's proof that it signed in before (`device_token` of a password grant). */
const sentDeviceToken = opaqueText(200)
  .optional()
  .describe("The device_token an earlier sign-in on this browser got, if it kept one.");

/** OAuth2-style token request; accepted as JSON or as a form. */
export const tokenRequestSchema = z
  .discriminatedUnion("grant_type", [
    z.object({
      grant_type: z.literal("password"),
      username: oneLine(254),
      password: z.string().min(1).max(200),
      device_token: sentDeviceToken,
      ...clientFields,
    }),
    z.object({
      grant_type: z.literal("refresh_token"),
      refresh_token: opaqueText(200),
      ...clientFields,
    }),
    z.object({ grant_type: z.literal("client_credentials"), ...clientFields }),
  ])
  .meta({ id: "TokenRequest" });
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string().optional(),
    expires_in: z.number().int(),
    token_type: z.literal("Bearer"),
    device_token: z
      .string()
      .optional()
      .describe(
        "Password grant only: proof that this browser signed in to the account, to keep and send " +
          "with its next password grants (for any account). While wrong passwords make the " +
          "account back off, a grant without it answers 429 before its password is checked.",
      ),
  })
  .meta({ id: "TokenResponse" });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Claims of an access token. `sub` is present only on tokens issued to a user. */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().optional(),
  sid: z.string().optional(),
  cid: z.string(),
  exp: z.number(),
  iat: z.number().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** At least 8 characters with a letter and a digit: the rule the forms show. */
export const passwordSchema = lengthBetween(z.string(), 8, 200).refine(
  (value) => /[A-Za-zÀ-ž]/.test(value) && /[0-9]/.test(value),
  {
    error: "password_rule",
  },
);

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const registerVisitorSchema = z
  .object({
    name: personName(80),
    surname: personName(80),
    email: emailSchema,
    password: passwordSchema,
    accept_terms: z.literal(true, { error: "accept_terms" }),
    newsletter: z.boolean().default(false),
    preferred_locale: localeSchema.optional(),
  })
  .meta({ id: "RegisterVisitor" });
export type RegisterVisitor = z.input<typeof registerVisitorSchema>;

export const registerOrganiserSchema = z
  .object({
    name: personName(80),
    surname: personName(80),
    email: emailSchema,
    password: passwordSchema,
    phone: phoneSchema,
    company_name: personName(160),
    company_category_id: refIdSchema,
    tax_number: z
      .string()
      .trim()
      .min(5)
      .max(32)
      .regex(/^[A-Z0-9 ./-]+$/i, { error: "invalid_tax_number" }),
    address: z.object({
      line: oneLine(200),
      postal_code: oneLine(10, 3),
      country_id: refIdSchema,
      city_id: refIdSchema,
      district_id: refIdSchema.nullable().optional(),
    }),
    accept_terms: z.literal(true, { error: "accept_terms" }),
    preferred_locale: localeSchema.optional(),
  })
  .meta({ id: "RegisterOrganiser" });
export type RegisterOrganiser = z.input<typeof registerOrganiserSchema>;

export const passwordForgotSchema = z.object({ email: emailSchema }).meta({ id: "PasswordForgot" });
export const passwordResetSchema = z
  .object({ token: opaqueText(200, 20), password: passwordSchema, device_token: sentDeviceToken })
  .meta({ id: "PasswordReset" });
/**
 * A reset's answer: the link proved the browser may use the account, so it becomes one of the
 * account's known browsers, as after a sign-in (`TokenResponse.device_token`).
 */
export const passwordResetResponseSchema = dataOf(
  z.object({
    message: z.string(),
    device_token: z
      .string()
      .describe(
        "Proof that this browser set the account's password, to send with its password grants " +
          "like a sign-in's device_token: it signs in while wrong passwords from elsewhere make " +
          "the account back off.",
      ),
  }),
).meta({ id: "PasswordResetResult" });
/**
 * Asks whether a reset token still works, without using it. The token travels in the body, not
 * the URL, so it stays out of access logs. Any text up to 200 characters is a question worth an
 * answer: an unknown token is `invalid_reset_token`, not a validation error.
 */
export const passwordResetCheckSchema = z
  .object({ token: opaqueText(200) })
  .meta({ id: "PasswordResetCheck" });
/** A token that works: until when (afterwards it answers `reset_token_expired`). */
export const passwordResetCheckResponseSchema = dataOf(
  z.object({ valid: z.literal(true), expires_at: z.string() }),
).meta({ id: "PasswordResetCheckResult" });
export type PasswordResetCheckResult = z.infer<typeof passwordResetCheckResponseSchema>;

export const passwordChangeSchema = z
  .object({
    current_password: z.string().min(1).max(200),
    new_password: passwordSchema,
    // The account forgets every other browser it knew (decision 021).
    device_token: sentDeviceToken.describe(
      "This browser's device_token: it stays the one browser the account knows; without it, none does.",
    ),
  })
  .meta({ id: "PasswordChange" });
export type PasswordChange = z.input<typeof passwordChangeSchema>;

export const emailChangeSchema = z
  .object({ email: emailSchema, current_password: z.string().min(1).max(200) })
  .meta({ id: "EmailChange" });
export type EmailChange = z.input<typeof emailChangeSchema>;

/**
 * Confirms an address with the token of an emailed link (registration or email change). Any text
 * up to 200 characters is a question worth an answer: an unknown token is `invalid_email_token`.
 */
export const emailConfirmSchema = z.object({ token: opaqueText(200) }).meta({ id: "EmailConfirm" });
/** What a confirmed link did: verified the account's address, or moved the account to a new one. */
export const emailConfirmResponseSchema = dataOf(
  z.object({ purpose: z.enum(["verify", "change"]), email: z.string(), message: z.string() }),
).meta({ id: "EmailConfirmResult" });
export type EmailConfirmResult = z.infer<typeof emailConfirmResponseSchema>;

/** Deleting the account is confirmed with the password. */
export const accountDeletionSchema = z
  .object({ password: z.string().min(1).max(200) })
  .meta({ id: "AccountDeletion" });

export const messageSchema = dataOf(z.object({ message: z.string() }));

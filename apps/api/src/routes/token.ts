import {
  apiPaths,
  errorBodySchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from "@eventwerk/contract";
import formbody from "@fastify/formbody";
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContextOptions } from "../context.ts";
import { oauthClients, users } from "../db/schema.ts";
import { addressKey } from "../lib/client-address.ts";
import { HttpError } from "../lib/http-error.ts";
import { isKnownDevice, rememberDevice } from "../lib/login-devices.ts";
import {
  hashClientSecret,
  hashPassword,
  isCurrentClientSecretHash,
  verifyClientSecret,
  verifyPassword,
} from "../lib/passwords.ts";
import { sha256 } from "../lib/secrets.ts";
import { refreshTokenIssued, rotateRefreshToken, startSession } from "../lib/sessions.ts";

const grantTypes = ["password", "refresh_token", "client_credentials"];
// Verified against when the email is unknown, so both cases take equally long.
const dummyHash = hashPassword("not-a-real-password-0");
const unknownClientHash = hashClientSecret("not-a-real-client-secret-0");

/** POST /token: the OAuth2 password, refresh_token and client_credentials grants. */
export const tokenRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  await app.register(formbody);

  app.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.token,
    {
      schema: {
        tags: ["auth"],
        summary: "Issue tokens (OAuth2 password, refresh_token and client_credentials grants)",
        consumes: ["application/json", "application/x-www-form-urlencoded"],
        body: tokenRequestSchema,
        response: {
          200: tokenResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
      preValidation: async (request) => {
        const body = request.body as { grant_type?: unknown } | undefined;
        if (body && typeof body.grant_type === "string" && !grantTypes.includes(body.grant_type)) {
          throw new HttpError(400, "unsupported_grant_type");
        }
      },
    },
    async (request, reply) => {
      const body = request.body;
      reply.header("cache-control", "no-store");
      // Counted before anything is checked: every grant, wrong secrets and unknown clients too.
      // A renewal counts against its refresh token, not the address's login attempts: a visitor
      // whose address others share (or guess from) keeps their session.
      if (body.grant_type === "refresh_token") {
        await ctx.rateLimiter.hit("refresh", [`token:${sha256(body.refresh_token)}`]);
      } else {
        await ctx.rateLimiter.hit("token", [`ip:${addressKey(request.ip)}`]);
      }
      // A renewal names its refresh token before its client is checked: each made-up token has a
      // budget of its own, so one could otherwise try a client secret per made-up token.
      if (
        body.grant_type === "refresh_token" &&
        !(await refreshTokenIssued(ctx.db, body.refresh_token))
      ) {
        throw new HttpError(400, "invalid_grant", "invalid_refresh_token");
      }
      const [client] = await ctx.db
        .select()
        .from(oauthClients)
        .where(eq(oauthClients.id, body.client_id))
        .limit(1);
      // An unknown client is checked against a stand-in, so it takes as long as a known one.
      const secretValid = await verifyClientSecret(
        client?.secretHash ?? unknownClientHash,
        body.client_secret,
      );
      if (!client || !secretValid) throw new HttpError(401, "invalid_client");
      if (!isCurrentClientSecretHash(client.secretHash)) {
        // A row from before SHA-256 client hashes: replaced now that the secret is known.
        await ctx.db
          .update(oauthClients)
          .set({ secretHash: hashClientSecret(body.client_secret) })
          .where(eq(oauthClients.id, client.id));
      }
      if (!client.grants.includes(body.grant_type)) throw new HttpError(400, "unauthorized_client");

      switch (body.grant_type) {
        case "password": {
          const email = body.username.trim().toLowerCase();
          const [user] = await ctx.db
            .select({ id: users.id, passwordHash: users.passwordHash })
            .from(users)
            .where(eq(sql`lower(${users.email})`, email))
            .limit(1);
          // A browser that signed in to the account before counts its attempts on its own.
          // Any other counts per account and source, and per account: once wrong passwords
          // from anywhere use up the account's, every sign-in from elsewhere is refused before
          // its password is checked, so a guesser on many addresses cannot tell a right guess
          // by its answer, and the owner's known browsers still get in. Each attempt counts
          // before the password is checked (concurrent guesses would otherwise all pass a check
          // made before any of them was counted) and is given back when the password is right.
          const known = user ? await isKnownDevice(ctx.db, user.id, body.device_token) : false;
          const attempts = known
            ? [`account:${email}:device:${sha256(body.device_token ?? "")}`]
            : [`account:${email}:ip:${addressKey(request.ip)}`, `account:${email}`];
          await ctx.rateLimiter.hit("login-failure", attempts);
          const valid = await verifyPassword(
            user?.passwordHash ?? (await dummyHash),
            body.password,
          );
          if (!user || !valid) throw new HttpError(400, "invalid_grant");
          await ctx.rateLimiter.reward("login-failure", attempts);
          const tokens = await startSession(ctx, ctx.db, user.id, client.id);
          const device_token = await rememberDevice(ctx.db, user.id, body.device_token);
          return { ...tokens, device_token };
        }
        case "refresh_token": {
          const result = await rotateRefreshToken(ctx, body.refresh_token, client.id);
          if (!result.ok) throw new HttpError(400, "invalid_grant", "invalid_refresh_token");
          return result.tokens;
        }
        case "client_credentials": {
          const access_token = await ctx.tokens.sign({ cid: client.id });
          return { access_token, expires_in: ctx.tokens.ttl, token_type: "Bearer" as const };
        }
      }
    },
  );
};

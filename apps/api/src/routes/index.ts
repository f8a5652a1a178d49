import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Context, ContextOptions } from "../context.ts";
import { requireAdmin, requireApprovedOrganiser, requireUser, type UserAuth } from "../lib/auth.ts";
import { accountRoutes } from "./account.ts";
import { addressRoutes } from "./addresses.ts";
import { adminRoutes } from "./admin.ts";
import { catalogueRoutes } from "./catalogue.ts";
import { checkoutRoutes } from "./checkout.ts";
import { contentRoutes } from "./content.ts";
import { geoRoutes } from "./geo.ts";
import { panelRoutes } from "./panel.ts";
import { registrationRoutes } from "./registration.ts";
import { serviceRoutes } from "./service.ts";
import { ticketRoutes } from "./tickets.ts";
import { tokenRoutes } from "./token.ts";

/** Who may call a group's routes. */
export type Audience = "public" | "account" | "organiser" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route group the route was registered in (a test checks that every route has one). */
    audience?: Audience;
  }
}

type Guard = (ctx: Context, request: FastifyRequest) => Promise<UserAuth>;

/**
 * The guard of each group: it authenticates and authorises before anything else of the request
 * is read (401 without a valid user token, 403 for the wrong user), and its answer becomes
 * `request.auth`. The public group has none.
 */
const guards: Record<Audience, Guard | null> = {
  public: null,
  account: requireUser,
  organiser: requireApprovedOrganiser,
  admin: requireAdmin,
};

/**
 * An encapsulated registration of route plugins for one audience: every route inside carries the
 * audience in its config and runs the audience's guard as its first hook, so a route cannot be
 * added to a group without its guard.
 */
export function routeGroup(
  audience: Audience,
  plugins: FastifyPluginAsync<ContextOptions>[],
): FastifyPluginAsync<ContextOptions> {
  return async (group, { ctx }) => {
    group.addHook("onRoute", (route) => {
      route.config = { ...route.config, audience };
    });
    const guard = guards[audience];
    if (guard) {
      group.addHook("onRequest", async (request) => {
        request.auth = await guard(ctx, request);
      });
    }
    for (const plugin of plugins) await group.register(plugin, { ctx });
  };
}

/**
 * Every route of the API, by audience. The organiser panel's routes go into an "organiser" group
 * and the operator's into an "admin" group; see README.md beside this file.
 */
export const apiRoutes: FastifyPluginAsync<ContextOptions> = async (app, { ctx }) => {
  await app.register(
    routeGroup("public", [
      serviceRoutes,
      tokenRoutes,
      registrationRoutes,
      geoRoutes,
      contentRoutes,
      catalogueRoutes,
      // Guests may buy: each order call checks its own buyer (token or order token).
      checkoutRoutes,
    ]),
    { ctx },
  );
  await app.register(routeGroup("account", [accountRoutes, addressRoutes, ticketRoutes]), {
    ctx,
  });
  await app.register(routeGroup("organiser", [panelRoutes]), { ctx });
  await app.register(routeGroup("admin", [adminRoutes]), { ctx });
};

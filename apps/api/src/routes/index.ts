import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Context, ContextOptions } from "../context.ts";
import {
  requireAdmin,
  requireApprovedOrganiser,
  requireDoorLink,
  requireUser,
  type UserAuth,
} from "../lib/auth.ts";
import { accountRoutes } from "./account.ts";
import { addressRoutes } from "./addresses.ts";
import { adminRoutes } from "./admin.ts";
import { catalogueRoutes } from "./catalogue.ts";
import { checkoutRoutes } from "./checkout.ts";
import { contentRoutes } from "./content.ts";
import { doorLinkRoutes, doorRoutes } from "./door.ts";
import { geoRoutes } from "./geo.ts";
import { panelRoutes } from "./panel.ts";
import { registrationRoutes } from "./registration.ts";
import { serviceRoutes } from "./service.ts";
import { ticketRoutes } from "./tickets.ts";
import { tokenRoutes } from "./token.ts";

/** Who may call a group's routes. */
export type Audience = "public" | "account" | "organiser" | "admin" | "door";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route group the route was registered in (a test checks that every route has one). */
    audience?: Audience;
  }
}

type Guard = (ctx: Context, request: FastifyRequest) => Promise<void>;
const userGuard =
  (check: (ctx: Context, request: FastifyRequest) => Promise<UserAuth>): Guard =>
  async (ctx, request) => {
    request.auth = await check(ctx, request);
  };

/**
 * The guard of each group: it authenticates and authorises before anything else of the request
 * is read (401 without a valid token, 403 for the wrong user). A user's groups get
 * `request.auth`; the door group, whose scanners carry a door link's token and no user, gets
 * `request.door`. The public group has none.
 */
const guards: Record<Audience, Guard | null> = {
  public: null,
  account: userGuard(requireUser),
  organiser: userGuard(requireApprovedOrganiser),
  admin: userGuard(requireAdmin),
  door: async (ctx, request) => {
    request.door = await requireDoorLink(ctx, request);
  },
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
      group.addHook("onRequest", (request) => guard(ctx, request));
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
  await app.register(routeGroup("organiser", [doorLinkRoutes]), { ctx });
  await app.register(routeGroup("door", [doorRoutes]), { ctx });
  await app.register(routeGroup("organiser", [panelRoutes]), { ctx });
  await app.register(routeGroup("admin", [adminRoutes]), { ctx });
};

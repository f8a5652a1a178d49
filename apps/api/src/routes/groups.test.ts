import { and, eq, gt } from "drizzle-orm";
import Fastify, { type FastifyPluginAsync, type RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPlugin } from "../app.ts";
import type { ContextOptions } from "../context.ts";
import { events, organiserProfiles, users } from "../db/schema.ts";
import { createDoorLink } from "../lib/door.ts";
import { demoUsers } from "../seed/index.ts";
import {
  call,
  createTestApp,
  loginDemoVisitor,
  passwordLogin,
  registerVisitor,
  type TestApp,
} from "../testing/app.ts";
import { routeGroup } from "./index.ts";

let t: TestApp;

const organiserId = async () =>
  (
    await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoUsers.organiser.email))
  )[0]?.id;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The API on an instance of its own that records every route as it is added. */
async function recordRoutes(extra?: FastifyPluginAsync<ContextOptions>) {
  const routes: RouteOptions[] = [];
  const app = Fastify();
  app.addHook("onRoute", (route) => {
    routes.push(route);
  });
  await app.register(apiPlugin, { ctx: t.ctx });
  if (extra) await app.register(extra, { ctx: t.ctx });
  await app.ready();
  await app.close();
  return routes;
}

const describeRoute = (route: RouteOptions) =>
  `${[route.method].flat().join(",")} ${route.url} ${route.config?.audience ?? "(no group)"}`;

const outsideGroups = (routes: RouteOptions[]) =>
  routes.filter((route) => !route.config?.audience).map(describeRoute);

describe("route groups", () => {
  it("register every route of the API inside a group", async () => {
    const routes = await recordRoutes();
    expect(routes.filter((route) => route.url.startsWith("/api/v1/")).length).toBeGreaterThan(40);
    expect(outsideGroups(routes)).toEqual([]);
  });

  it("find a route that is added outside the groups", async () => {
    const routes = await recordRoutes(async (app) => {
      app.get("/api/v1/unguarded", async () => ({ ok: true }));
    });
    expect(outsideGroups(routes)).toEqual([
      "GET /api/v1/unguarded (no group)",
      "HEAD /api/v1/unguarded (no group)",
    ]);
  });

  it("document a bearer token in OpenAPI for exactly the routes of guarded groups", async () => {
    const routes = await recordRoutes();
    const mismatched = routes.filter(
      (route) => (route.config?.audience !== "public") !== Boolean(route.schema?.security),
    );
    expect(mismatched.map(describeRoute)).toEqual([]);
    expect(routes.some((route) => route.config?.audience === "account")).toBe(true);
  });
});

describe("guards", () => {
  /** The API plus one probe route per guarded audience, answering who the guard let in. */
  async function appWithProbes() {
    const app = Fastify();
    await app.register(apiPlugin, { ctx: t.ctx });
    for (const audience of ["account", "organiser", "admin"] as const) {
      const probe: FastifyPluginAsync<ContextOptions> = async (group) => {
        group.get(`/probe/${audience}`, async (request) => ({ user: request.auth.userId }));
      };
      await app.register(routeGroup(audience, [probe]), { ctx: t.ctx });
    }
    const doorProbe: FastifyPluginAsync<ContextOptions> = async (group) => {
      group.get("/probe/door", async (request) => ({ event: request.door.eventId }));
    };
    await app.register(routeGroup("door", [doorProbe]), { ctx: t.ctx });
    const publicProbe: FastifyPluginAsync<ContextOptions> = async (group) => {
      group.get("/probe/public", async (request) => ({ user: request.auth.userId }));
    };
    await app.register(routeGroup("public", [publicProbe]), { ctx: t.ctx });
    await app.ready();
    return app;
  }
  const status = async (
    app: Awaited<ReturnType<typeof appWithProbes>>,
    url: string,
    token?: string,
  ) => (await call(app, { method: "GET", url, token })).statusCode;

  it("answer 401 without a token, whatever the group", async () => {
    const app = await appWithProbes();
    for (const audience of ["account", "organiser", "admin", "door"]) {
      const response = await call(app, { method: "GET", url: `/probe/${audience}` });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthorized");
    }
    await app.close();
  });

  it("let a signed-in user into the account group only", async () => {
    const app = await appWithProbes();
    const { access_token } = await loginDemoVisitor(app);
    const response = await call(app, { method: "GET", url: "/probe/account", token: access_token });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual(expect.any(String));
    expect(await status(app, "/probe/organiser", access_token)).toBe(403);
    expect(await status(app, "/probe/admin", access_token)).toBe(403);
    await app.close();
  });

  it("let an organiser in while the profile is approved", async () => {
    const app = await appWithProbes();
    const { access_token } = await passwordLogin(
      app,
      demoUsers.organiser.email,
      demoUsers.organiser.password,
    );
    expect(await status(app, "/probe/organiser", access_token)).toBe(200);
    expect(await status(app, "/probe/admin", access_token)).toBe(403);
    const [organiser] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoUsers.organiser.email));
    const setStatus = (approvalStatus: "pending" | "approved") =>
      t.ctx.db
        .update(organiserProfiles)
        .set({ approvalStatus })
        .where(eq(organiserProfiles.userId, organiser!.id));
    await setStatus("pending");
    try {
      expect(await status(app, "/probe/organiser", access_token)).toBe(403);
    } finally {
      await setStatus("approved");
    }
    await app.close();
  });

  it("let an admin into the admin group", async () => {
    const app = await appWithProbes();
    const { email, tokens } = await registerVisitor(app);
    expect(await status(app, "/probe/admin", tokens.access_token)).toBe(403);
    await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.email, email));
    expect(await status(app, "/probe/admin", tokens.access_token)).toBe(200);
    expect(await status(app, "/probe/organiser", tokens.access_token)).toBe(403);
    await app.close();
  });

  it("let a live door link into the door group only, and no user into it", async () => {
    const app = await appWithProbes();
    const organiser = await passwordLogin(
      app,
      demoUsers.organiser.email,
      demoUsers.organiser.password,
    );
    const [event] = await t.ctx.db
      .select({ id: events.id })
      .from(events)
      // One that takes door links: published, its doors not closed (the seed has past ones too).
      .where(
        and(
          eq(events.organiserId, (await organiserId())!),
          eq(events.status, "published"),
          gt(events.endsAt, new Date()),
        ),
      )
      .orderBy(events.id)
      .limit(1);
    const link = await createDoorLink(t.ctx.db, (await organiserId())!, event!.id, {
      mode: "entry",
    });
    const door = await call(app, { method: "GET", url: "/probe/door", token: link.token });
    expect(door.statusCode).toBe(200);
    expect(door.json().event).toBe(event!.id);
    expect(await status(app, "/probe/door", organiser.access_token)).toBe(401);
    expect(await status(app, "/probe/account", link.token)).toBe(401);
    expect(await status(app, "/probe/organiser", link.token)).toBe(401);
    await app.close();
  });

  it("treat reading request.auth in the public group as a programming error", async () => {
    const app = await appWithProbes();
    const { access_token } = await loginDemoVisitor(app);
    const response = await call(app, { method: "GET", url: "/probe/public", token: access_token });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe("internal_error");
    await app.close();
  });
});

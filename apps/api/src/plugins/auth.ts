import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { UserAuth } from "../lib/auth.ts";
import type { DoorAuth } from "../lib/door.ts";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Who is calling, as the guard of the route's group established it (see routes/index.ts).
     * Reading it in a route of the public group is a programming error and throws.
     */
    auth: UserAuth;
    /** The door link a request of the door group carries (see routes/index.ts). */
    door: DoorAuth;
  }
}

const established = new WeakMap<FastifyRequest, UserAuth>();
const doors = new WeakMap<FastifyRequest, DoorAuth>();

/** `request.auth` and `request.door`: written by a group's guard, read by its routes. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("auth", {
      getter(this: FastifyRequest): UserAuth {
        const auth = established.get(this);
        if (!auth) throw new Error("request.auth is only set in a signed-in route group");
        return auth;
      },
      setter(this: FastifyRequest, auth: UserAuth) {
        established.set(this, auth);
      },
    });
    app.decorateRequest("door", {
      getter(this: FastifyRequest): DoorAuth {
        const door = doors.get(this);
        if (!door) throw new Error("request.door is only set in the door route group");
        return door;
      },
      setter(this: FastifyRequest, door: DoorAuth) {
        doors.set(this, door);
      },
    });
  },
  { name: "auth", fastify: "5.x" },
);

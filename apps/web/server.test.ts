import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestListener } from "@mjackson/node-fetch-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forwardClientAddress } from "./server";

describe("forwardClientAddress", () => {
  // A real Node server, as in production: what React Router's request carries on to the API.
  const server = createServer(
    createRequestListener((request, client) =>
      Response.json(forwardClientAddress(request, client).headers.get("x-forwarded-for")),
    ),
  );
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("names the connection's address when nobody forwarded the request", async () => {
    expect(await (await fetch(base)).json()).toBe("127.0.0.1");
  });

  it("appends the connection's address to a chain from a proxy in front", async () => {
    const response = await fetch(base, { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(await response.json()).toBe("203.0.113.7, 127.0.0.1");
  });
});

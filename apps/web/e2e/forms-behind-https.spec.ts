import { expect, test } from "@playwright/test";
import { pathTo } from "../app/route-table";
import { visitor } from "./support";

/**
 * Behind a TLS-terminating proxy (the README's deployment) the browser posts forms with an
 * `https://` Origin to a server that itself speaks plain HTTP. The test server trusts loopback
 * proxies (TRUST_PROXY's default), so this test plays the proxy and names the scheme.
 */
test("a login posted from an https page behind a trusted proxy succeeds", async ({
  request,
  baseURL,
}) => {
  const origin = (baseURL as string).replace(/^http:/, "https:");
  const response = await request.post(pathTo("login", "de"), {
    form: { email: visitor.email, password: visitor.password, redirect: "/konto" },
    headers: { origin, "x-forwarded-proto": "https" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/konto");
});

test("an https Origin without the proxy's word is still a foreign origin", async ({
  request,
  baseURL,
}) => {
  const origin = (baseURL as string).replace(/^http:/, "https:");
  const response = await request.post(pathTo("login", "de"), {
    form: { email: visitor.email, password: visitor.password },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.status()).toBeLessThan(500);
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

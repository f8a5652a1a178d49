import type { Locale } from "@eventwerk/contract";
import { type APIRequestContext, expect, test } from "@playwright/test";
import fc from "fast-check";
import { pages, pathTo, resources } from "../app/route-table";
import { paramsFor, uniqueEmail } from "./support";

/**
 * Every form action of the route table (each page in both languages, and the form targets among
 * the resources) posted with generated bad input: wrong and missing fields, huge and empty
 * values, control, bidi and NUL characters, repeated fields. As a guest and signed in. None may
 * answer 5xx, and the server must stay up. Posted like a browser on this site (same Origin).
 */

/** Field names the site's forms use (and a few they do not). */
const fieldNames = [
  "intent",
  "email",
  "password",
  "password_confirmation",
  "current_password",
  "new_password",
  "name",
  "surname",
  "phone",
  "subject",
  "message",
  "redirect",
  "token",
  "accept_terms",
  "newsletter",
  "preferred_locale",
  "company_category_id",
  "is_default",
  "id",
  "q",
  "category",
  "from",
  "to",
  "price_min",
  "price_max",
  "sort",
  "confirm",
  "__proto__",
  "constructor",
] as const;

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\r\nBcc: x@evil.example",
    "\u202eevil",
    "%00",
    "%",
    "../../etc/passwd",
    "//evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "<script>alert(1)</script>",
    "-1",
    "1e309",
    "NaN",
    "9".repeat(400),
    "true",
    "[]",
    "{}",
  ),
  fc.integer({ min: 1000, max: 60_000 }).map((size) => "x".repeat(size)),
);

const bodies = fc.array(fc.tuple(fc.constantFrom(...fieldNames), nasty), { maxLength: 12 });

const formTargets = (locale: Locale) => [
  ...pages.map((entry) => pathTo(entry.key, locale, paramsFor(entry.key))),
  resources.logout[locale],
];

async function postAll(request: APIRequestContext, baseURL: string, locale: Locale, seed: number) {
  const samples = fc.sample(bodies, { numRuns: 4, seed });
  const failures: string[] = [];
  for (const path of formTargets(locale)) {
    for (const fields of samples) {
      const form = new URLSearchParams(fields).toString();
      const response = await request.post(path, {
        headers: {
          origin: baseURL,
          "content-type": "application/x-www-form-urlencoded",
        },
        data: form,
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      if (response.status() >= 500)
        failures.push(`${response.status()} POST ${path} ${form.slice(0, 200)}`);
    }
  }
  return failures;
}

test.describe.configure({ timeout: 300_000 });

for (const locale of ["de", "en"] as const) {
  test(`every form action (${locale}) as a guest: never 5xx, the server stays up`, async ({
    request,
    baseURL,
  }) => {
    const failures = await postAll(request, baseURL as string, locale, locale === "de" ? 16 : 61);
    expect(failures).toEqual([]);
    expect((await request.get("/healthz")).status()).toBe(200);
  });
}

test("every form action signed in: never 5xx, the server stays up", async ({
  request,
  baseURL,
}) => {
  // A visitor of its own: the account's forms change the password, the email, delete the account.
  const email = uniqueEmail("fuzz");
  const password = "fuzz-passwort-1";
  const registered = await request.post("/api/v1/register", {
    data: { name: "Fuzz", surname: "Test", email, password, accept_terms: true },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post(pathTo("login", "de"), {
    headers: { origin: baseURL as string },
    form: { email, password },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  const failures = await postAll(request, baseURL as string, "de", 7);
  expect(failures).toEqual([]);
  expect((await request.get("/healthz")).status()).toBe(200);
});

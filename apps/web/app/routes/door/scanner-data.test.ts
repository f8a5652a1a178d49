import { describe, expect, it } from "vitest";
import doorDe from "../../i18n/messages/de/door.json";
import errorsDe from "../../i18n/messages/de/errors.json";
import doorEn from "../../i18n/messages/en/door.json";
import errorsEn from "../../i18n/messages/en/errors.json";
import { doorCookie } from "./door.server";
import { action } from "./scanner-data";

/** A scan posted as the scanner posts it: JSON in the form field `body`, in the page's language. */
const post = (body: string, cookie: string | null, locale: "de" | "en") => {
  const url = new URL(`http://localhost/door-scanner.json?locale=${locale}`);
  const request = new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ body }).toString(),
  });
  return action({ request, url, context: {}, params: {} } as never) as Promise<Response>;
};

describe("POST /door-scanner.json refusals", () => {
  const cookie = `${doorCookie}=door_${"a".repeat(43)}`;
  const cases = [
    { locale: "de", door: doorDe, errors: errorsDe },
    { locale: "en", door: doorEn, errors: errorsEn },
  ] as const;

  it.each(cases)(
    "a malformed scan is 400 validation_failed in the page's language ($locale)",
    async ({ locale, errors }) => {
      for (const body of [JSON.stringify({ scan: { scan_id: "x" } }), "{", "null", "[]"]) {
        const response = await post(body, cookie, locale);
        expect(response.status, body).toBe(400);
        expect(await response.json()).toEqual({
          error: { code: "validation_failed", message: errors.badRequestMessage },
        });
      }
    },
  );

  it.each(cases)(
    "without a door link, 401 in the page's language ($locale)",
    async ({ locale, door }) => {
      const response = await post("{}", null, locale);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: { code: "unauthorized", message: door.noLinkText },
      });
    },
  );
});

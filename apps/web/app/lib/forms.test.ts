import { ApiError, type ErrorCode } from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import { confirmed, formFailure, noticeIn, redirectHere } from "./forms";

const post = (fields: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
};

describe("the tick of a step that cannot be undone", () => {
  it("is there when the checkbox was sent as a browser sends it", () => {
    expect(confirmed(post([["confirm", "on"]]))).toBe(true);
  });

  it("is missing without the field, empty, or with any other value", () => {
    expect(confirmed(post([]))).toBe(false);
    expect(confirmed(post([["confirm", ""]]))).toBe(false);
    expect(confirmed(post([["confirm", "yes"]]))).toBe(false);
    expect(confirmed(post([["confirm", "ON"]]))).toBe(false);
    expect(confirmed(post([["confirmed", "on"]]))).toBe(false);
  });

  it("takes the first value of a repeated field, as the form's own reading does", () => {
    expect(
      confirmed(
        post([
          ["confirm", "on"],
          ["confirm", "off"],
        ]),
      ),
    ).toBe(true);
    expect(
      confirmed(
        post([
          ["confirm", "off"],
          ["confirm", "on"],
        ]),
      ),
    ).toBe(false);
  });

  it("is not a file sent under that name", () => {
    const form = new FormData();
    form.append("confirm", new Blob(["on"]), "confirm.txt");
    expect(confirmed(form)).toBe(false);
  });
});

describe("the notice after a post (post, redirect, get)", () => {
  const redirected = (url: string, notice: string) => {
    try {
      redirectHere(new URL(url), notice);
    } catch (thrown) {
      return thrown as Response;
    }
    throw new Error("no redirect");
  };

  it("goes back to the same page with its other parameters, replacing an older notice", () => {
    const response = redirected(
      "http://localhost/panel/veranstalter?status=pending&q=B%C3%BChne&notice=reject",
      "approve",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "/panel/veranstalter?status=pending&q=B%C3%BChne&notice=approve",
    );
  });

  it("stays on this site whatever the address's host", () => {
    const location = redirected("http://evil.example/panel/bestellungen/4", "resend").headers.get(
      "location",
    );
    expect(location).toBe("/panel/bestellungen/4?notice=resend");
  });

  it("is read only when it is one of the page's own", () => {
    const url = (query: string) => new URL(`http://localhost/panel/bestellungen/4${query}`);
    expect(noticeIn(url("?notice=refund"), ["resend", "refund"])).toBe("refund");
    expect(noticeIn(url("?notice=approve"), ["resend", "refund"])).toBeNull();
    expect(noticeIn(url("?notice="), ["resend", "refund"])).toBeNull();
    expect(noticeIn(url(""), ["resend", "refund"])).toBeNull();
  });
});

describe("a form's failure from the API", () => {
  const body = (code: ErrorCode, message: string, fields?: Record<string, string>) => ({
    error: { code, message, ...(fields ? { fields } : {}) },
  });

  it("keeps what was typed, with the API's message and field messages", () => {
    const error = new ApiError(400, body("validation_failed", "Bitte prüfen", { name: "Fehlt" }));
    expect(formFailure(error, ["name", "email"], { name: "", email: "a@b.de" })).toEqual({
      ok: false,
      message: "Bitte prüfen",
      fields: { name: "Fehlt" },
      values: { name: "", email: "a@b.de" },
    });
  });

  it("shows a 503's message (try again), and sends any other server error to the error page", () => {
    const unavailable = new ApiError(503, body("service_unavailable", "Gleich noch einmal"));
    expect(formFailure(unavailable, ["name"], { name: "Erika" }).message).toBe(
      "Gleich noch einmal",
    );
    // Without the API's error body (a proxy's 503, a server shutting down): the error page.
    const bare = new ApiError(503, null);
    expect(() => formFailure(bare, ["name"], {})).toThrow(bare);
    const broken = new ApiError(500, body("internal_error", "Fehler"));
    expect(() => formFailure(broken, ["name"], {})).toThrow(broken);
    const other = new Error("network");
    expect(() => formFailure(other, ["name"], {})).toThrow(other);
  });
});

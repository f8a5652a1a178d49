import { renderToString } from "react-dom/server";
import { data, MemoryRouter } from "react-router";
import { IntlProvider } from "use-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import de from "../i18n/messages/de/errors.json";
import en from "../i18n/messages/en/errors.json";
import { ErrorPage } from "./error-page";

/** The error page for an error thrown at `path`, as a production or development build shows it. */
function page(error: unknown, path: string, locale: "de" | "en" = "de") {
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <IntlProvider
        locale={locale}
        timeZone="Europe/Berlin"
        messages={{ errors: locale === "de" ? de : en }}
      >
        <ErrorPage error={error} />
      </IntlProvider>
    </MemoryRouter>,
  );
}

/** What `data()` thrown from a loader reaches the boundary as. */
const response = (status: number, text: unknown) => {
  const { init, data: body } = data(text, { status });
  return { status: init?.status, statusText: "", internal: false, data: body };
};

afterEach(() => vi.unstubAllEnvs());

describe("the error page", () => {
  it("shows a 404's title, status, message and description", () => {
    const html = page(response(404, "Page not found: /nirgends"), "/nirgends");
    expect(html).toContain("Page Not Found");
    expect(html).toContain("Fehler 404");
    expect(html).toContain("Page not found: /nirgends");
    expect(html).toContain(de.notFoundDescription);
  });

  it("in production, shows a 500 with a message of its own, never the error's text", () => {
    vi.stubEnv("DEV", false);
    const html = page(new Error("relation users: password_hash"), "/en/events", "en");
    expect(html).toContain("Internal Server Error");
    expect(html).toContain("Error 500");
    expect(html).toContain(en.serverErrorMessage);
    expect(html).toContain(en.serverErrorDescription);
    expect(html).not.toContain("password_hash");
  });

  it("shows a refused request's message in the visitor's language, not the thrown text", () => {
    for (const [status, key] of [
      [400, "badRequestMessage"],
      [403, "forbiddenMessage"],
    ] as const) {
      const german = page(response(status, "Cross-site form submission refused"), "/kontakt");
      expect(german).toContain(`Fehler ${status}`);
      expect(german).toContain(de[key]);
      expect(german).not.toContain("Cross-site");
      const english = page(response(status, null), "/en/contact", "en");
      expect(english).toContain(en[key]);
    }
    // Thrown without a text (a malformed post), a 400 is not the server's failure.
    expect(page(response(400, null), "/konto/einlass")).not.toContain(de.serverErrorMessage);
  });

  it("in development, shows the error's text as the message", () => {
    vi.stubEnv("DEV", true);
    expect(page(new Error("loader broke"), "/")).toContain("loader broke");
  });
});

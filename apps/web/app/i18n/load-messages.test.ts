import { afterEach, describe, expect, it, vi } from "vitest";
import { loadMessages, messagesAt, messagesPath } from "./page-messages";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The browser's fetch answering `status` with `body`. */
const answering = (status: number, body: unknown = {}) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json(body, { status })),
  );

describe("loading a page's messages in the browser", () => {
  it("keeps them for the page", async () => {
    answering(200, { common: { siteTagline: "Tickets" } });
    const path = messagesPath("de", "home");
    await loadMessages(path);
    expect(messagesAt(path)).toEqual({ common: { siteTagline: "Tickets" } });
  });

  it("warns of messages missing for the language, and logs the failed loading", async () => {
    answering(404, "Not found");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const path = messagesPath("en", "faq");
    await expect(loadMessages(path)).rejects.toThrow(path);
    expect(warn).toHaveBeenCalledWith("Could not find messages for locale code", path);
    expect(error).toHaveBeenCalledWith("Failed locale loading", expect.any(Error));
  });

  it("logs a failed loading without the missing-messages warning when the network fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(loadMessages(messagesPath("de", "faq"))).rejects.toThrow("Failed to fetch");
    expect(warn).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith("Failed locale loading", expect.any(TypeError));
  });
});

import { describe, expect, it } from "vitest";
import { loadWebConfig } from "./config.server";

describe("PUBLIC_MAINTENANCE", () => {
  it('is "true" unless set, so that a fresh install shows the app', () => {
    expect(loadWebConfig({}).PUBLIC_MAINTENANCE).toBe("true");
  });

  it('keeps any value it is given, an empty one included (every value but "true" shows the overlay)', () => {
    expect(loadWebConfig({ PUBLIC_MAINTENANCE: "true" }).PUBLIC_MAINTENANCE).toBe("true");
    expect(loadWebConfig({ PUBLIC_MAINTENANCE: "false" }).PUBLIC_MAINTENANCE).toBe("false");
    expect(loadWebConfig({ PUBLIC_MAINTENANCE: "" }).PUBLIC_MAINTENANCE).toBe("");
  });

  it("keeps its empty value, while other empty settings count as unset", () => {
    const config = loadWebConfig({
      PUBLIC_URL: "",
      GUEST_PAGE_CACHE_SECONDS: "",
      PUBLIC_MAINTENANCE: "",
    });
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(config.GUEST_PAGE_CACHE_SECONDS).toBe(5);
  });
});

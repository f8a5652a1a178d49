import { describe, expect, it } from "vitest";
import { localeCookie } from "./locale-cookie";

describe("a locale cookie written in the browser", () => {
  it("lasts a year on the whole site, SameSite=Lax, without Secure unless configured", () => {
    expect(localeCookie("i18n_redirected", "en", false)).toBe(
      "i18n_redirected=en; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });

  it("is Secure when the configuration asks for it", () => {
    expect(localeCookie("active_lang", "de", true)).toBe(
      "active_lang=de; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
  });
});

import { createTranslator } from "use-intl";
import { describe, expect, it } from "vitest";
import { allCatalogues } from "./messages.server";

/** Every key of a nested catalogue as a dotted path. */
function keys(messages: unknown, prefix = ""): string[] {
  if (typeof messages !== "object" || messages === null) return [prefix];
  return Object.entries(messages).flatMap(([key, value]) =>
    keys(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe("message catalogues", () => {
  it("German and English have exactly the same keys", () => {
    expect(keys(allCatalogues.en).sort()).toEqual(keys(allCatalogues.de).sort());
    expect(keys(allCatalogues.de).length).toBeGreaterThan(50);
  });

  it.each(["de", "en"] as const)("every %s message is valid ICU and non-empty", (locale) => {
    const errors: string[] = [];
    const t = createTranslator({
      locale,
      messages: allCatalogues[locale],
      onError: (error) => errors.push(error.message),
      getMessageFallback: ({ key }) => `!${key}`,
    });
    for (const key of keys(allCatalogues[locale])) {
      // Parameters are filled with placeholders: the check is that every message parses.
      const text = (t as unknown as (key: string, values: Record<string, unknown>) => string)(
        key,
        new Proxy(
          {},
          {
            get: (_, name) => (typeof name === "string" ? `[${name}]` : undefined),
            has: () => true,
          },
        ),
      );
      expect(text.trim(), key).not.toBe("");
    }
    expect(errors.filter((message) => !message.includes("FORMATTING_ERROR"))).toEqual([]);
  });
});

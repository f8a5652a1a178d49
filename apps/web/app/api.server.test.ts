import { afterEach, describe, expect, it, vi } from "vitest";
import { serverClient } from "./api.server";

afterEach(() => vi.unstubAllGlobals());

describe("serverClient", () => {
  it("asks the API for uncompressed answers, with the caller's token and language", async () => {
    const seen: Request[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return Response.json({ data: [] });
    });
    await serverClient({ token: "visitor-token", locale: "en" }).langs();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get("accept-encoding")).toBe("identity");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer visitor-token");
    expect(seen[0]!.headers.get("x-localization")).toBe("en");
  });
});

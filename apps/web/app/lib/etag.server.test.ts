import { describe, expect, it } from "vitest";
import { conditional, withEtag } from "./etag.server";

const page = (body: string, cacheControl: string, status = 200) =>
  new Response(body, {
    status,
    headers: { "cache-control": cacheControl, "content-type": "text/html", vary: "Cookie" },
  });

const get = (headers: Record<string, string> = {}) =>
  new Request("http://shop.example/veranstaltungen", { headers });

describe("ETags of public pages", () => {
  it("tags a public page by its body", async () => {
    const one = await withEtag(page("<h1>A</h1>", "public, max-age=60"));
    const same = await withEtag(page("<h1>A</h1>", "public, max-age=60"));
    const other = await withEtag(page("<h1>B</h1>", "public, max-age=60"));
    expect(one.headers.get("etag")).toMatch(/^W\/"[\w-]{27}"$/);
    expect(same.headers.get("etag")).toBe(one.headers.get("etag"));
    expect(other.headers.get("etag")).not.toBe(one.headers.get("etag"));
    expect(await one.text()).toBe("<h1>A</h1>");
  });

  it("tags pages that differ only in their script nonce alike", async () => {
    const rendered = (nonce: string, text = "Ä") =>
      withEtag(
        new Response(`<script nonce="${nonce}">1</script><p>${text}</p><style nonce="${nonce}">`, {
          headers: {
            "cache-control": "public, max-age=60",
            "content-security-policy": `script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'`,
          },
        }),
      );
    const one = (await rendered("bm9uY2Ux")).headers.get("etag");
    expect(one).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await rendered("b3RoZXIy")).headers.get("etag")).toBe(one);
    expect((await rendered("b3RoZXIy", "Ö")).headers.get("etag")).not.toBe(one);
    expect(await (await rendered("bm9uY2Ux")).text()).toContain('nonce="bm9uY2Ux"');
  });

  it("leaves personal pages and errors untagged", async () => {
    expect((await withEtag(page("x", "private, no-store"))).headers.has("etag")).toBe(false);
    expect((await withEtag(page("x", "public, max-age=60", 404))).headers.has("etag")).toBe(false);
    expect((await withEtag(new Response("x"))).headers.has("etag")).toBe(false);
  });

  it("answers 304 with the validators when If-None-Match names the tag", async () => {
    const tagged = await withEtag(page("<h1>A</h1>", "public, max-age=60"));
    const etag = tagged.headers.get("etag")!;
    const notModified = conditional(get({ "if-none-match": `"x", ${etag}` }), tagged.clone());
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(notModified.headers.get("cache-control")).toBe("public, max-age=60");
    expect(notModified.headers.get("vary")).toBe("Cookie");
    expect(notModified.headers.has("content-type")).toBe(false);

    const changed = conditional(get({ "if-none-match": 'W/"older"' }), tagged.clone());
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe("<h1>A</h1>");
    expect(conditional(get(), tagged).status).toBe(200);
  });
});

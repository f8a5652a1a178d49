import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LazyImage, storageUrl } from "./lazy-image";

const html = (element: ReactElement) => renderToString(element);

describe("LazyImage", () => {
  it("renders below the fold lazily, sized, with the skeleton classes until it has loaded", () => {
    const out = html(
      <LazyImage
        src="covers/concert-640.webp"
        relativeToApi
        alt="Konzert"
        width={640}
        height={360}
        srcSet="covers/concert-320.webp 320w, covers/concert-640.webp 640w"
        sizes="(min-width: 768px) 33vw, 100vw"
      />,
    );
    expect(out).toContain('src="/storage/covers/concert-640.webp"');
    expect(out).toContain(
      'srcSet="/storage/covers/concert-320.webp 320w, /storage/covers/concert-640.webp 640w"',
    );
    expect(out).toContain('alt="Konzert"');
    expect(out).toContain('width="640"');
    expect(out).toContain('height="360"');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('decoding="async"');
    expect(out).toMatch(/class="lazyLoad isLoading\b/);
    expect(out).not.toContain("isLoaded");
  });

  it("loads above the fold at once and keeps paths that are not the API's", () => {
    const out = html(
      <LazyImage src="/share-image.png" lazy={false} alt="" width={1200} height={630} />,
    );
    expect(out).toContain('src="/share-image.png"');
    expect(out).not.toContain("loading=");
    expect(out).not.toContain("fetchPriority");
    expect(out).toContain('alt=""');
  });

  it("asks for the page's main image first", () => {
    const out = html(
      <LazyImage src="/share-image.png" lazy={false} priority alt="" width={1200} height={630} />,
    );
    expect(out).toContain('fetchPriority="high"');
    expect(out).not.toContain("loading=");
  });

  it("prefixes storage paths only when they are relative", () => {
    expect(storageUrl("flags/de.svg")).toBe("/storage/flags/de.svg");
    expect(storageUrl("/flags/de.svg")).toBe("/flags/de.svg");
    expect(storageUrl("https://cdn.example/x.webp")).toBe("https://cdn.example/x.webp");
  });
});

import { useEffect, useRef, useState } from "react";

/** Where the API serves uploaded files and images (`apps/api`: `storagePrefix`). */
export const storagePrefix = "/storage/";

/** A path under the storage prefix, or a `srcset` whose every candidate is one. */
export function storageUrl(path: string): string {
  return /^(https?:)?\/\//.test(path) || path.startsWith("/")
    ? path
    : storagePrefix + path.replace(/^\/+/, "");
}

const storageSrcSet = (srcSet: string) =>
  srcSet
    .split(",")
    .map((candidate) => {
      const [url = "", ...descriptor] = candidate.trim().split(/\s+/);
      return [storageUrl(url), ...descriptor].join(" ");
    })
    .join(", ");

type LazyImageProps = {
  src: string;
  /** The paths are relative to the API's storage: they get the `/storage/` prefix. */
  relativeToApi?: boolean;
  /** Below the fold: the browser loads it when it comes near the viewport. */
  lazy?: boolean;
  /**
   * The page's main image above the fold (its largest paint): fetched at high priority, ahead
   * of the page's other images. One per page, or the hint means nothing.
   */
  priority?: boolean;
  alt: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  className?: string;
};

/**
 * The lazy image: width and height always set (no layout shift), native lazy loading with
 * asynchronous decoding below the fold, and a skeleton (`lazyLoad isLoading`) until the image has
 * loaded (`isLoaded`). Above-the-fold images pass `lazy={false}`, the page's main one `priority`.
 */
export function LazyImage({
  src,
  relativeToApi = false,
  lazy = true,
  priority = false,
  alt,
  srcSet,
  sizes,
  width,
  height,
  className = "",
}: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);

  // An image that finished before hydration fired its load event before React listened.
  useEffect(() => {
    if (ref.current?.complete && ref.current.naturalWidth > 0) setLoaded(true);
  }, []);

  return (
    <img
      ref={ref}
      src={relativeToApi ? storageUrl(src) : src}
      srcSet={srcSet ? (relativeToApi ? storageSrcSet(srcSet) : srcSet) : undefined}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
      fetchPriority={priority ? "high" : undefined}
      onLoad={() => setLoaded(true)}
      className={`lazyLoad ${loaded ? "isLoaded" : "isLoading"} ${className}`}
    />
  );
}

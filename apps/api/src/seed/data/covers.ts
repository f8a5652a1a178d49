/**
 * The bundled cover artwork (drawn by `apps/api/scripts/covers.ts`): for every event category
 * `coverVariants` pictures, each as WebP in `coverWidths`, 16:9, served under the storage prefix
 * as `covers/<category>-<variant>-<width>.webp`. Events store the base name `<category>-<variant>`;
 * a category's own artwork is its variant 1.
 */
export const coverDir = "covers";
export const coverWidths = [320, 640, 960] as const;
export type CoverWidth = (typeof coverWidths)[number];
export const coverVariants = 4;
/** The width used as `src` when a page does not ask for another. */
export const defaultCoverWidth: CoverWidth = 640;
export const coverHeight = (width: number) => Math.round((width * 9) / 16);

/** English category slugs, which are also the categories' `image` base names. */
export const coverCategories = [
  "concerts",
  "festivals",
  "theatre",
  "comedy",
  "sports",
  "family",
  "exhibitions",
  "workshops",
  "nightlife",
  "conferences",
] as const;
export type CoverCategory = (typeof coverCategories)[number];

export const coverName = (category: string, variant: number) => `${category}-${variant}`;

/** Every cover base name, e.g. `concerts-3`. */
export const coverNames: string[] = coverCategories.flatMap((category) =>
  Array.from({ length: coverVariants }, (_, index) => coverName(category, index + 1)),
);

/** The cover of a category's overview tile: its variant 1. */
export const categoryCoverName = (image: string) => coverName(image, 1);

/** Path of one size under the storage prefix, e.g. `covers/concerts-3-640.webp`. */
export const coverPath = (name: string, width: number) => `${coverDir}/${name}-${width}.webp`;

/**
 * The image of a cover as the API exposes it (`src`, `srcset`, `width`, `height`); `base` is
 * prepended to every path (e.g. the storage prefix `/storage/`).
 */
export function coverImage(name: string, options: { width?: CoverWidth; base?: string } = {}) {
  const width = options.width ?? defaultCoverWidth;
  const base = options.base ?? "";
  return {
    src: `${base}${coverPath(name, width)}`,
    srcset: coverWidths.map((w) => `${base}${coverPath(name, w)} ${w}w`).join(", "),
    width,
    height: coverHeight(width),
  };
}

import type { SVGProps } from "react";
import type { IconName } from "./icon-names";
// Never inlined as a data: URL, which `<use>` refuses to load.
import spriteUrl from "./icon-sprite.svg?no-inline";

export type { IconName };
export { spriteUrl as iconSpriteUrl };

/**
 * A decorative lucide icon, drawn from the bundled sprite (`icon-sprite.svg`) instead of from
 * JavaScript; the text next to it says what it means. Size and colour come from `className`.
 */
export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

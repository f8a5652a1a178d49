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
export function Icon({ name, className, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  // Stroke and fill come from the `icon` class (app.css), which is shorter than the attributes.
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      {...props}
      className={className ? `icon ${className}` : "icon"}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

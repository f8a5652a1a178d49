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
  // Size (1rem unless a size class says otherwise), stroke and fill come from the `icon` class
  // (app.css), which is shorter than the attributes: 19 icons on an event page.
  return (
    <svg aria-hidden="true" {...props} className={className ? `icon ${className}` : "icon"}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

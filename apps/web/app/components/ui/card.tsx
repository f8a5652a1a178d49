import type { HTMLAttributes } from "react";

/** The card surface: white (near-black in dark mode) with a light border and rounded corners. */
export const cardClass = "card";

/**
 * A card that is a link or holds the link of its title: its border takes the brand colour on
 * hover. Add the focus ring that fits: `focus-within:` for a card holding a link.
 */
export const hoverCardClass = `${cardClass} card-hover`;

/** A card that is itself a link, with the keyboard focus ring. */
export const linkCardClass = `${hoverCardClass} focus-ring`;

/** A card: the element it is (a section, a list item…), its padding and layout from `className`. */
export function Card({
  as: Element = "div",
  className = "",
  ...props
}: HTMLAttributes<HTMLElement> & {
  as?: "div" | "section" | "aside" | "article" | "li" | "ul";
}) {
  return <Element className={`${cardClass} ${className}`} {...props} />;
}

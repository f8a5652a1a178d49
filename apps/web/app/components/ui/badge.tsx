import type { ReactNode } from "react";

/**
 * The colours of a badge: soft ones beside text, solid ones over a picture (they must stay
 * readable on any cover).
 */
const badgeTone = {
  positive: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  neutral: "bg-neutral-200 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100",
  primary: "bg-primary-100 text-primary-900 dark:bg-primary-950 dark:text-primary-100",
  solidDanger: "bg-red-700 text-white",
  solidMuted: "bg-neutral-700 text-white dark:bg-neutral-600",
  solidStrong: "bg-neutral-900 text-white dark:bg-neutral-100 dark:text-neutral-900",
  solidPrimary: "bg-primary-800 text-white",
} as const;
export type BadgeTone = keyof typeof badgeTone;

/** A short status in a pill (on sale, sold out, cancelled). */
export function Badge({
  tone,
  size = "md",
  className = "",
  children,
}: {
  tone: BadgeTone;
  size?: "sm" | "md";
  /** Placement only (e.g. over a cover). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`badge ${size === "sm" ? "badge-sm " : ""}${badgeTone[tone]}${className ? ` ${className}` : ""}`}
    >
      {children}
    </span>
  );
}
